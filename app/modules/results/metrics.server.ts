import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { connectionStatus } from "#app/modules/search-console/status.server";
import { dayDate, dayNumber } from "#app/modules/search-console/types";
import { RANGES, type ResultsRange } from "./ranges";

/**
 * The results read model (docs/decisions/060-search-results.md): what the results page, the article panel, the
 * articles list, the digest and the API show of the search_* tables. Every query is scoped to one site: the
 * site's own day rows by (site_id, day), or the site's pages (search_pages.site_id) joined to their day and
 * week rows by their primary keys. Days are the stored day numbers; a period ends on the newest stored day,
 * since Google's figures arrive about two days late.
 */

export type Totals = { clicks: number; impressions: number; ctr: number | null; position: number | null };
export type DayPoint = { day: string; clicks: number; impressions: number; ctr: number | null; position: number | null };
export type Period = { start: number; end: number };
export type Periods = {
  range: ResultsRange;
  current: Period;
  previous: Period;
  dataUntil: string;
  /** Changes whenever the stored figures may have: the newest day and the import's progress and time. */
  version: string;
};
export type Change = { clicks: number | null; impressions: number | null; ctr: number | null; position: number | null };
export type QueryRow = Totals & { query: string };
export type ArticleTotals = { articleId: string; current: Totals; previous: Totals; clicksChange: number | null };

type Sums = { clicks: number | null; impressions: number | null; weighted: number | null };

function totalsOf(row: Sums | undefined): Totals {
  const clicks = Number(row?.clicks ?? 0);
  const impressions = Number(row?.impressions ?? 0);
  return {
    clicks,
    impressions,
    ctr: impressions > 0 ? clicks / impressions : null,
    // Google's positions are averages weighted by impressions; so is their sum over days and pages.
    position: impressions > 0 ? Number(row?.weighted ?? 0) / impressions : null,
  };
}

/** Relative change (0.35 = up 35 %), null when there was nothing before to compare with. */
export function relativeChange(now: number, before: number): number | null {
  return before > 0 ? (now - before) / before : null;
}

export function changeOf(current: Totals, previous: Totals): Change {
  return {
    clicks: relativeChange(current.clicks, previous.clicks),
    impressions: relativeChange(current.impressions, previous.impressions),
    // Both in points: CTR as a fraction, position in places (negative = moved up the results).
    ctr: current.ctr !== null && previous.ctr !== null ? current.ctr - previous.ctr : null,
    position: current.position !== null && previous.position !== null ? current.position - previous.position : null,
  };
}

/** The newest day the site has figures for (the day-number form), or null before the first import. */
async function newestDay(db: DB, siteId: string): Promise<number | null> {
  const row = await db
    .selectFrom("search_site_days")
    .select((eb) => eb.fn.max("day").as("day"))
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  return row?.day ?? null;
}

/** The period of `days` days ending on the newest stored day, and the one just before it. */
function periodsOf(range: ResultsRange, newest: number, version: string, days: number = RANGES[range].days): Periods {
  return {
    range,
    current: { start: newest - days + 1, end: newest },
    previous: { start: newest - 2 * days + 1, end: newest - days },
    dataUntil: dayDate(newest),
    version,
  };
}

export async function resultsPeriods(db: DB, siteId: string, range: ResultsRange, days?: number): Promise<Periods | null> {
  const [newest, connection] = await Promise.all([newestDay(db, siteId), connectionStatus(db, siteId)]);
  if (newest === null) return null;
  const version = `${newest}:${connection.dataVersion}`;
  return periodsOf(range, newest, version, days);
}

/**
 * The site-wide sums (every article's totals, the site's top queries) read up to a few hundred thousand day
 * rows at 10,000 pages, while the figures change only when the daily import stores more. They are kept in
 * memory per site, period and data version (Periods.version), so a page view after the first reads only the
 * site's own rows of a few days; a new import or a new day makes a new version. Bounded; a failure is not kept.
 */
const memo = new Map<string, Promise<unknown>>();
const MEMO_MAX = 200;

function memoized<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const known = memo.get(key);
  if (known) return known as Promise<T>;
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  const promise = compute();
  memo.set(key, promise);
  promise.catch(() => memo.delete(key));
  return promise;
}

const memoKey = (siteId: string, periods: Periods, what: string) =>
  `${what}:${siteId}:${periods.version}:${periods.current.start}:${periods.current.end}:${periods.previous.start}`;

/** Every day of the period, zeros where Google had nothing (it leaves out days without impressions). */
function fillDays(period: Period, rows: Array<{ day: number } & Sums>): DayPoint[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const points: DayPoint[] = [];
  for (let day = period.start; day <= period.end; day++) points.push({ day: dayDate(day), ...totalsOf(byDay.get(day)) });
  return points;
}

