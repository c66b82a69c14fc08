import type { DB } from "#app/db/client.server";
import { connectionStatus } from "#app/modules/search-console/status.server";
import { dayDate } from "#app/modules/search-console/types";
import {
  articleSeries,
  articleSparklines,
  articleTotals,
  currentArticleTotals,
  changeOf,
  dayOfIso,
  resultsPeriods,
  siteSeries,
  siteTopQueries,
  sumPoints,
  topQueries,
  type Change,
  type DayPoint,
  type Period,
  type Periods,
  type QueryRow,
  type Totals,
} from "./metrics.server";
import type { ResultsRange } from "./ranges";

/**
 * What the results page and the article panel show, assembled from the read model (metrics.server.ts):
 * whether Search Console is connected, whether figures have arrived, and the period's totals, series, top
 * queries and top articles. Scoped to the site throughout.
 */

export type TopArticle = {
  articleId: string;
  title: string;
  clicks: number;
  impressions: number;
  position: number | null;
  clicksChange: number | null;
  sparkline: number[];
};

export type ResultsPage =
  | { connection: "none"; range: ResultsRange }
  | { connection: "waiting"; range: ResultsRange }
  | {
      connection: "ready";
      range: ResultsRange;
      dataUntil: string;
      totals: Totals;
      change: Change;
      series: DayPoint[];
      queries: QueryRow[];
      articles: TopArticle[];
      /** The period's first and last day (YYYY-MM-DD): every figure on the page is of these days. */
      period: { from: string; to: string };
      /** Of the site's clicks, those on its articles' pages (every article, not only the top ones). */
      articleClicks: number;
      /** How many articles had any impression in the period. */
      articlesSeen: number;
    };

const TOP_ARTICLES = 10;

export async function loadResultsPage(db: DB, siteId: string, range: ResultsRange): Promise<ResultsPage> {
  const [{ connected }, periods] = await Promise.all([connectionStatus(db, siteId), resultsPeriods(db, siteId, range)]);
  // Figures stored before a disconnect still show: they are the site's, and the import keeps them for its retention.
  if (!periods) return connected ? { connection: "waiting", range } : { connection: "none", range };
  const [series, previous, queries, perArticle] = await Promise.all([
    siteSeries(db, siteId, periods.current),
    siteSeries(db, siteId, periods.previous),
    siteTopQueries(db, siteId, periods),
    currentArticleTotals(db, siteId, periods),
  ]);
  const totals = sumPoints(series);
  const seen = perArticle.filter((a) => a.current.clicks > 0 || a.current.impressions > 0);
  const ids = perArticle
    .filter((a) => a.current.clicks > 0 || a.current.impressions > 0)
    .sort((a, b) => b.current.clicks - a.current.clicks || b.current.impressions - a.current.impressions)
    .slice(0, TOP_ARTICLES)
    .map((a) => a.articleId);
  // Both periods for the few shown, for their change.
  const [titles, lines, both] = await Promise.all([
    ids.length ? db.selectFrom("articles").select(["id", "title"]).where("site_id", "=", siteId).where("id", "in", ids).execute() : [],
    articleSparklines(db, siteId, periods.current, ids),
    articleTotals(db, siteId, periods, ids),
  ]);
  const totalsOf = new Map(both.map((a) => [a.articleId, a]));
  const top = ids.map((id) => totalsOf.get(id)).filter((a) => a !== undefined);
  const titleOf = new Map(titles.map((t) => [t.id, t.title]));
  return {
    connection: "ready",
    range,
    dataUntil: periods.dataUntil,
    totals,
    change: changeOf(totals, sumPoints(previous)),
    series,
    queries,
    period: { from: dayDate(periods.current.start), to: dayDate(periods.current.end) },
    articleClicks: seen.reduce((sum, a) => sum + a.current.clicks, 0),
    articlesSeen: seen.length,
    articles: top
      .filter((a) => titleOf.has(a.articleId))
      .map((a) => ({
        articleId: a.articleId,
        title: titleOf.get(a.articleId) || "Untitled",
        clicks: a.current.clicks,
        impressions: a.current.impressions,
        position: a.current.position,
        clicksChange: a.clicksChange,
        sparkline: lines.get(a.articleId) ?? [],
      })),
  };
}

