import { sql } from "kysely";
import { z } from "zod";
import { type DB, inTransaction } from "#app/db/client.server";
import { enqueue, DeferJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { DAY, isoNow, MINUTE, zonedDate } from "#app/utils/time";
import { MAX_FILTER_EXPRESSION, pageFilterLength } from "./client.server";
import { searchConsoleFor } from "./connection.server";
import { figuresImported } from "./hooks.server";
import * as store from "./store.server";
import {
  dayDate,
  dayNumber,
  SearchConsoleAccessError,
  type SearchConsoleApi,
  SearchConsoleAuthError,
  SearchConsoleQuotaError,
  type SearchAnalyticsRequest,
  type SearchAnalyticsRow,
  weekOf,
} from "./types";
import { createUrlMatcher } from "./url-match";

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
const ROW_LIMIT = 25_000;
/** With more page-filter batches than this per week, one unfiltered query (kept to article pages here) costs less. */
const MAX_FILTER_BATCHES = 4;
/** Days per by-page-and-date query. */
const PAGE_DAY_CHUNK = 7;

export type ImportOptions = {
  now?: Date;
  /** The Search Console client; by default one built from the site's sealed tokens. */
  api?: SearchConsoleApi;
  correlationId?: string;
  signal?: AbortSignal;
  /** Calls in flight at once (default 4: well under 1,200 a minute at Google's latency). */
  concurrency?: number;
  /** Short quota errors: tries per call, first wait and longest wait (default 6, 2 s, 2 min). */
  backoff?: { attempts: number; baseMs: number; maxMs: number };
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Rows a call (default and at most 25,000, Google's limit); tests page with fewer. */
  rowLimit?: number;
  /** Calls started a minute at most (default 1,000: under Google's 1,200 a minute per site and per user). */
  callsPerMinute?: number;
  /** Rows fetched and stored in this run at most (default ROWS_PER_SITE_PER_DAY); tests cap lower. */
  maxRowsPerDay?: number;
};

export type ImportSummary = {
  outcome: "done" | "needs_reconnect" | "no_access" | "no_connection" | "daily_quota" | "row_cap";
  calls: { byDate: number; byPage: number; byPageQuery: number; byQuery: number; backoffs: number };
  rows: { siteDays: number; pageDays: number; pageQueryWeeks: number; queryWeeks: number };
  daysThrough: number | null;
  weeksThrough: number | null;
  deleted: number;
};

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** The oldest day Google still holds: the same date 16 months back. */
export function horizonDay(today: string) {
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1 - RETENTION_MONTHS, d) / DAY);
}

/** The first Monday on or after a day. */
const firstMondayFrom = (day: number) => (weekOf(day) === day ? day : weekOf(day) + 7);

/** Runs `fn` over items, `concurrency` at a time; the first error stops new work and is thrown once the rest settle. */
async function runPool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < items.length) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
}

/** Rows one site's import may fetch and store a day (decision 065); past it the run stops and goes on tomorrow. */
export const ROWS_PER_SITE_PER_DAY = 2_000_000;

/** The day's row budget is spent: the progress is kept and the job is put back for tomorrow. */
class RowCapReached extends Error {
  override name = "RowCapReached";
}

/**
 * Runs steps `concurrency` at a time (each writes its rows page by page as they arrive) and calls `done` with the
 * last of the steps finished without a gap before it, so the progress marker never passes a step still being
 * written: an interruption (a daily quota, the row cap, a crash) leaves the marker before any half-written step,
 * and the next run, which starts at the marker, writes that step again whole.
 */
async function stepsInOrder<T>(steps: T[], concurrency: number, run: (step: T) => Promise<void>, done: (step: T) => Promise<void>) {
  const finished = new Set<T>();
  let next = 0;
  await runPool(steps, concurrency, async (step) => {
    await run(step);
    finished.add(step);
    let last: T | undefined;
    while (next < steps.length && finished.has(steps[next]!)) last = steps[next++]!;
    if (last !== undefined) await done(last);
  });
}