const weightedSum = sql<number>`sum(position * impressions)`;

/** The site's totals by day (search_site_days: they include the queries Google anonymises). */
export async function siteSeries(db: DB, siteId: string, period: Period): Promise<DayPoint[]> {
  const rows = await db
    .selectFrom("search_site_days")
    .select(["day", "clicks", "impressions", sql<number>`position * impressions`.as("weighted")])
    .where("site_id", "=", siteId)
    .where("day", ">=", period.start)
    .where("day", "<=", period.end)
    .orderBy("day")
    .execute();
  return fillDays(period, rows);
}

export async function siteTotals(db: DB, siteId: string, period: Period): Promise<Totals> {
  const row = await db
    .selectFrom("search_site_days")
    .select((eb) => [
      eb.fn.sum<number>("clicks").as("clicks"),
      eb.fn.sum<number>("impressions").as("impressions"),
      weightedSum.as("weighted"),
    ])
    .where("site_id", "=", siteId)
    .where("day", ">=", period.start)
    .where("day", "<=", period.end)
    .executeTakeFirst();
  return totalsOf(row);
}

/** The site's page ids mapped to an article (an article can have several: redirects, other addresses). */
const articlePages = (db: DB, siteId: string, articleId: string) =>
  db.selectFrom("search_pages").select("id").where("site_id", "=", siteId).where("article_id", "=", articleId);

/** One article's figures by day, summed over its pages. */
export async function articleSeries(db: DB, siteId: string, articleId: string, period: Period): Promise<DayPoint[]> {
  const rows = await db
    .selectFrom("search_page_days")
    .select((eb) => [
      "day",
      eb.fn.sum<number>("clicks").as("clicks"),
      eb.fn.sum<number>("impressions").as("impressions"),
      weightedSum.as("weighted"),
    ])
    .where("page_id", "in", articlePages(db, siteId, articleId))
    .where("day", ">=", period.start)
    .where("day", "<=", period.end)
    .groupBy("day")
    .orderBy("day")
    .execute();
  return fillDays(period, rows);
}

export function sumPoints(points: DayPoint[]): Totals {
  let clicks = 0;
  let impressions = 0;
  let weighted = 0;
  for (const p of points) {
    clicks += p.clicks;
    impressions += p.impressions;
    weighted += (p.position ?? 0) * p.impressions;
  }
  return totalsOf({ clicks, impressions, weighted });
}

/** The complete weeks (their Mondays) inside a period: the page-query rows are stored per complete week. */
function weeksIn(period: Period): { from: number; to: number } {
  const firstMonday = period.start + ((7 - ((period.start + 3) % 7)) % 7);
  return { from: firstMonday, to: period.end - 6 };
}

/**
 * The top queries over the complete weeks of a period, by clicks then impressions: the site's (all its pages)
 * or one article's. From search_page_query_weeks, read through its primary key (page_id, week, query_id).
 */
export function siteTopQueries(db: DB, siteId: string, periods: Periods): Promise<QueryRow[]> {
  return memoized(memoKey(siteId, periods, "queries"), () => topQueries(db, siteId, periods.current));
}

export async function topQueries(
  db: DB,
  siteId: string,
  period: Period,
  { articleId, limit = 10 }: { articleId?: string; limit?: number } = {},
): Promise<QueryRow[]> {
  const weeks = weeksIn(period);
  if (weeks.to < weeks.from) return [];
  const pages = articleId
    ? articlePages(db, siteId, articleId)
    : db.selectFrom("search_pages").select("id").where("site_id", "=", siteId).where("article_id", "is not", null);
  const rows = await db
    .selectFrom("search_page_query_weeks as w")
    .innerJoin("search_queries as q", "q.id", "w.query_id")
    .select((eb) => [
      "q.query",
      eb.fn.sum<number>("w.clicks").as("clicks"),
      eb.fn.sum<number>("w.impressions").as("impressions"),
      sql<number>`sum(w.position * w.impressions)`.as("weighted"),
    ])
    .where("w.page_id", "in", pages)
    .where("w.week", ">=", weeks.from)
    .where("w.week", "<=", weeks.to)
    .where("q.site_id", "=", siteId)
    .groupBy("w.query_id")
    .orderBy("clicks", "desc")
    .orderBy("impressions", "desc")
    .orderBy("q.query")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ query: r.query, ...totalsOf(r) }));
}

type ArticleSums = Sums & { articleId: string; prevClicks: number | null; prevImpressions: number | null; prevWeighted: number | null };

/**
 * Per article: the current and previous period's totals in one pass over the day rows of both periods.
 * articleIds limits it to a page of the list (one grouped query for the visible rows); without it, every
 * article of the site (the results page's top articles, sorting the list by clicks).
 */
