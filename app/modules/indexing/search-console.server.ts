import { inTransaction, type DB } from "#app/db/client.server";
import type { SearchConsoleApi } from "#app/modules/search-console/types";
import { addDays, MINUTE, zonedDate, zonedToUtc } from "#app/utils/time";

/**
 * What indexing needs of a site's Search Console connection (docs/decisions/060-search-results.md): the client,
 * the property and the granted scopes. searchConsoleFor reads the connection row; the client for it comes from
 * the one factory set with setSearchConsoleClient (the Search Console area's client at start-up, a fake in tests),
 * so swapping in the area's own searchConsoleFor later touches this file only.
 */

/** The scope that lets us submit sitemaps (the read-only scope does not). */
export const WEBMASTERS_SCOPE = "https://www.googleapis.com/auth/webmasters";

export type SearchConsoleAccess = { api: SearchConsoleApi; property: string; scopes: string[] };
type ClientFactory = (connection: { siteId: string; property: string }) => SearchConsoleApi;

let clientFactory: ClientFactory | null = null;

/** Sets where a connection's client comes from (null: none, so no site counts as connected). */
export function setSearchConsoleClient(factory: ClientFactory | null) {
  clientFactory = factory;
}

/** The site's working Search Console connection with a chosen property, or null. */
export async function searchConsoleFor(db: DB, siteId: string): Promise<SearchConsoleAccess | null> {
  const row = await db
    .selectFrom("search_console_connections")
    .select(["property", "scopes"])
    .where("site_id", "=", siteId)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (!row?.property || !clientFactory) return null;
  return {
    api: clientFactory({ siteId, property: row.property }),
    property: row.property,
    scopes: row.scopes.split(/\s+/).filter(Boolean),
  };
}

/** Whether a URL belongs to the property: 'sc-domain:example.com' covers the domain and its subdomains, a URL-prefix property what starts with it. */
export function propertyCovers(property: string, url: string) {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (property.startsWith("sc-domain:")) {
    const domain = property.slice("sc-domain:".length).toLowerCase();
    const host = target.hostname.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  }
  return target.href.startsWith(property);
}

/** The URL Inspection API's quota per property (developers.google.com/webmaster-tools/limits). */
const INSPECTIONS_PER_DAY = 2_000;
const INSPECTIONS_PER_MINUTE = 600;
/** Google's quota days are Pacific days. */
const QUOTA_TIME_ZONE = "America/Los_Angeles";

function periodsOf(now: Date) {
  const day = zonedDate(now, QUOTA_TIME_ZONE);
  return { day, dayKey: `d:${day}`, minuteKey: `m:${now.toISOString().slice(0, 16)}` };
}

/** When the Pacific day after `now` starts. */
export function nextQuotaDay(now: Date) {
  return zonedToUtc(addDays(periodsOf(now).day, 1), "00:00", QUOTA_TIME_ZONE);
}

export type QuotaTake = { ok: true } | { ok: false; waitMs: number; window: "minute" | "day" };

/**
 * Counts one URL Inspection call against the property's day and minute before it is made (Google counts failed
 * calls too); refuses when either is used up, with how long to wait.
 */
export async function takeInspectionCall(db: DB, property: string, now = new Date()): Promise<QuotaTake> {
  const { dayKey, minuteKey } = periodsOf(now);
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .selectFrom("search_console_calls")
      .select(["period", "calls"])
      .where("property", "=", property)
      .where("period", "in", [dayKey, minuteKey])
      .execute();
    const used = (key: string) => rows.find((r) => r.period === key)?.calls ?? 0;
    if (used(dayKey) >= INSPECTIONS_PER_DAY) return { ok: false, waitMs: nextQuotaDay(now).getTime() - now.getTime(), window: "day" };
    if (used(minuteKey) >= INSPECTIONS_PER_MINUTE) {
      return { ok: false, waitMs: MINUTE - (now.getTime() % MINUTE), window: "minute" };
    }
    for (const period of [dayKey, minuteKey]) {
      await trx
        .insertInto("search_console_calls")
        .values({ property, period, calls: 1 })
        .onConflict((oc) => oc.columns(["property", "period"]).doUpdateSet((eb) => ({ calls: eb("search_console_calls.calls", "+", 1) })))
        .execute();
    }
    // Minute counters are only needed for their minute.
    await trx
      .deleteFrom("search_console_calls")
      .where("property", "=", property)
      .where("period", "like", "m:%")
      .where("period", "<", `m:${new Date(now.getTime() - 5 * MINUTE).toISOString().slice(0, 16)}`)
      .execute();
    return { ok: true };
  });
}

/** Calls counted for the property today (Pacific day). */
export async function inspectionCallsToday(db: DB, property: string, now = new Date()) {
  const row = await db
    .selectFrom("search_console_calls")
    .select("calls")
    .where("property", "=", property)
    .where("period", "=", periodsOf(now).dayKey)
    .executeTakeFirst();
  return row?.calls ?? 0;
}

/**
 * Forgets what indexing learned through a site's Search Console connection (its URL inspections, so the editor no
 * longer says 'Indexed by Google', and its sitemap submissions) when the connection goes (decision 065).
 * The per-property call counts stay: they are Google's quota, not the site's data.
 */
export async function forgetSearchConsoleOfSite(db: DB, siteId: string) {
  await db.deleteFrom("url_inspections").where("site_id", "=", siteId).execute();
  await db.deleteFrom("sitemap_submissions").where("site_id", "=", siteId).execute();
}
