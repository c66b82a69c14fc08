import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { rehomeHostedPublications } from "#app/modules/publishing/connections.server";
import { logger } from "#app/utils/logger.server";
import { blogAddress, movedPostUrl } from "./urls";

/**
 * When a blog starts or stops answering at its own domain (docs/decisions/076-blog-custom-domains.md): the hosted
 * publications' URLs move with it here, in the caller's transaction, and what other areas registered at start-up
 * (app/worker/hooks.server.ts) runs after, so this area imports none of them: indexing announces the posts at
 * their new URLs.
 */

type AddressHook = (db: DB, siteId: string) => Promise<unknown>;
const moved: AddressHook[] = [];

/** Adds what runs once a blog's posts have moved to a new address. */
export function onBlogAddressMoved(hook: AddressHook) {
  moved.push(hook);
  return () => {
    const at = moved.indexOf(hook);
    if (at >= 0) moved.splice(at, 1);
  };
}

/** An address of the customer's own: a domain served at its root, or a path of their site behind their proxy. */
export type OwnAddress = { hostname: string } | { publicUrl: string };

/**
 * Moves the blog's recorded post URLs from /b/<blog> here to its own address, or back (in the transaction that
 * changes the address).
 */
export async function moveBlogPosts(db: DB, siteId: string, own: OwnAddress, direction: "to-own" | "back-here") {
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", siteId).executeTakeFirst();
  if (!site?.blog_slug) return;
  const here = blogAddress(getEnv().appUrl, site.blog_slug);
  const there =
    "hostname" in own
      ? blogAddress(getEnv().appUrl, site.blog_slug, own.hostname)
      : blogAddress(getEnv().appUrl, site.blog_slug, null, own.publicUrl);
  const [from, to] = direction === "to-own" ? [here, there] : [there, here];
  await rehomeHostedPublications(db, siteId, (url) => movedPostUrl(from, to, url));
}

/**
 * Tells the other areas, after the move is committed. Their part (search engines told of the new URLs) never undoes
 * the move: a failure is logged.
 */
export async function blogAddressMoved(db: DB, siteId: string, correlationId: string) {
  try {
    for (const hook of moved) await hook(db, siteId);
  } catch (error) {
    logger.warn({ err: error, correlationId, siteId }, "could not announce the blog's new address");
  }
}