type ArticleAnnotation = { day: string; label: "Published" | "Updated" };

/**
 * Where an article went live and was updated since: its first live publication's published_at, then each
 * 'publish' revision after it (one a day at most), inside the period.
 */
async function articleAnnotations(db: DB, siteId: string, articleId: string, period: Period): Promise<ArticleAnnotation[]> {
  const [first, revisions] = await Promise.all([
    db
      .selectFrom("publications")
      .select((eb) => eb.fn.min("published_at").as("at"))
      .where("site_id", "=", siteId)
      .where("article_id", "=", articleId)
      .where("mode", "=", "live")
      .where("status", "=", "published")
      .executeTakeFirst(),
    db
      .selectFrom("article_revisions")
      .select("saved_at")
      .where("site_id", "=", siteId)
      .where("article_id", "=", articleId)
      .where("kind", "=", "publish")
      .orderBy("seq")
      .execute(),
  ]);
  if (!first?.at) return [];
  const published = dayOfIso(first.at);
  const marks: ArticleAnnotation[] = [{ day: dayDate(published), label: "Published" }];
  const seen = new Set([published]);
  for (const r of revisions) {
    const day = dayOfIso(r.saved_at);
    if (day <= published || seen.has(day)) continue;
    seen.add(day);
    marks.push({ day: dayDate(day), label: "Updated" });
  }
  return marks.filter((m) => {
    const day = dayOfIso(m.day);
    return day >= period.start && day <= period.end;
  });
}

export type ArticlePerformance = {
  range: ResultsRange;
  dataUntil: string;
  periods: Periods;
  totals: Totals;
  previous: Totals;
  change: Change;
  series: DayPoint[];
  queries: QueryRow[];
  annotations: ArticleAnnotation[];
};

/** Whether the article is live somewhere (the panel shows only for those). */
async function hasLivePublication(db: DB, siteId: string, articleId: string) {
  const row = await db
    .selectFrom("publications")
    .select("id")
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .where("mode", "=", "live")
    .where("status", "=", "published")
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * One article's performance over a range: null when the article is not the site's, or the site has no figures
 * yet. An article of another site gets null, never another site's figures.
 */
export async function articlePerformance(
  db: DB,
  siteId: string,
  articleId: string,
  range: ResultsRange,
): Promise<ArticlePerformance | null> {
  const article = await db.selectFrom("articles").select("id").where("site_id", "=", siteId).where("id", "=", articleId).executeTakeFirst();
  if (!article) return null;
  const periods = await resultsPeriods(db, siteId, range);
  if (!periods) return null;
  const [series, previousSeries, queries, annotations] = await Promise.all([
    articleSeries(db, siteId, articleId, periods.current),
    articleSeries(db, siteId, articleId, periods.previous),
    topQueries(db, siteId, periods.current, { articleId }),
    articleAnnotations(db, siteId, articleId, periods.current),
  ]);
  const totals = sumPoints(series);
  const previous = sumPoints(previousSeries);
  return {
    range,
    dataUntil: periods.dataUntil,
    periods,
    totals,
    previous,
    change: changeOf(totals, previous),
    series,
    queries,
    annotations,
  };
}

export type ArticlePanel = { state: "waiting" } | ({ state: "ready" } & ArticlePerformance);

/**
 * The editor's 'Search performance' panel: null unless the article is live somewhere and the site connected to
 * Search Console; otherwise its last 28 days, or that the first import is still running.
 */
export async function articlePanel(db: DB, siteId: string, articleId: string): Promise<ArticlePanel | null> {
  if (!(await hasLivePublication(db, siteId, articleId))) return null;
  const performance = await articlePerformance(db, siteId, articleId, "28d");
  if (performance) return { state: "ready", ...performance };
  // Not connected: the results page asks for the connection; the editor stays quiet about it.
  return (await connectionStatus(db, siteId)).connected ? { state: "waiting" } : null;
}
