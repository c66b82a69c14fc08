import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";
import type { LedgerEntry, ResearchSnapshot } from "./types";

/** What an article was written from and its claim ledger (docs/decisions/058-research.md). */

export type ArticleResearch = { snapshot: ResearchSnapshot; sources: LedgerEntry[]; updatedAt: string };

export async function getArticleResearch(db: DB, siteId: string, articleId: string): Promise<ArticleResearch | null> {
  const row = await db
    .selectFrom("article_research")
    .select(["snapshot", "sources", "updated_at"])
    .where("article_id", "=", articleId)
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return {
      snapshot: JSON.parse(row.snapshot) as ResearchSnapshot,
      sources: JSON.parse(row.sources) as LedgerEntry[],
      updatedAt: row.updated_at,
    };
  } catch {
    return null;
  }
}

export async function saveArticleResearch(
  db: DB,
  siteId: string,
  articleId: string,
  research: { snapshot: ResearchSnapshot; sources: LedgerEntry[] },
  now = new Date(),
) {
  const values = {
    snapshot: JSON.stringify(research.snapshot),
    sources: JSON.stringify(research.sources),
    updated_at: isoNow(now),
  };
  await db
    .insertInto("article_research")
    .values({ article_id: articleId, site_id: siteId, ...values })
    .onConflict((oc) => oc.column("article_id").doUpdateSet(values))
    .execute();
}
