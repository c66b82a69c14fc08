import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { isoNow } from "#app/utils/time";
import { blogThemeOf, DEFAULT_BLOG_THEME, type BlogThemeId } from "./themes";

/** A blog's theme (blog_appearance, migration 0051; docs/decisions/077-blog-themes.md): read by its pages and the Blog tab. */

export async function blogThemeFor(db: DB, siteId: string): Promise<BlogThemeId> {
  const row = await db.selectFrom("blog_appearance").select("theme").where("site_id", "=", siteId).executeTakeFirst();
  return blogThemeOf(row?.theme) ?? DEFAULT_BLOG_THEME;
}

type Tenant = { workspaceId: string; siteId: string };
type Actor = { userId: string; ip: string | null };

/** Chooses the blog's theme, audited in the same transaction; false when it already was the theme (nothing written). */
export async function setBlogTheme(db: DB, tenant: Tenant, theme: BlogThemeId, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const before = await blogThemeFor(trx, tenant.siteId);
    if (before === theme) return false;
    const values = { theme, updated_by: actor.userId, updated_at: isoNow() };
    await trx
      .insertInto("blog_appearance")
      .values({ site_id: tenant.siteId, ...values })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "blog.theme",
      workspaceId: tenant.workspaceId,
      target: `site:${tenant.siteId}`,
      detail: { from: before, to: theme },
      ip: actor.ip,
    });
    return true;
  });
}
