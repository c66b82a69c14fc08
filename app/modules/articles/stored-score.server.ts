import type { DB } from "#app/db/client.server";
import { runOnCpuWorker } from "#app/modules/cpu/pool.server";
import { logger } from "#app/utils/logger.server";
import { linkChecksOfArticle } from "./link-checks.server";
import { getSeoContext } from "./mutations.server";
import { seoBasis } from "./stored-score";

/**
 * Keeps the list's stored SEO scores fresh (decision 038). Every save recomputes score and word count
 * (mutations.server.ts); what a save cannot see is a later change of the site's content settings or of
 * the scorer, and rows written before migration 0012 or by a direct insert. Those rows are scored again
 * here, a page at a time (at most ARTICLES_PER_PAGE rows), on the CPU workers so the event loop stays free.
 */

export type ScoredRow = { id: string; seoScore: number | null; wordCount: number; seoBasis: string | null };

export async function freshenStoredScores<T extends ScoredRow>(db: DB, siteId: string, rows: T[]): Promise<T[]> {
  if (rows.length === 0) return rows;
  const context = await getSeoContext(db, siteId);
  const basis = seoBasis(context);
  const stale = rows.filter((row) => row.seoBasis !== basis || row.seoScore === null);
  if (stale.length === 0) return rows;
  const sources = await db
    .selectFrom("articles")
    .select(["id", "title", "meta_description", "target_keyword", "content_html", "updated_at"])
    .where("site_id", "=", siteId)
    .where(
      "id",
      "in",
      stale.map((row) => row.id),
    )
    .execute();
  const fresh = new Map<string, { seoScore: number; wordCount: number }>();
  await Promise.all(
    sources.map(async (source) => {
      try {
        const analysis = await runOnCpuWorker({
          kind: "analyse-article",
          request: {
            // Stored content was sanitized when it was written.
            html: source.content_html,
            sanitize: false,
            seo: {
              ...context,
              linkChecks: await linkChecksOfArticle(db, siteId, source.id),
              title: source.title,
              metaDescription: source.meta_description,
              keyword: source.target_keyword,
            },
          },
        });
        const seoScore = analysis.seoScore ?? 0;
        // Not an edit: updated_at stays, and a save that landed meanwhile (it scored itself) is not overwritten.
        await db
          .updateTable("articles")
          .set({ seo_score: seoScore, word_count: analysis.wordCount, seo_basis: basis })
          .where("site_id", "=", siteId)
          .where("id", "=", source.id)
          .where("updated_at", "=", source.updated_at)
          .execute();
        fresh.set(source.id, { seoScore, wordCount: analysis.wordCount });
      } catch (error) {
        // The stored figures stay on show; the next list load tries again.
        logger.warn({ err: error, articleId: source.id }, "articles list: rescoring an article failed");
      }
    }),
  );
  return rows.map((row) => {
    const update = fresh.get(row.id);
    return update ? { ...row, ...update, seoBasis: basis } : row;
  });
}
