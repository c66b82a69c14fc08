import { inTransaction, type DB } from "#app/db/client.server";
import { addDays, MINUTE, zonedDate, zonedToUtc } from "#app/utils/time";

/**
 * The URL Inspection API's quota, counted per property before each call (docs/decisions/060-search-results.md),
 * and what indexing forgets when a site's Search Console connection goes. The connection itself, its client and
 * which URLs a property covers are the Search Console area's (search-console/connection.server.ts).
 */

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
export async function forgetIndexingOfSite(db: DB, siteId: string) {
  await db.deleteFrom("url_inspections").where("site_id", "=", siteId).execute();
  await db.deleteFrom("sitemap_submissions").where("site_id", "=", siteId).execute();
}
