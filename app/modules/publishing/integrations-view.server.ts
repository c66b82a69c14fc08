import type { DB } from "#app/db/client.server";
import type { CmsPlatform, WorkspaceRole } from "#app/db/schema";
import { appCredentials } from "./app-credentials.server";
import { canManageConnections } from "./access";
import { getAdapter } from "./adapters.server";
import { FORM_PLATFORMS } from "./connect-form";
import { listConnections } from "./connections.server";
import { PLATFORM_CARDS } from "./platforms";

/** Platforms connected through their own sign-in need this server's app credentials first (environment or operators' page). */
async function configuredApps(db: DB) {
  const configured = new Set<CmsPlatform>();
  for (const provider of ["shopify", "wix", "wordpress_com"] as const) {
    const { clientId, clientSecret } = await appCredentials(db, provider);
    if (clientId && clientSecret) configured.add(provider);
  }
  return (platform: CmsPlatform) =>
    platform === "shopify" || platform === "wix" || platform === "wordpress_com" ? configured.has(platform) : true;
}

/** What the Integrations tab (and the standalone /integrations page) shows; nothing secret. */
export async function integrationsView(db: DB, tenant: { siteId: string; role: WorkspaceRole }, connectParam: string | null) {
  const connections = await listConnections(db, tenant.siteId);
  const appConfigured = await configuredApps(db);
  const cards = PLATFORM_CARDS.map((card) => {
    const adapter = card.servedBy ? getAdapter(card.servedBy) : null;
    return {
      ...card,
      live: !!adapter,
      configured: card.servedBy ? appConfigured(card.servedBy) : false,
      connectKind: adapter?.facts.connectKind ?? null,
      limitations: adapter?.facts.limitations ?? [],
      supportsDraft: adapter?.facts.supportsDraft ?? false,
    };
  });
  const connectable =
    ((FORM_PLATFORMS as readonly string[]).includes(connectParam ?? "") || (connectParam === "shopify" && appConfigured("shopify"))) &&
    !!getAdapter(connectParam as never);
  return {
    connections,
    cards,
    canManage: canManageConnections(tenant.role),
    connectPlatform: connectable ? (connectParam as (typeof FORM_PLATFORMS)[number] | "shopify") : null,
  };
}

export type IntegrationsView = Awaited<ReturnType<typeof integrationsView>>;
