import { inTransaction, type DB } from "#app/db/client.server";
import type { WorkspaceRole } from "#app/db/schema";
import { recordAudit } from "#app/modules/audit/audit.server";
import { setSessionSite } from "#app/modules/auth/session.server";
import { removeStoredFiles } from "#app/modules/uploads/images.server";
import { unsharedFilesOfSite } from "#app/modules/uploads/stored-images.server";
import { assertPublicDestination, OutboundRequestError } from "#app/utils/http.server";
import { isoNow } from "#app/utils/time";
import { insertSite } from "./accounts.server";
import { beforeSitesLeave } from "./departure-hooks.server";
import { afterSiteCountChange, type SiteCountChange } from "./site-count-hooks.server";

/**
 * A workspace's sites (docs/decisions/043): list, add, rename, delete, and the
 * session's current site. Each function takes the workspace from the signed-in
 * state, never a site id alone. Permissions are checked by the routes
 * (requirePermission); these functions only keep the data consistent.
 */

export type Actor = { userId: string; ip: string | null };

/** A site the user can switch to: every site of every workspace they are a member of. */
export type SiteChoice = { id: string; name: string; workspaceId: string; workspaceName: string; role: WorkspaceRole };

export async function listSitesOfUser(db: DB, userId: string): Promise<SiteChoice[]> {
  return db
    .selectFrom("memberships as m")
    .innerJoin("workspaces as w", "w.id", "m.workspace_id")
    .innerJoin("sites as s", "s.workspace_id", "w.id")
    .select(["s.id", "s.name", "w.id as workspaceId", "w.name as workspaceName", "m.role"])
    .where("m.user_id", "=", userId)
    .orderBy("m.created_at")
    .orderBy("s.created_at")
    .orderBy("s.id")
    .execute();
}

export type SiteRow = { id: string; name: string; url: string | null; blogSlug: string | null; createdAt: string; articleCount: number };

/** The Sites page's list: the workspace's sites, oldest first, with their article counts. */
export async function listSites(db: DB, workspaceId: string): Promise<SiteRow[]> {
  const rows = await db
    .selectFrom("sites as s")
    .select((eb) => [
      "s.id",
      "s.name",
      "s.url",
      "s.blog_slug as blogSlug",
      "s.created_at as createdAt",
      eb.selectFrom("articles as a").select(eb.fn.countAll<number>().as("n")).whereRef("a.site_id", "=", "s.id").as("articleCount"),
    ])
    .where("s.workspace_id", "=", workspaceId)
    .orderBy("s.created_at")
    .orderBy("s.id")
    .execute();
  return rows.map((r) => ({ ...r, articleCount: Number(r.articleCount ?? 0) }));
}

export async function countSites(db: DB, workspaceId: string) {
  const row = await db
    .selectFrom("sites")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function getSite(db: DB, workspaceId: string, siteId: string) {
  return db
    .selectFrom("sites")
    .select(["id", "name", "url"])
    .where("workspace_id", "=", workspaceId)
    .where("id", "=", siteId)
    .executeTakeFirst();
}

/**
 * Makes a site the session's current one, if it belongs to a workspace the user
 * is a member of; false otherwise (nothing changes).
 */
export async function chooseSite(db: DB, sessionId: string, userId: string, siteId: string) {
  const allowed = await db
    .selectFrom("sites as s")
    .innerJoin("memberships as m", "m.workspace_id", "s.workspace_id")
    .select("s.id")
    .where("s.id", "=", siteId)
    .where("m.user_id", "=", userId)
    .executeTakeFirst();
  if (!allowed) return false;
  await setSessionSite(db, sessionId, userId, siteId);
  return true;
}

/** The site's address cannot be fetched (the SSRF guard's refusal, its message safe to show). */
export class SiteUrlError extends Error {
  override name = "SiteUrlError";
}

/**
 * A new site with default settings and its hosted blog; the caller makes it current. Its address is what the scan
 * reads and link checks resolve against, so one the SSRF guard refuses is refused now, in its words (decision 052).
 */
export async function addSite(
  db: DB,
  workspaceId: string,
  site: { name: string; url: string },
  actor: Actor,
  change: SiteCountChange = {},
) {
  try {
    await assertPublicDestination(site.url);
  } catch (error) {
    if (error instanceof OutboundRequestError) throw new SiteUrlError(error.message);
    throw error;
  }
  const siteId = await inTransaction(db, async (trx) => {
    const id = await insertSite(trx, workspaceId, { name: site.name, url: site.url });
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "site.add",
      target: `site:${id}`,
      detail: { name: site.name, url: site.url },
      ip: actor.ip,
    });
    return id;
  });
  await afterSiteCountChange(db, workspaceId, change);
  return siteId;
}

export async function renameSite(db: DB, workspaceId: string, siteId: string, name: string, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const before = await getSite(trx, workspaceId, siteId);
    if (!before) return false;
    await trx
      .updateTable("sites")
      .set({ name, updated_at: isoNow() })
      .where("id", "=", siteId)
      .where("workspace_id", "=", workspaceId)
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "site.rename",
      target: `site:${siteId}`,
      detail: { from: before.name, to: name },
      ip: actor.ip,
    });
    return true;
  });
}

/** Why a site may not be deleted now, or null when it may. */
async function deletionRefused(db: DB, workspaceId: string, siteId: string, confirmName: string) {
  const site = await getSite(db, workspaceId, siteId);
  if (!site) return "not-found" as const;
  if (site.name.trim() !== confirmName.trim()) return "name-mismatch" as const;
  if ((await countSites(db, workspaceId)) <= 1) return "last-site" as const;
  return null;
}

export type DeleteSiteResult = { ok: true; name: string } | { ok: false; reason: "not-found" | "last-site" | "name-mismatch" };

/**
 * Deletes a site with everything it owns (articles, topics, plan, connections,
 * publications, settings, usage: foreign-key cascades) once `confirmName` is its
 * name; the last site of a workspace stays. Its stored files go after the rows,
 * except images another site's article still shows.
 */
export async function deleteSite(
  db: DB,
  workspaceId: string,
  siteId: string,
  confirmName: string,
  actor: Actor,
): Promise<DeleteSiteResult> {
  // What other areas hold for the site at other services goes first (a Search Console grant is revoked: decision 065).
  if ((await deletionRefused(db, workspaceId, siteId, confirmName)) === null) {
    await beforeSitesLeave(db, { siteIds: [siteId], reason: "site-deleted", actor });
  }
  const result = await inTransaction(db, async (trx) => {
    const refused = await deletionRefused(trx, workspaceId, siteId, confirmName);
    if (refused) return { ok: false, reason: refused } as const;
    const site = (await getSite(trx, workspaceId, siteId))!;
    const files = await unsharedFilesOfSite(trx, workspaceId, siteId);
    await trx.deleteFrom("sites").where("id", "=", siteId).where("workspace_id", "=", workspaceId).execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId,
      action: "site.delete",
      target: `site:${siteId}`,
      detail: { name: site.name, url: site.url },
      ip: actor.ip,
    });
    return { ok: true, name: site.name, files } as const;
  });
  if (!result.ok) return result;
  await removeStoredFiles(result.files);
  await afterSiteCountChange(db, workspaceId);
  return { ok: true, name: result.name };
}

/** The site's time zone (the publishing settings choose it). */
export async function setSiteTimeZone(db: DB, siteId: string, timeZone: string) {
  await db.updateTable("sites").set({ timezone: timeZone, updated_at: isoNow() }).where("id", "=", siteId).execute();
}
