import { inTransaction, type DB } from "#app/db/client.server";
import { RetryLaterError } from "#app/modules/jobs/queue.server";
import { MINUTE } from "#app/utils/time";
import { MAX_FILTER_EXPRESSION, pageFilterLength } from "./client.server";
import * as store from "./store.server";
import {
  dayDate,
  dayNumber,
  type SearchAnalyticsRequest,
  type SearchAnalyticsRow,
  type SearchConsoleApi,
  SearchConsoleQuotaError,
} from "./types";
import { createUrlMatcher } from "./url-match";

/**
 * The steps of a site's import (import.server.ts): (a) the property's totals by date, (b) by page for each day,
 * (c) and (d) by query and by article page and query for each complete week; and the paged, paced, backed-off
 * way each asks Google. Each step writes its rows page by page and moves the progress marker only past what is
 * written whole.
 */

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

const ROW_LIMIT = 25_000;
/** With more page-filter batches than this per week, one unfiltered query (kept to article pages here) costs less. */
const MAX_FILTER_BATCHES = 4;
/** Days per by-page-and-date query. */
const PAGE_DAY_CHUNK = 7;

/** Rows one site's import may fetch and store a day (decision 065); past it the run stops and goes on tomorrow. */
export const ROWS_PER_SITE_PER_DAY = 2_000_000;

/** The day's row budget is spent: the progress is kept and the job is put back for tomorrow. */
export class RowCapReached extends Error {
  override name = "RowCapReached";
}

type Request = Omit<SearchAnalyticsRequest, "rowLimit" | "startRow">;
type EachPage = (
  kind: keyof ImportSummary["calls"],
  request: Request,
  write: (rows: SearchAnalyticsRow[]) => Promise<void>,
) => Promise<void>;

/** Where an import says it waits out a quota (the run's child logger). */
type ImportLog = { info(details: object, message: string): void };

/** One run of a site's import: where it writes, what it counts, and how it asks Google. */
export type ImportRun = { db: DB; siteId: string; summary: ImportSummary; concurrency: number; eachPage: EachPage };

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
  });

