import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { listApiKeys, workspaceSites } from "#app/modules/api/keys.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { can } from "#app/modules/workspaces/permissions";
import { integrationsView } from "#app/modules/publishing/integrations-view.server";

/** The Developer API section: the workspace's keys and sites, for roles that manage keys only. */
async function developerApiData(db: DB, auth: AuthState, url: URL) {
  const canManage = can(auth.role, "api_keys.manage");
  if (!canManage) return { canManage, keys: [], sites: [], revokeId: null, timeZone: auth.site.timeZone };
  const [keys, sites] = await Promise.all([listApiKeys(db, auth.workspace.id), workspaceSites(db, auth.workspace.id)]);
  return { canManage, keys, sites, revokeId: url.searchParams.get("revokeKey"), timeZone: auth.site.timeZone };
}
export type DeveloperApiData = Awaited<ReturnType<typeof developerApiData>>;

/** The Integrations tab's loader data: the view, the hosted blog's address, which dialog the URL opens, and the API keys. */
export async function integrationsTabData(db: DB, auth: AuthState, url: URL) {
  const [view, site, developerApi] = await Promise.all([
    integrationsView(db, { siteId: auth.site.id, role: auth.role }, url.searchParams.get("connect")),
    db.selectFrom("sites").select("blog_slug").where("id", "=", auth.site.id).executeTakeFirst(),
    developerApiData(db, auth, url),
  ]);
  return {
    ...view,
    blogUrl: site?.blog_slug ? `${getEnv().appUrl}/b/${site.blog_slug}` : null,
    disconnectId: url.searchParams.get("disconnect"),
    developerApi,
  };
}