export async function importSearchResults(db: DB, siteId: string, options: ImportOptions = {}): Promise<ImportSummary> {
  const summary: ImportSummary = {
    outcome: "done",
    calls: { byDate: 0, byPage: 0, byPageQuery: 0, byQuery: 0, backoffs: 0 },
    rows: { siteDays: 0, pageDays: 0, pageQueryWeeks: 0, queryWeeks: 0 },
    daysThrough: null,
    weeksThrough: null,
    deleted: 0,
  };
  const connection = await db.selectFrom("search_console_connections").selectAll().where("site_id", "=", siteId).executeTakeFirst();
  if (!connection?.property || connection.status !== "active") return { ...summary, outcome: "no_connection" };
  const property = connection.property;
  const log = logger.child({ area: "search-console", siteId, correlationId: options.correlationId });
  const sleep = options.sleep ?? defaultSleep;
  const backoff = options.backoff ?? { attempts: 6, baseMs: 2_000, maxMs: 2 * MINUTE };
  const concurrency = options.concurrency ?? 4;
  const rowLimit = Math.min(options.rowLimit ?? ROW_LIMIT, ROW_LIMIT);
  const spacing = MINUTE / (options.callsPerMinute ?? 1_000);
  let nextSlot = 0;
  /** Spaces the calls' starts evenly, so a fast answering Google is not asked more than the quota allows. */
  const pace = async () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacing;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
  const callOptions = { correlationId: options.correlationId, signal: options.signal };
  summary.daysThrough = connection.days_imported_through;
  summary.weeksThrough = connection.weeks_imported_through;

  let rowsLeft = options.maxRowsPerDay ?? ROWS_PER_SITE_PER_DAY;
  /**
   * Hands each page of a request's rows to `write` as it arrives, then asks for the next (waiting out short quota
   * errors): at most one page per call in flight is held. Stops at the day's row cap, writing rows only up to it.
   */
  async function eachPage(
    api: SearchConsoleApi,
    kind: keyof ImportSummary["calls"],
    request: Omit<SearchAnalyticsRequest, "rowLimit" | "startRow">,
    write: (rows: SearchAnalyticsRow[]) => Promise<void>,
  ) {
    for (let startRow = 0; ; startRow += rowLimit) {
      if (rowsLeft <= 0) throw new RowCapReached();
      const page = await withBackoff(async () => {
        await pace();
        summary.calls[kind]++;
        return api.query(property, { ...request, rowLimit, startRow }, callOptions);
      });
      const kept = page.length > rowsLeft ? page.slice(0, rowsLeft) : page;
      rowsLeft -= kept.length;
      if (kept.length) await write(kept);
      if (kept.length < page.length) throw new RowCapReached();
      if (page.length < rowLimit) return;
    }
  }
  async function withBackoff<T>(call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof SearchConsoleQuotaError) || error.window === "daily") throw error;
        if (attempt >= backoff.attempts) throw new RetryLaterError(error.message, 15 * MINUTE, { cause: error });
        const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** (attempt - 1));
        const wait = error.retryAfterMs ?? exponential / 2 + Math.random() * (exponential / 2);
        summary.calls.backoffs++;
        log.info({ attempt, wait }, "search console quota: waiting");
        await sleep(wait, options.signal);
      }
    }
  }

  try {
    // The one way to a site's client: its sealed tokens, Google's token endpoint from discovery, refreshes stored.
    const api = options.api ?? (await searchConsoleFor(db, siteId))?.api;
    if (!api) return { ...summary, outcome: "no_connection" };
    const today = zonedDate(options.now ?? new Date(), GOOGLE_TIME_ZONE);
    const horizon = horizonDay(today);
    const from = connection.days_imported_through === null ? horizon : Math.max(horizon, connection.days_imported_through - REVISED_DAYS);

    // (a) The property's totals by date; its newest day is the newest final day.
    const byDate: SearchAnalyticsRow[] = [];
    await eachPage(api, "byDate", { startDate: dayDate(from), endDate: today, dimensions: ["date"], dataState: "final" }, async (rows) => {
      byDate.push(...rows);
    });
    const siteRows = byDate.map((r): store.FigureRow => [dayNumber(r.keys[0]!), r.clicks, r.impressions, r.position]);
    const newestFinal = siteRows.reduce((max, r) => Math.max(max, r[0]), -1);
    if (newestFinal < 0) {
      summary.deleted = await store.deleteBefore(db, siteId, horizon, firstMondayFrom(horizon));
      await store.updateConnection(db, siteId, { last_import_at: isoNow(), last_error: null, last_error_at: null });
      return summary;
    }
    await store.replaceSiteDays(db, siteId, from, newestFinal, siteRows);
    // The property's first day with figures: a young site's first import skips the empty months before it.
    const firstDataDay = (await store.firstSiteDay(db, siteId)) ?? from;
    summary.rows.siteDays += siteRows.length;

    // (b) By page and date, a week at a time: a week's rows fit a page or two, and long ranges cost Google more.
    const pages = await store.loadPages(db, siteId);
    const matcher = createUrlMatcher(await store.articleUrls(db, siteId));
    await store.remapPages(db, pages, (url) => matcher.match(url));
    const chunks: number[] = [];
    const chunkFrom = connection.days_imported_through === null ? Math.max(from, firstDataDay) : from;
    for (let first = chunkFrom; first <= newestFinal; first += PAGE_DAY_CHUNK) chunks.push(first);
    const lastOf = (first: number) => Math.min(first + PAGE_DAY_CHUNK - 1, newestFinal);
    await stepsInOrder(
      chunks,
      concurrency,
      async (first) => {
        await store.clearPageDays(db, siteId, first, lastOf(first));
        const request: Omit<SearchAnalyticsRequest, "rowLimit" | "startRow"> = {
          startDate: dayDate(first),
          endDate: dayDate(lastOf(first)),
          dimensions: ["page", "date"],
          dataState: "final",
        };
        await eachPage(api, "byPage", request, (rows) =>
          inTransaction(db, async (trx) => {
            await store.internPages(
              trx,
              siteId,
              rows.map((r) => r.keys[0]!),
              pages,
              (url) => matcher.match(url),
            );
            await store.insertPageDays(
              trx,
              rows.map((r) => [pages.get(r.keys[0]!)!.id, dayNumber(r.keys[1]!), r.clicks, r.impressions, r.position]),
            );
            summary.rows.pageDays += rows.length;
          }),
        );
      },
      async (first) => {
        summary.daysThrough = lastOf(first);
        await store.updateConnection(db, siteId, { days_imported_through: summary.daysThrough });
      },
    );

    // (c) and (d): complete weeks (Monday to Sunday) up to the newest final day.
    const firstWeek = firstMondayFrom(horizon);
    const lastWeek = weekOf(newestFinal - 6);
    const resumeWeek =
      connection.weeks_imported_through === null ? firstWeek : Math.min(connection.weeks_imported_through + 7, weekOf(from));
    const weeks: number[] = [];
    const weekFrom = Math.max(firstWeek, resumeWeek, connection.weeks_imported_through === null ? weekOf(firstDataDay) : firstWeek);
    for (let week = weekFrom; week <= lastWeek; week += 7) weeks.push(week);
    const articlePages = [...pages].filter(([, p]) => p.articleId !== null);
    const articlePageIds = new Map(articlePages.map(([url, p]) => [url, p.id]));
    const batches = filterBatches(articlePages.map(([url]) => url));
    const queries = await store.loadQueries(db, siteId);
    const articlePageIdList = [...articlePageIds.values()];
    const writeQueries = (week: number) => (rows: SearchAnalyticsRow[]) =>
      inTransaction(db, async (trx) => {
        await store.internQueries(
          trx,
          siteId,
          rows.map((r) => r.keys[0]!),
          queries,
        );
        await store.insertQueryWeek(
          trx,
          week,
          rows.map((r) => [queries.get(r.keys[0]!)!, r.clicks, r.impressions, r.position]),
        );
        summary.rows.queryWeeks += rows.length;
      });
    const writePageQueries = (week: number) => (rows: SearchAnalyticsRow[]) =>
      inTransaction(db, async (trx) => {
        const kept = rows.filter((r) => articlePageIds.has(r.keys[0]!));
        await store.internQueries(
          trx,
          siteId,
          kept.map((r) => r.keys[1]!),
          queries,
        );
        await store.insertPageQueryWeek(
          trx,
          week,
          kept.map((r) => [articlePageIds.get(r.keys[0]!)!, queries.get(r.keys[1]!)!, r.clicks, r.impressions, r.position]),
        );
        summary.rows.pageQueryWeeks += kept.length;
      });
    // With many filter batches one unfiltered query costs fewer calls (its other pages are dropped as they arrive).
    const pageFilters: Array<string[] | undefined> = batches.length > MAX_FILTER_BATCHES ? [undefined] : batches;
    await stepsInOrder(
      weeks,
      concurrency,
      async (week) => {
        const range = { startDate: dayDate(week), endDate: dayDate(week + 6), dataState: "final" as const };
        await store.clearQueryWeek(db, siteId, week);
        await eachPage(api, "byQuery", { ...range, dimensions: ["query"] }, writeQueries(week));
        await store.clearPageQueryWeek(db, week, articlePageIdList);
        for (const filter of pageFilters)
          await eachPage(
            api,
            "byPageQuery",
            { ...range, dimensions: ["page", "query"], ...(filter ? { pages: filter } : {}) },
            writePageQueries(week),
          );
      },
      async (week) => {
        summary.weeksThrough = week;
        await store.updateConnection(db, siteId, { weeks_imported_through: week });
      },
    );

    summary.deleted = await store.deleteBefore(db, siteId, horizon, firstWeek);
    await store.updateConnection(db, siteId, { last_import_at: isoNow(), last_error: null, last_error_at: null });
    log.info({ calls: summary.calls, rows: summary.rows }, "search console import done");
    return summary;
  } catch (error) {
    if (error instanceof SearchConsoleAuthError) {
      await store.recordImportError(
        db,
        siteId,
        `Google no longer accepts Inkpilot's access to Search Console; connect it again. (${error.message})`,
        {
          status: "needs_reconnect",
        },
      );
      return { ...summary, outcome: "needs_reconnect" };
    }
    if (error instanceof SearchConsoleAccessError) {
      await store.recordImportError(
        db,
        siteId,
        `The connected Google account can no longer read ${property} in Search Console. (${error.message})`,
      );
      return { ...summary, outcome: "no_access" };
    }
    if (error instanceof RowCapReached) {
      const cap = (options.maxRowsPerDay ?? ROWS_PER_SITE_PER_DAY).toLocaleString("en-US");
      await store.recordImportError(db, siteId, `Today's import reached its limit of ${cap} rows; it goes on tomorrow.`);
      return { ...summary, outcome: "row_cap" };
    }
    if (error instanceof SearchConsoleQuotaError && error.window === "daily") {
      await store.recordImportError(db, siteId, `Search Console's daily quota is spent; the import goes on tomorrow. (${error.message})`);
      return { ...summary, outcome: "daily_quota" };
    }
    if (error instanceof Error && /Malformed secret|Unsupported state|unable to authenticate/i.test(error.message)) {
      await store.recordImportError(db, siteId, "The stored Search Console authorisation cannot be read; connect Search Console again.", {
        status: "needs_reconnect",
      });
      return { ...summary, outcome: "needs_reconnect" };
    }
    await store.recordImportError(
      db,
      siteId,
      `The Search Console import failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    throw error;
  }
}

/** Article page URLs in groups whose page filter stays under Google's expression limit. */
function filterBatches(urls: string[]) {
  const batches: string[][] = [];
  let current: string[] = [];
  let length = 4;
  for (const url of urls) {
    const add = pageFilterLength(url);
    if (current.length && length + add > MAX_FILTER_EXPRESSION) {
      batches.push(current);
      current = [];
      length = 4;
    }
    current.push(url);
    length += add;
  }
  if (current.length) batches.push(current);
  return batches;
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
