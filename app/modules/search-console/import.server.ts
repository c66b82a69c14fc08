import { sql } from "kysely";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { enqueue, DeferJobError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { DAY, isoNow, MINUTE, zonedDate } from "#app/utils/time";
import { searchConsoleFor } from "./connection.server";
import {
  importPageDays,
  importSiteDays,
  importWeeks,
  pagedQueries,
  RowCapReached,
  ROWS_PER_SITE_PER_DAY,
  type ImportOptions,
  type ImportRun,
  type ImportSummary,
} from "./import-steps.server";
import { figuresImported } from "./hooks.server";
import * as store from "./store.server";
import { SearchConsoleAccessError, SearchConsoleAuthError, SearchConsoleQuotaError, weekOf } from "./types";

/**
 * The daily import of a site's Search Console figures (docs/decisions/060-search-results.md), within Google's
 * quotas: (a) the property's totals by date, (b) by page for each day, (c) by page and query for each complete
 * week, for the site's article pages only, (d) by query for each complete week. Pages of 25,000 rows; a short
 * quota error waits (Retry-After, else exponential back-off with jitter) and tries again, a daily one saves the
 * progress and puts the job back for tomorrow, refused tokens stop the import until the customer reconnects.
 * The first run reads the 16 months Google keeps; later runs start 3 days before the last imported day (Google
 * revises its latest figures) and end on the newest final day. Stored days and weeks are replaced, so running
 * twice stores the same rows; figures older than 16 months are deleted (the retention). Each page of rows is
 * written as it arrives and a run stops at ROWS_PER_SITE_PER_DAY, going on tomorrow (decision 065).
 */

export const IMPORT_SEARCH_RESULTS_JOB = "import-search-results";
const ImportPayload = z.object({ siteId: z.string().min(1) });

declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [IMPORT_SEARCH_RESULTS_JOB]: z.input<typeof ImportPayload>;
  }
}

/** Google's dates are Pacific time. */
const GOOGLE_TIME_ZONE = "America/Los_Angeles";
/** Google keeps 16 months of search analytics; so do we. */
const RETENTION_MONTHS = 16;
/** Days before the last imported day read again: Google revises the latest final figures. */
const REVISED_DAYS = 3;

/** The oldest day Google still holds: the same date 16 months back. */
export function horizonDay(today: string) {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1 - RETENTION_MONTHS, d) / DAY);
}

/** The first Monday on or after a day. */
const firstMondayFrom = (day: number) => (weekOf(day) === day ? day : weekOf(day) + 7);

export { ROWS_PER_SITE_PER_DAY, type ImportOptions, type ImportSummary } from "./import-steps.server";

const emptySummary = (): ImportSummary => ({
  outcome: "done",
  calls: { byDate: 0, byPage: 0, byPageQuery: 0, byQuery: 0, backoffs: 0 },
  rows: { siteDays: 0, pageDays: 0, pageQueryWeeks: 0, queryWeeks: 0 },
  daysThrough: null,
  weeksThrough: null,
  deleted: 0,
});

export async function importSearchResults(db: DB, siteId: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const summary = emptySummary();
  const connection = await db.selectFrom("search_console_connections").selectAll().where("site_id", "=", siteId).executeTakeFirst();
  if (!connection?.property || connection.status !== "active") return { ...summary, outcome: "no_connection" };
  summary.daysThrough = connection.days_imported_through;
  summary.weeksThrough = connection.weeks_imported_through;
  const log = logger.child({ area: "search-console", siteId, correlationId: options.correlationId });
  try {
    // The one way to a site's client: its sealed tokens, Google's token endpoint from discovery, refreshes stored.
    const api = options.api ?? (await searchConsoleFor(db, siteId))?.api;
    if (!api) return { ...summary, outcome: "no_connection" };
    const eachPage = pagedQueries(api, connection.property, summary, options, log);
    const run: ImportRun = { db, siteId, summary, concurrency: options.concurrency ?? 4, eachPage };
    const today = zonedDate(options.now ?? new Date(), GOOGLE_TIME_ZONE);
    const horizon = horizonDay(today);
    const imported = connection.days_imported_through;
    const from = imported === null ? horizon : Math.max(horizon, imported - REVISED_DAYS);
    const days = await importSiteDays(run, from, today);
    if (days) {
      const pages = await importPageDays(run, { from: imported === null ? Math.max(from, days.firstDataDay) : from, to: days.newestFinal });
      const weeksDone = connection.weeks_imported_through;
      const resume = weeksDone === null ? weekOf(days.firstDataDay) : Math.min(weeksDone + 7, weekOf(from));
      await importWeeks(run, pages, { from: Math.max(firstMondayFrom(horizon), resume), to: weekOf(days.newestFinal - 6) });
    }
    summary.deleted = await store.deleteBefore(db, siteId, horizon, firstMondayFrom(horizon));
    await store.updateConnection(db, siteId, { last_import_at: isoNow(), last_error: null, last_error_at: null });
    if (days) log.info({ calls: summary.calls, rows: summary.rows }, "search console import done");
    return summary;
  } catch (error) {
    return { ...summary, outcome: await recordImportFailure(db, siteId, connection.property, error, options) };
  }
}

