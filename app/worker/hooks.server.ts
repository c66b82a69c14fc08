import { requestSiteQuantitySync } from "#app/modules/billing/stripe-events.server";
import { onSiteCountChange } from "#app/modules/workspaces/site-count-hooks.server";

let wired = false;

/**
 * Registers what one area does when another changes, so neither imports the other: billing makes the
 * subscription's quantity follow a workspace's site count (docs/decisions/046). Server start-up calls
 * this before the first request; a second call changes nothing.
 */
export function wireAreaHooks() {
  if (wired) return;
  wired = true;
  onSiteCountChange((db, workspaceId, change) => requestSiteQuantitySync(db, workspaceId, change));
}
