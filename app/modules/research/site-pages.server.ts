import { inTransaction, type DB } from "#app/db/client.server";
import type { SitePage, SitePageKind } from "./types";

/** The site's own pages as the scan read them (docs/decisions/058-research.md). */

function parseList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export async function listSitePages(db: DB, siteId: string): Promise<SitePage[]> {
  const rows = await db.selectFrom("site_pages").selectAll().where("site_id", "=", siteId).orderBy("url").execute();
  return rows.map((row) => ({
    url: row.url,
    kind: row.kind as SitePageKind,
    title: row.title,
    summary: row.summary,
    facts: parseList<string>(row.facts),
    faq: parseList<{ question: string; answer: string }>(row.faq),
    fetchedAt: row.fetched_at,
  }));
}

/** Replaces the site's pages with a fresh read, in one transaction. */
export async function replaceSitePages(db: DB, siteId: string, pages: SitePage[]) {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("site_pages").where("site_id", "=", siteId).execute();
    for (const page of pages) {
      await trx
        .insertInto("site_pages")
        .values({
          site_id: siteId,
          url: page.url,
          kind: page.kind,
          title: page.title,
          summary: page.summary,
          facts: JSON.stringify(page.facts),
          faq: JSON.stringify(page.faq),
          fetched_at: page.fetchedAt,
        })
        .onConflict((oc) => oc.columns(["site_id", "url"]).doNothing())
        .execute();
    }
  });
}