export async function articleTotals(db: DB, siteId: string, periods: Periods, articleIds?: string[]): Promise<ArticleTotals[]> {
  if (articleIds && articleIds.length === 0) return [];
  return sumArticles(db, siteId, periods, articleIds);
}

/**
 * Every article's totals over the current period only (the previous one's are left at zero): what ranking the
 * site's articles by clicks needs, in half the rows; the change is then read for the few shown. Kept per
 * data version.
 */
export function currentArticleTotals(db: DB, siteId: string, periods: Periods): Promise<ArticleTotals[]> {
  const currentOnly: Periods = { ...periods, previous: { start: periods.current.start, end: periods.current.start - 1 } };
  return memoized(memoKey(siteId, periods, "articles"), () => sumArticles(db, siteId, currentOnly));
}

async function sumArticles(db: DB, siteId: string, periods: Periods, articleIds?: string[]): Promise<ArticleTotals[]> {
  const { current, previous } = periods;
  let pages = db.selectFrom("search_pages").select("id").where("site_id", "=", siteId);
  pages = articleIds ? pages.where("article_id", "in", articleIds) : pages.where("article_id", "is not", null);
  const isCurrent = sql`d.day >= ${current.start}`;
  const rows = await db
    .selectFrom("search_page_days as d")
    .innerJoin("search_pages as p", "p.id", "d.page_id")
    .select([
      sql<string>`p.article_id`.as("articleId"),
      sql<number>`sum(CASE WHEN ${isCurrent} THEN d.clicks ELSE 0 END)`.as("clicks"),
      sql<number>`sum(CASE WHEN ${isCurrent} THEN d.impressions ELSE 0 END)`.as("impressions"),
      sql<number>`sum(CASE WHEN ${isCurrent} THEN d.position * d.impressions ELSE 0 END)`.as("weighted"),
      sql<number>`sum(CASE WHEN ${isCurrent} THEN 0 ELSE d.clicks END)`.as("prevClicks"),
      sql<number>`sum(CASE WHEN ${isCurrent} THEN 0 ELSE d.impressions END)`.as("prevImpressions"),
      sql<number>`sum(CASE WHEN ${isCurrent} THEN 0 ELSE d.position * d.impressions END)`.as("prevWeighted"),
    ])
    .where("d.page_id", "in", pages)
    .where("d.day", ">=", previous.start)
    .where("d.day", "<=", current.end)
    .groupBy("p.article_id")
    .execute();
  return (rows as ArticleSums[]).map((r) => {
    const now = totalsOf(r);
    const before = totalsOf({ clicks: r.prevClicks, impressions: r.prevImpressions, weighted: r.prevWeighted });
    return { articleId: r.articleId, current: now, previous: before, clicksChange: relativeChange(now.clicks, before.clicks) };
  });
}

/** Clicks by day of the current period for a page of articles: the list's sparklines, one grouped query. */
export async function articleSparklines(db: DB, siteId: string, period: Period, articleIds: string[]): Promise<Map<string, number[]>> {
  const lines = new Map<string, number[]>();
  if (articleIds.length === 0) return lines;
  const rows = await db
    .selectFrom("search_page_days as d")
    .innerJoin("search_pages as p", "p.id", "d.page_id")
    .select([sql<string>`p.article_id`.as("articleId"), "d.day", sql<number>`sum(d.clicks)`.as("clicks")])
    .where("p.site_id", "=", siteId)
    .where("p.article_id", "in", articleIds)
    .where("d.day", ">=", period.start)
    .where("d.day", "<=", period.end)
    .groupBy(["p.article_id", "d.day"])
    .execute();
  const length = period.end - period.start + 1;
  for (const r of rows) {
    let line = lines.get(r.articleId);
    if (!line) lines.set(r.articleId, (line = new Array<number>(length).fill(0)));
    line[r.day - period.start] = Number(r.clicks);
  }
  return lines;
}

/** The day number of an ISO timestamp or date (UTC). */
export const dayOfIso = (iso: string) => dayNumber(iso.slice(0, 10));

export type ListClicks = { clicks: number; change: number | null; sparkline: number[] };

/** The articles list's 'Clicks (28 days)' for the visible rows: null when the site has no figures yet. */
export async function articleListClicks(db: DB, siteId: string, articleIds: string[]): Promise<Map<string, ListClicks> | null> {
  const periods = await resultsPeriods(db, siteId, "28d");
  if (!periods) return null;
  const [totals, lines] = await Promise.all([
    articleTotals(db, siteId, periods, articleIds),
    articleSparklines(db, siteId, periods.current, articleIds),
  ]);
  const byId = new Map<string, ListClicks>();
  for (const t of totals)
    byId.set(t.articleId, { clicks: t.current.clicks, change: t.clicksChange, sparkline: lines.get(t.articleId) ?? [] });
  return byId;
}
