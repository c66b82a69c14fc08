import type { DB } from "#app/db/client.server";
import type { CmsPlatform } from "#app/db/schema";
import { blogAddressOf } from "#app/modules/hosted-blog/address.server";
import type { BlogAddress } from "#app/modules/hosted-blog/urls";
import { followIndexing } from "./inspection.server";
import { indexNowEnabled, queueIndexNow } from "./indexnow.server";
import { submitSitemapSoon } from "./sitemap.server";

/** The change of a URL that no longer answers. */
const REMOVED = "removed";
/** The change of a post that now answers at its blog's new address. */
const MOVED = "moved";

/** A post's address under the blog's current one (a draft's remote URL is the editor's; an older address redirects). */
function isPostUrlOf(address: BlogAddress | null, url: string) {
  return Boolean(address && url.startsWith(`${address.origin}${address.basePath}/`));
}

/**
 * What the publish engine calls once a post is live (or updated): IndexNow and the sitemap for the hosted blog,
 * whose key we own; URL Inspection for any post whose URL lies in the site's Search Console property. A customer's
 * own platform is never announced with our key: IndexNow keys vouch for one host, and that host is not ours.
 * Never throws: the publication is already recorded.
 */
export async function announceLivePost(
  db: DB,
  post: {
    publicationId: string;
    siteId: string;
    platform: CmsPlatform;
    url: string;
    change: string;
    publishedAt: string;
    /** Where the post was before this publish (remote_url), if anywhere. */
    previousUrl?: string | null;
  },
  log: (level: "info" | "warn", stage: string, detail: string) => Promise<void>,
  now = new Date(),
) {
  try {
    if (post.platform === "hosted") {
      if (indexNowEnabled() && (await queueIndexNow(db, post.siteId, post.url, post.change, now))) {
        await log("info", "indexnow.queued", post.url);
      }
      // A new slug moved the post: its old address answers no more.
      if (
        indexNowEnabled() &&
        post.previousUrl &&
        post.previousUrl !== post.url &&
        isPostUrlOf(await blogAddressOf(db, post.siteId), post.previousUrl)
      ) {
        await queueIndexNow(db, post.siteId, post.previousUrl, REMOVED, now);
      }
      await submitSitemapSoon(db, post.siteId, now);
    }
    await followIndexing(db, { id: post.publicationId, siteId: post.siteId, url: post.url, publishedAt: post.publishedAt }, now);
  } catch (error) {
    await log("warn", "indexing", `could not tell search engines: ${error instanceof Error ? error.message : String(error)}`).catch(
      () => {},
    );
  }
}

/**
 * Before an article is deleted: its public hosted-blog URL is announced as gone (IndexNow takes added, updated
 * and deleted URLs alike), in the caller's transaction so the announcement exists exactly when the deletion does.
 */
export async function announceRemovedPost(db: DB, siteId: string, articleId: string, now = new Date()) {
  if (!indexNowEnabled()) return;
  const rows = await db
    .selectFrom("publications as p")
    .innerJoin("cms_connections as c", "c.id", "p.connection_id")
    .select("p.remote_url")
    .where("p.site_id", "=", siteId)
    .where("p.article_id", "=", articleId)
    .where("c.platform", "=", "hosted")
    .where("c.status", "!=", "disconnected")
    .where("p.status", "=", "published")
    .where("p.mode", "=", "live")
    .execute();
  for (const row of rows) if (row.remote_url) await queueIndexNow(db, siteId, row.remote_url, REMOVED, now);
}

/**
 * After the hosted blog moved to (or from) its own domain: every public post is announced at its new URL, with
 * the key now served there, and the new address's sitemap is submitted (docs/decisions/076).
 */
export async function announceMovedBlog(db: DB, siteId: string, now = new Date()) {
  if (indexNowEnabled()) {
    const rows = await db
      .selectFrom("publications as p")
      .innerJoin("cms_connections as c", "c.id", "p.connection_id")
      .select("p.remote_url")
      .where("p.site_id", "=", siteId)
      .where("c.platform", "=", "hosted")
      .where("c.status", "!=", "disconnected")
      .where("p.status", "=", "published")
      .where("p.mode", "=", "live")
      .where("p.remote_url", "is not", null)
      .execute();
    for (const row of rows) await queueIndexNow(db, siteId, row.remote_url!, MOVED, now);
  }
  await submitSitemapSoon(db, siteId, now);
}
