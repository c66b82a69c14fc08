import { enqueueReadyChecks } from "#app/modules/autopilot/autopilot.server";
import { requestSiteQuantitySync } from "#app/modules/billing/stripe-events.server";
import { onGenerationSettled } from "#app/modules/generation/progress-events.server";
import { onBlogAddressMoved } from "#app/modules/hosted-blog/address-change.server";
import { announceMovedBlog } from "#app/modules/indexing/announce.server";
import { forgetIndexingOfSite } from "#app/modules/indexing/inspection-quota.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { clearFindings } from "#app/modules/results/findings.server";
import { queueFindingDetection } from "#app/modules/results/jobs.server";
import { onConnectionForgotten, onFiguresImported } from "#app/modules/search-console/hooks.server";
import { onSiteCountChange } from "#app/modules/workspaces/site-count-hooks.server";
import { releaseGrantsOfMember, revokeGrantsOfSites } from "#app/modules/search-console/grant.server";
import { onMemberLeaving, onSitesLeaving } from "#app/modules/workspaces/departure-hooks.server";

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
  // Auto-pilot checks its day's article as soon as the writer is done (Ready or Held within seconds, decision 059).
  onGenerationSettled(async (db, generationId) => {
    if (await enqueueReadyChecks(db, generationId)) notifyWorker();
  });
  // New search figures are read for findings; a connection's going takes findings and indexing's records with it
  // (decisions 060, 065, 072).
  onFiguresImported((db, siteId) => queueFindingDetection(db, siteId));
  onConnectionForgotten(clearFindings);
  onConnectionForgotten(forgetIndexingOfSite);
  // A Search Console grant is its member's: revoked before its sites go and when that member leaves (decision 065).
  onSitesLeaving(revokeGrantsOfSites);
  onMemberLeaving(releaseGrantsOfMember);
  // A blog that starts or stops answering at its own domain is announced to search engines there (decision 076).
  onBlogAddressMoved((db, siteId) => announceMovedBlog(db, siteId));
}
