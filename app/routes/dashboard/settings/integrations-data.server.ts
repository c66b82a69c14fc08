import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { listApiKeys, workspaceSites } from "#app/modules/api/keys.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { webhooksView } from "#app/modules/webhooks/webhooks.server";
import { can } from "#app/modules/auth/permissions";
import { integrationsView } from "#app/modules/publishing/integrations-view.server";
import { searchConsoleCard } from "#app/modules/search-console/connection-view.server";
import { propertyChoices } from "#app/modules/search-console/connection.server";

/** The Developer API section: the workspace's keys and sites, for roles that manage keys only. */
async function developerApiData(db: DB, auth: AuthState, url: URL) {
  const canManage = can(auth.role, "api_keys.manage");
  if (!canManage) return { canManage, keys: [], sites: [], revokeId: null, timeZone: auth.site.timeZone };
  const [keys, sites] = await Promise.all([listApiKeys(db, auth.workspace.id), workspaceSites(db, auth.workspace.id)]);
  return { canManage, keys, sites, revokeId: url.searchParams.get("revokeKey"), timeZone: auth.site.timeZone };
}
export type DeveloperApiData = Awaited<ReturnType<typeof developerApiData>>;

/** The event webhooks section: endpoints and the delivery log, for roles that manage webhooks only. */
async function eventWebhooksData(db: DB, auth: AuthState, url: URL) {
  const canManage = can(auth.role, "webhooks.manage");
  const view = canManage ? await webhooksView(db, auth.workspace.id) : { endpoints: [], deliveries: [] };
  return { canManage, ...view, deleteId: canManage ? url.searchParams.get("deleteWebhook") : null, timeZone: auth.site.timeZone };
}
export type EventWebhooksData = Awaited<ReturnType<typeof eventWebhooksData>>;

/** The Search Console card; the properties to pick from (asked of Google) only while the picker is open. */
async function searchConsoleData(db: DB, auth: AuthState, url: URL) {
  const canManage = can(auth.role, "connections.manage");
  const card = await searchConsoleCard(db, auth.site.id, auth.site.timeZone);
  const dialog = canManage && card.connection ? url.searchParams.get("searchConsole") : null;
  return {
    ...card,
    canManage,
    dialog: dialog === "pick" || dialog === "disconnect" ? dialog : null,
    choices: dialog === "pick" ? await propertyChoices(db, auth.site.id, auth.user.id) : null,
  };
}
export type SearchConsoleData = Awaited<ReturnType<typeof searchConsoleData>>;

/** The Integrations tab's loader data: the view, the hosted blog's address, which dialog the URL opens, API keys and event webhooks. */
export async function integrationsTabData(db: DB, auth: AuthState, url: URL) {
  const [view, site, developerApi, eventWebhooks, searchConsole] = await Promise.all([
    integrationsView(db, { siteId: auth.site.id, role: auth.role }, url.searchParams.get("connect")),
    db.selectFrom("sites").select("blog_slug").where("id", "=", auth.site.id).executeTakeFirst(),
    developerApiData(db, auth, url),
    eventWebhooksData(db, auth, url),
    searchConsoleData(db, auth, url),
  ]);
  return {
    ...view,
    blogUrl: site?.blog_slug ? `${getEnv().appUrl}/b/${site.blog_slug}` : null,
    disconnectId: url.searchParams.get("disconnect"),
    developerApi,
    eventWebhooks,
    searchConsole,
  };
}