/**
 * Records why an import stopped, in words the Integrations card shows, and what it means: reconnect, lost access,
 * the day's row cap or Google's daily quota (both go on tomorrow). Any other error is recorded and thrown.
 */
async function recordImportFailure(db: DB, siteId: string, property: string, error: unknown, options: ImportOptions) {
  if (error instanceof SearchConsoleAuthError) {
    const message = `Google no longer accepts Inkpilot's access to Search Console; connect it again. (${error.message})`;
    await store.recordImportError(db, siteId, message, { status: "needs_reconnect" });
    return "needs_reconnect" as const;
  }
  if (error instanceof SearchConsoleAccessError) {
    const message = `The connected Google account can no longer read ${property} in Search Console. (${error.message})`;
    await store.recordImportError(db, siteId, message);
    return "no_access" as const;
  }
  if (error instanceof RowCapReached) {
    const cap = (options.maxRowsPerDay ?? ROWS_PER_SITE_PER_DAY).toLocaleString("en-US");
    await store.recordImportError(db, siteId, `Today's import reached its limit of ${cap} rows; it goes on tomorrow.`);
    return "row_cap" as const;
  }
  if (error instanceof SearchConsoleQuotaError && error.window === "daily") {
    const message = `Search Console's daily quota is spent; the import goes on tomorrow. (${error.message})`;
    await store.recordImportError(db, siteId, message);
    return "daily_quota" as const;
  }
  if (error instanceof Error && /Malformed secret|Unsupported state|unable to authenticate/i.test(error.message)) {
    const message = "The stored Search Console authorisation cannot be read; connect Search Console again.";
    await store.recordImportError(db, siteId, message, { status: "needs_reconnect" });
    return "needs_reconnect" as const;
  }
  await store.recordImportError(db, siteId, `The Search Console import failed: ${error instanceof Error ? error.message : String(error)}`);
  throw error;
}

/** Milliseconds to the next day at Google (Pacific midnight), with a few minutes' margin. */
function untilTomorrowAtGoogle(now = new Date()) {
  const today = zonedDate(now, GOOGLE_TIME_ZONE);
  for (let ms = HOUR_STEP; ms <= DAY + HOUR_STEP; ms += HOUR_STEP) {
    if (zonedDate(new Date(now.getTime() + ms), GOOGLE_TIME_ZONE) !== today) return ms + 10 * MINUTE;
  }
  return DAY;
}
const HOUR_STEP = 15 * MINUTE;

export const importSearchResultsJob: JobDefinition<typeof ImportPayload> = {
  payload: ImportPayload,
  run: async ({ siteId }, { db, job, signal }) => {
    const summary = await importSearchResults(db, siteId, { signal, correlationId: `search-import:${job.id}` });
    if (summary.outcome === "daily_quota") throw new DeferJobError("Search Console's daily quota is spent", untilTomorrowAtGoogle());
    if (summary.outcome === "row_cap") throw new DeferJobError("The day's row limit for this site is reached", untilTomorrowAtGoogle());
    // What the new figures say (decaying articles, striking distance, gaps) is worked out once they are stored.
    if (summary.outcome === "done") await figuresImported(db, siteId);
  },
};

/** A site's minute of the day for its import, fixed per site so the day's imports spread out. */
function slotOf(siteId: string) {
  let h = 0;
  for (const c of siteId) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return (h >>> 0) % (24 * 60);
}

/** Enqueues one import for a site (at once unless runAt), e.g. right after it is connected. */
async function enqueueSearchImport(db: DB, siteId: string, options: { runAt?: Date; key?: string } = {}) {
  return enqueue(
    db,
    IMPORT_SEARCH_RESULTS_JOB,
    { siteId },
    {
      runAt: options.runAt,
      idempotencyKey: options.key,
      maxAttempts: 4,
      groupKey: `search-console:${siteId}`,
      groupLimit: 1,
      tenant: { siteId },
    },
  );
}

/** The daily sweep: one import a day for every site with an active connection and a property, each at its own minute. */
export async function enqueueDailySearchImports(db: DB, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const due = await db
    .selectFrom("search_console_connections as c")
    .select("c.site_id")
    .where("c.status", "=", "active")
    .where("c.property", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("jobs as j")
            .select("j.id")
            .where("j.name", "=", IMPORT_SEARCH_RESULTS_JOB)
            .where("j.idempotency_key", "=", sql<string>`'search-import:' || c.site_id || ':' || ${day}`),
        ),
      ),
    )
    .execute();
  const midnight = Date.parse(`${day}T00:00:00Z`);
  for (const { site_id } of due) {
    await enqueueSearchImport(db, site_id, {
      runAt: new Date(midnight + slotOf(site_id) * MINUTE),
      key: `search-import:${site_id}:${day}`,
    });
  }
  return due.length;
}
