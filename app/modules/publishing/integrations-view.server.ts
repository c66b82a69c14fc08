import type { DB } from "#app/db/client.server";
import type { WorkspaceRole } from "#app/db/schema";
import { canManageConnections } from "./access";
import { getAdapter } from "./adapters";
import { FORM_PLATFORMS } from "./connect-form";
import { listConnections } from "./connections.server";
import { PLATFORM_CARDS } from "./platforms";

/** What the Integrations tab (and the standalone /integrations page) shows; nothing secret. */
export async function integrationsView(db: DB, tenant: { siteId: string; role: WorkspaceRole }, connectParam: string | null) {
  const connections = await listConnections(db, tenant.siteId);
  const cards = PLATFORM_CARDS.map((card) => {
    const adapter = card.servedBy ? getAdapter(card.servedBy) : null;
    return {
      ...card,
      live: !!adapter,
      connectKind: adapter?.facts.connectKind ?? null,
      limitations: adapter?.facts.limitations ?? [],
      supportsDraft: adapter?.facts.supportsDraft ?? false,
    };
  });
  const connectable = (FORM_PLATFORMS as readonly string[]).includes(connectParam ?? "") && !!getAdapter(connectParam as never);
  return {
    connections,
    cards,
    canManage: canManageConnections(tenant.role),
    connectPlatform: connectable ? (connectParam as (typeof FORM_PLATFORMS)[number]) : null,
  };
}

export type IntegrationsView = Awaited<ReturnType<typeof integrationsView>>;
