import type { DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { isoNow } from "#app/utils/time";

/**
 * A site's hosted-blog address and its former ones (docs/decisions/071-blog-address-changes.md). The address is the
 * slug of /b/<slug>/; each one a site leaves keeps answering 301 to the current one (blog_slug_redirects), and
 * stays the site's: no other blog may take an address that still redirects.
 */

export type BlogAddressMove = { ok: true; from: string; to: string } | { ok: false; reason: "not-found" | "taken" | "unchanged" };

/** Whether an address is another site's, current or former. */
export async function blogSlugTaken(db: DB, slug: string, siteId: string | null = null) {
  const [current, former] = await Promise.all([
    db.selectFrom("sites").select("id").where("blog_slug", "=", slug).executeTakeFirst(),
    db.selectFrom("blog_slug_redirects").select("site_id").where("old_slug", "=", slug).executeTakeFirst(),
  ]);
  return Boolean((current && current.id !== siteId) || (former && former.site_id !== siteId));
}

/** Gives a site of the workspace a new blog address, keeping the old one as a redirect; audited. Run in a transaction. */
export async function moveBlogAddress(
  db: DB,
  workspaceId: string,
  siteId: string,
  slug: string,
  actor: { userId: string; ip: string | null },
): Promise<BlogAddressMove> {
  const site = await db
    .selectFrom("sites")
    .select("blog_slug")
    .where("id", "=", siteId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!site?.blog_slug) return { ok: false, reason: "not-found" };
  if (site.blog_slug === slug) return { ok: false, reason: "unchanged" };
  if (await blogSlugTaken(db, slug, siteId)) return { ok: false, reason: "taken" };
  const now = isoNow();
  await db
    .insertInto("blog_slug_redirects")
    .values({ old_slug: site.blog_slug, site_id: siteId, created_at: now })
    .onConflict((oc) => oc.column("old_slug").doUpdateSet({ site_id: siteId, created_at: now }))
    .execute();
  // Taking back a former address: it is current again, no longer a redirect.
  await db.deleteFrom("blog_slug_redirects").where("old_slug", "=", slug).where("site_id", "=", siteId).execute();
  await db.updateTable("sites").set({ blog_slug: slug, updated_at: now }).where("id", "=", siteId).execute();
  await recordAudit(db, {
    actorId: actor.userId,
    workspaceId,
    action: "site.blog_address",
    target: `site:${siteId}`,
    detail: { from: site.blog_slug, to: slug },
    ip: actor.ip,
  });
  return { ok: true, from: site.blog_slug, to: slug };
}

/** The current address of a blog that used to live at `oldSlug`, or null. */
export async function blogSlugNow(db: DB, oldSlug: string) {
  const row = await db
    .selectFrom("blog_slug_redirects as r")
    .innerJoin("sites as s", "s.id", "r.site_id")
    .select("s.blog_slug")
    .where("r.old_slug", "=", oldSlug)
    .executeTakeFirst();
  return row?.blog_slug ?? null;
}
