import type { DB } from "#app/db/client.server";
import type { LinkStatus } from "#app/db/schema";
import type { LinkCheckState } from "./content-checks";

/**
 * The SEO panel's view of the Backlinks page's link checks (read from the
 * links table the backlinks module keeps): per href of one article, whether
 * it answered. Unchecked links are left out, so the score calls them unverified.
 */

const STATE: Record<Exclude<LinkStatus, "unchecked">, LinkCheckState> = {
  ok: "ok",
  redirect: "ok",
  broken: "unreachable",
  blocked: "unreachable",
  error: "unreachable",
};

export async function linkChecksOfArticle(db: DB, siteId: string, articleId: string | null | undefined) {
  const checks: Record<string, LinkCheckState> = {};
  if (!articleId) return checks;
  const rows = await db
    .selectFrom("links")
    .select(["url", "status"])
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .execute();
  for (const row of rows) if (row.status !== "unchecked") checks[row.url] = STATE[row.status];
  return checks;
}