/** Spaces calls' starts evenly, so a fast answering Google is not asked more than the quota allows. */
function pacer(callsPerMinute: number) {
  const spacing = MINUTE / callsPerMinute;
  let nextSlot = 0;
  return async () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacing;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

/** Tries a call again on short quota errors (Retry-After, else exponential back-off with jitter); a daily one is thrown. */
function backedOff(summary: ImportSummary, options: ImportOptions, log: ImportLog) {
  const sleep = options.sleep ?? defaultSleep;
  const backoff = options.backoff ?? { attempts: 6, baseMs: 2_000, maxMs: 2 * MINUTE };
  return async function withBackoff<T>(call: () => Promise<T>): Promise<T> {
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
  };
}

/**
 * Hands each page of a request's rows to `write` as it arrives, then asks for the next (waiting out short quota
 * errors): at most one page per call in flight is held. Stops at the day's row cap, writing rows only up to it.
 */
export function pagedQueries(
  api: SearchConsoleApi,
  property: string,
  summary: ImportSummary,
  options: ImportOptions,
  log: ImportLog,
): EachPage {
  const rowLimit = Math.min(options.rowLimit ?? ROW_LIMIT, ROW_LIMIT);
  const pace = pacer(options.callsPerMinute ?? 1_000);
  const withBackoff = backedOff(summary, options, log);
  const callOptions = { correlationId: options.correlationId, signal: options.signal };
  let rowsLeft = options.maxRowsPerDay ?? ROWS_PER_SITE_PER_DAY;
  return async (kind, request, write) => {
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
  };
}

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

/** (a) The property's totals by date from `from`; its newest day is the newest final day. Null: no figures yet. */
export async function importSiteDays(run: ImportRun, from: number, today: string) {
  const { db, siteId, summary } = run;
  const byDate: SearchAnalyticsRow[] = [];
  await run.eachPage("byDate", { startDate: dayDate(from), endDate: today, dimensions: ["date"], dataState: "final" }, async (rows) => {
    byDate.push(...rows);
  });
  const siteRows = byDate.map((r): store.FigureRow => [dayNumber(r.keys[0]!), r.clicks, r.impressions, r.position]);
  const newestFinal = siteRows.reduce((max, r) => Math.max(max, r[0]), -1);
  if (newestFinal < 0) return null;
  await store.replaceSiteDays(db, siteId, from, newestFinal, siteRows);
  summary.rows.siteDays += siteRows.length;
  // The property's first day with figures: a young site's first import skips the empty months before it.
  return { newestFinal, firstDataDay: (await store.firstSiteDay(db, siteId)) ?? from };
}

/** (b) By page and date, a week at a time: a week's rows fit a page or two, and long ranges cost Google more. */
export async function importPageDays(run: ImportRun, range: { from: number; to: number }) {
  const { db, siteId, summary } = run;
  const pages = await store.loadPages(db, siteId);
  const matcher = createUrlMatcher(await store.articleUrls(db, siteId));
  await store.remapPages(db, pages, (url) => matcher.match(url));
  const chunks: number[] = [];
  for (let first = range.from; first <= range.to; first += PAGE_DAY_CHUNK) chunks.push(first);
  const lastOf = (first: number) => Math.min(first + PAGE_DAY_CHUNK - 1, range.to);
  const write = (rows: SearchAnalyticsRow[]) =>
    inTransaction(db, async (trx) => {
      const urls = rows.map((r) => r.keys[0]!);
      await store.internPages(trx, siteId, urls, pages, (url) => matcher.match(url));
      const figures = rows.map((r): store.PageDayRow => [
        pages.get(r.keys[0]!)!.id,
        dayNumber(r.keys[1]!),
        r.clicks,
        r.impressions,
        r.position,
      ]);
      await store.insertPageDays(trx, figures);
      summary.rows.pageDays += rows.length;
    });
  await stepsInOrder(
    chunks,
    run.concurrency,
    async (first) => {
      await store.clearPageDays(db, siteId, first, lastOf(first));
      const request: Request = {
        startDate: dayDate(first),
        endDate: dayDate(lastOf(first)),
        dimensions: ["page", "date"],
        dataState: "final",
      };
      await run.eachPage("byPage", request, write);
    },
    async (first) => {
      summary.daysThrough = lastOf(first);
      await store.updateConnection(db, siteId, { days_imported_through: summary.daysThrough });
    },
  );
  return pages;
}

/** (c) and (d): complete weeks (Monday to Sunday) in the range, by query and by article page and query. */
export async function importWeeks(run: ImportRun, pages: Map<string, store.StoredPage>, range: { from: number; to: number }) {
  const { db, siteId, summary } = run;
  const weeks: number[] = [];
  for (let week = range.from; week <= range.to; week += 7) weeks.push(week);
  const articlePageIds = new Map([...pages].filter(([, p]) => p.articleId !== null).map(([url, p]) => [url, p.id]));
  const queries = await store.loadQueries(db, siteId);
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
      const figures = kept.map(
        (r) => [articlePageIds.get(r.keys[0]!)!, queries.get(r.keys[1]!)!, r.clicks, r.impressions, r.position] as store.PageQueryRow,
      );
      await store.insertPageQueryWeek(trx, week, figures);
      summary.rows.pageQueryWeeks += kept.length;
    });
  // With many filter batches one unfiltered query costs fewer calls (its other pages are dropped as they arrive).
  const batches = filterBatches([...articlePageIds.keys()]);
  const pageFilters: Array<string[] | undefined> = batches.length > MAX_FILTER_BATCHES ? [undefined] : batches;
  const articlePageIdList = [...articlePageIds.values()];
  await stepsInOrder(
    weeks,
    run.concurrency,
    async (week) => {
      const range = { startDate: dayDate(week), endDate: dayDate(week + 6), dataState: "final" as const };
      await store.clearQueryWeek(db, siteId, week);
      await run.eachPage("byQuery", { ...range, dimensions: ["query"] }, writeQueries(week));
      await store.clearPageQueryWeek(db, week, articlePageIdList);
      for (const filter of pageFilters) {
        const request: Request = { ...range, dimensions: ["page", "query"], ...(filter ? { pages: filter } : {}) };
        await run.eachPage("byPageQuery", request, writePageQueries(week));
      }
    },
    async (week) => {
      summary.weeksThrough = week;
      await store.updateConnection(db, siteId, { weeks_imported_through: week });
    },
  );
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
