import type { DB } from "#app/db/client.server";
import type { ArticleStatus } from "#app/db/schema";
import { isoNow } from "#app/utils/time";

/**
 * The article's state as the areas that drive it change it: generation (writing, back to what it was), publishing
 * (scheduled, publishing, then whatever its publications say) and link checks (a stale SEO score). The article's
 * fields go through mutations.server.ts; this area owns the articles table (tests/architecture/table-owners.test.ts).
 */

/** A regeneration starts, or ends and gives the article back the status it had (scoped by site). */
export async function setArticleStatus(db: DB, siteId: string, articleId: string, status: ArticleStatus) {
  await db
    .updateTable("articles")
    .set({ status, updated_at: isoNow() })
    .where("id", "=", articleId)
    .where("site_id", "=", siteId)
    .execute();
}

/** A publication was requested: the article waits for its time, or goes out now. */
export async function markArticlePublishing(db: DB, articleId: string, { scheduledAt, at }: { scheduledAt: string | null; at: string }) {
  await db
    .updateTable("articles")
    .set({ status: scheduledAt ? "scheduled" : "publishing", scheduled_at: scheduledAt, updated_at: at })
    .where("id", "=", articleId)
    .execute();
}

/** The status its publications add up to, with the first time it went out; a schedule is kept only while still scheduled. */
export async function settleArticlePublishState(
  db: DB,
  articleId: string,
  { status, publishedAt }: { status: ArticleStatus; publishedAt: string | null },
) {
  await db
    .updateTable("articles")
    .set({ status, published_at: publishedAt, ...(status === "scheduled" ? {} : { scheduled_at: null }) })
    .where("id", "=", articleId)
    .execute();
}

/** The demo's live posts went out over past weeks, not when the seed ran. */
export async function backdateArticlePublished(db: DB, articleId: string, stamp: string) {
  await db.updateTable("articles").set({ published_at: stamp, updated_at: stamp }).where("id", "=", articleId).execute();
}

/**
 * The SEO score counts unverified and unreachable links, so the site's articles with this link are scored again
 * the next time the list shows them (articles.seo_basis, docs/decisions/038).
 */
export async function forgetScoresOfArticlesLinkingTo(db: DB, siteId: string, url: string) {
  await db
    .updateTable("articles")
    .set({ seo_basis: null })
    .where("site_id", "=", siteId)
    .where("id", "in", db.selectFrom("links").select("article_id").where("site_id", "=", siteId).where("url", "=", url))
    .execute();
}
