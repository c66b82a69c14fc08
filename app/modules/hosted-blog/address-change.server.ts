import type { DB } from "#app/db/client.server";
import { rehomeHostedPublications } from "#app/modules/publishing/connections.server";
import { movedPostUrl, type BlogAddress } from "./urls";

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

/** Moves the blog's recorded post URLs from one address to the other (in the transaction that changes it). */
export async function moveBlogPosts(db: DB, siteId: string, from: BlogAddress, to: BlogAddress) {
  await rehomeHostedPublications(db, siteId, (url) => movedPostUrl(from, to, url));
}

/** Tells the other areas, after the move is committed. */
export async function blogAddressMoved(db: DB, siteId: string) {
  for (const hook of moved) await hook(db, siteId);
}
