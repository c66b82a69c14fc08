import type { DB } from "#app/db/client.server";
import { logger } from "#app/utils/logger.server";

/**
 * What other modules do when a workspace gains or loses a site: billing makes
 * the subscription's quantity follow (docs/decisions/046), registered at server
 * start-up by app/worker/hooks.server.ts so workspaces never imports billing;
 * tests add their own with onSiteCountChange. sites.server.ts calls
 * afterSiteCountChange after the change is committed. A failing callback is
 * logged and never undoes the change or stops the others.
 */

/** prorationDate: the time of the charge the customer agreed to when adding a site (billing charges exactly that). */
export type SiteCountChange = { prorationDate?: number };
export type SiteCountHook = (db: DB, workspaceId: string, change: SiteCountChange) => Promise<void> | void;

const hooks: SiteCountHook[] = [];

/** Adds a callback; returns a function that removes it (tests). */
export function onSiteCountChange(hook: SiteCountHook) {
  hooks.push(hook);
  return () => {
    const at = hooks.indexOf(hook);
    if (at >= 0) hooks.splice(at, 1);
  };
}

export async function afterSiteCountChange(db: DB, workspaceId: string, change: SiteCountChange = {}) {
  for (const hook of hooks) {
    try {
      await hook(db, workspaceId, change);
    } catch (error) {
      logger.error({ err: error, workspaceId }, "site count hook failed");
    }
  }
}
