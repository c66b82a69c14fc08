import type { DB } from "#app/db/client.server";
import { linkChecksForArticle } from "#app/modules/backlinks/queries.server";
import type { LinkCheckState } from "./content-checks";

/**
 * The SEO panel's view of the Backlinks page's link checks: per href of one
 * article, whether it answered. Unchecked links are left out, so the score
 * calls them unverified.
 */
export async function linkChecksOfArticle(db: DB, siteId: string, articleId: string | null | undefined) {
  const checks: Record<string, LinkCheckState> = {};
  if (!articleId) return checks;
  for (const link of await linkChecksForArticle(db, siteId, articleId)) {
    if (link.ok !== null) checks[link.url] = link.ok ? "ok" : "unreachable";
  }
  return checks;
}
