import { inTransaction, type DB } from "#app/db/client.server";
import { slugify } from "#app/utils/text";
import { rehomeHostedPublications } from "#app/modules/publishing/connections.server";
import { freeBlogSlug, setBlogSlug } from "#app/modules/workspaces/accounts.server";
import { moveBlogAddress } from "#app/modules/workspaces/blog-address.server";
import type { Actor } from "#app/modules/workspaces/sites.server";
import { getEnv } from "#app/env.server";
import { hasPublicHostedPost } from "./queries.server";
import { blogAddress, movedPostUrl } from "./urls";

/**
 * A new site's blog address starts as my-website-xxxxxx; once onboarding learns
 * the brand name it follows it (northwind-coffee-xxxxxx), but only while no post
 * is public on the blog: after that, links and search results point at the
 * address and it never changes again. Returns the slug in force.
 */
export async function followBrandName(db: DB, siteId: string, brandName: string) {
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", siteId).executeTakeFirst();
  if (!site) return null;
  const base = slugify(brandName, "").slice(0, 40);
  // A name of punctuation only would give "blog-…": keep what the site has.
  if (!base) return site.blog_slug;
  if (site.blog_slug && site.blog_slug.startsWith(`${base}-`) && /^-[0-9a-f]{6}$/.test(site.blog_slug.slice(base.length)))
    return site.blog_slug;
  if (await hasPublicHostedPost(db, siteId)) return site.blog_slug;
  const candidate = await freeBlogSlug(db, brandName);
  await setBlogSlug(db, siteId, candidate);
  return candidate;
}

/**
 * The owner's change of a blog's address (docs/decisions/071-blog-address-changes.md): the site takes the new
 * address, the old one answers 301 from then on, and the hosted publications move with it, in one transaction.
 */
export async function changeBlogAddress(db: DB, site: { workspaceId: string; siteId: string }, slug: string, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const moved = await moveBlogAddress(trx, site.workspaceId, site.siteId, slug, actor);
    if (moved.ok) {
      const [from, to] = [blogAddress(getEnv().appUrl, moved.from), blogAddress(getEnv().appUrl, moved.to)];
      await rehomeHostedPublications(trx, site.siteId, (url) => movedPostUrl(from, to, url));
    }
    return moved;
  });
}
