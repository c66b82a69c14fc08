import { inTransaction, type DB } from "#app/db/client.server";
import { logger } from "#app/utils/logger.server";
import { HOUR, isoNow, MINUTE } from "#app/utils/time";
import { BacklinkDataError, type Backlink, type BacklinkDataProvider, type BacklinkSummary } from "./provider.server";

/**
 * "Backlinks to your site": the provider's last answer is kept per site
 * (backlink_data), so viewing the page never costs a request; "Refresh" asks again
 * at most once an hour per site (each request is billed, and the provider's index
 * changes slowly). A failed request counts too, keeps the last good data, and is
 * logged with its correlation id, which the page shows as a reference.
 * docs/decisions/039-backlink-data-and-link-failures.md.
 */

const REFRESH_INTERVAL_MS = HOUR;

/** The domain the provider is asked about: the site's host without www., or null when the site has no usable address. */
export function backlinkTarget(siteUrl: string | null): string | null {
  if (!siteUrl) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl}`);
    const host = url.hostname.toLowerCase().replace(/^www\./, "");
    return host.includes(".") ? host : null;
  } catch {
    return null;
  }
}

type BacklinkSnapshot = {
  target: string;
  requestedAt: string;
  fetchedAt: string | null;
  summary: BacklinkSummary | null;
  links: Backlink[];
  referringDomainsListed: number;
  /** The last request failed (after fetchedAt, if any): when, and the correlation id in the log. */
  error: { at: string; id: string } | null;
};

/** The kept answer for the site's current target, or null when nothing was asked for it yet. */
async function getBacklinkSnapshot(db: DB, siteId: string, target: string): Promise<BacklinkSnapshot | null> {
  const row = await db.selectFrom("backlink_data").selectAll().where("site_id", "=", siteId).executeTakeFirst();
  // Data for the site's former address says nothing about the current one.
  if (!row || row.target !== target) return null;
  const links = row.links ? (JSON.parse(row.links) as { items: Backlink[]; total: number }) : { items: [], total: 0 };
  return {
    target: row.target,
    requestedAt: row.requested_at,
    fetchedAt: row.fetched_at,
    summary: row.summary ? (JSON.parse(row.summary) as BacklinkSummary) : null,
    links: links.items,
    referringDomainsListed: links.total,
    error:
      row.error_at && row.error_id && (!row.fetched_at || row.error_at >= row.fetched_at) ? { at: row.error_at, id: row.error_id } : null,
  };
}

export type RefreshResult =
  { ok: true } | { ok: false; reason: "too_soon"; retryAfterMinutes: number } | { ok: false; reason: "provider"; correlationId: string };

/**
 * Asks the provider for the target's backlinks and keeps the answer, unless the site
 * asked within the last hour (for the same target). The claim is taken in a
 * transaction before the request, so two clicks at once make one request.
 */
export async function refreshBacklinkData(
  db: DB,
  siteId: string,
  target: string,
  provider: BacklinkDataProvider,
  { correlationId, now = new Date() }: { correlationId: string; now?: Date },
): Promise<RefreshResult> {
  const claim = await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom("backlink_data").select(["target", "requested_at"]).where("site_id", "=", siteId).executeTakeFirst();
    if (row && row.target === target) {
      const waitMs = new Date(row.requested_at).getTime() + REFRESH_INTERVAL_MS - now.getTime();
      if (waitMs > 0)
        return { ok: false as const, reason: "too_soon" as const, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / MINUTE)) };
    }
    const requestedAt = isoNow(now);
    if (row && row.target === target) {
      await trx.updateTable("backlink_data").set({ requested_at: requestedAt }).where("site_id", "=", siteId).execute();
    } else {
      // A new target starts clean: the former address's figures must not show under the new one.
      await trx
        .insertInto("backlink_data")
        .values({ site_id: siteId, target, requested_at: requestedAt })
        .onConflict((oc) =>
          oc.column("site_id").doUpdateSet({
            target,
            requested_at: requestedAt,
            fetched_at: null,
            summary: null,
            links: null,
            error_at: null,
            error_id: null,
          }),
        )
        .execute();
    }
    return null;
  });
  if (claim) return claim;

  try {
    const report = await provider.report(target, { correlationId });
    await db
      .updateTable("backlink_data")
      .set({
        fetched_at: isoNow(),
        summary: JSON.stringify(report.summary),
        links: JSON.stringify({ items: report.links, total: report.referringDomainsListed }),
        error_at: null,
        error_id: null,
      })
      .where("site_id", "=", siteId)
      .where("target", "=", target)
      .execute();
    return { ok: true };
  } catch (error) {
    if (!(error instanceof BacklinkDataError)) throw error;
    logger.warn({ err: error, siteId, target, provider: provider.name, correlationId }, "backlink data request failed");
    await db
      .updateTable("backlink_data")
      .set({ error_at: isoNow(), error_id: correlationId })
      .where("site_id", "=", siteId)
      .where("target", "=", target)
      .execute();
    return { ok: false, reason: "provider", correlationId };
  }
}

export type BacklinksToSite =
  | { state: "not_connected" }
  | { state: "no_address" }
  | { state: "ready"; provider: string; target: string; snapshot: BacklinkSnapshot | null; retryAfterMinutes: number | null };

/** What the "Backlinks to your site" part can show: no source, no site address, or the kept data and when Refresh works again. */
export async function backlinksToSite(
  db: DB,
  site: { id: string; url: string | null },
  provider: BacklinkDataProvider | null,
  now = new Date(),
): Promise<BacklinksToSite> {
  if (!provider) return { state: "not_connected" };
  const target = backlinkTarget(site.url);
  if (!target) return { state: "no_address" };
  const snapshot = await getBacklinkSnapshot(db, site.id, target);
  const waitMs = snapshot ? new Date(snapshot.requestedAt).getTime() + REFRESH_INTERVAL_MS - now.getTime() : 0;
  return { state: "ready", provider: provider.name, target, snapshot, retryAfterMinutes: waitMs > 0 ? Math.ceil(waitMs / MINUTE) : null };
}
