import type { DB } from "#app/db/client.server";
import type { CmsPlatform, WorkspaceRole } from "#app/db/schema";
import { getEnv } from "#app/env.server";
import { canManageConnections } from "./access";
import { getAdapter } from "./adapters";
import { FORM_PLATFORMS } from "./connect-form";
import { listConnections } from "./connections.server";
import { PLATFORM_CARDS } from "./platforms";

/** Platforms connected through their own sign-in need this server's app credentials first. */
function appConfigured(platform: CmsPlatform) {
  if (platform === "shopify") return getEnv().shopifyEnabled;
  if (platform === "wix") return getEnv().wixEnabled;
  if (platform === "wordpress_com") return !!(getEnv().WORDPRESS_COM_CLIENT_ID && getEnv().WORDPRESS_COM_CLIENT_SECRET);
  return true;
}

/** What the Integrations tab (and the standalone /integrations page) shows; nothing secret. */
export async function integrationsView(db: DB, tenant: { siteId: string; role: WorkspaceRole }, connectParam: string | null) {
  const connections = await listConnections(db, tenant.siteId);
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
