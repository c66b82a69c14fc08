import type { DB } from "#app/db/client.server";
import { weekOf } from "#app/modules/search-console/types";
import { random } from "#app/utils/wording";

/**
 * Search figures for tests of the findings, written straight into the Search Console contract's tables (the way the
 * import leaves them) from a small generator: each page's clicks per day are Poisson around a mean the test gives
 * per day (so a decline is a mean that falls, and noise is real noise), impressions follow from a click-through rate,
 * positions jitter around a mean; page-query and site-query figures are per complete week. Seeded, so a test's
 * figures are the same on every run.
 */

/** A Poisson draw (Knuth for small means, a rounded normal for large ones). */
function poisson(rand: () => number, mean: number) {
  if (mean <= 0) return 0;
  if (mean > 60) {
    const z = Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
    return Math.max(0, Math.round(mean + z * Math.sqrt(mean)));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let p = 1;
  do {
    k += 1;
    p *= rand();
  } while (p > limit);
  return k - 1;
}

type QuerySpec = {
  query: string;
  /** Mean impressions per week; weeksAgo 0 is the last complete week. */
  impressions: (weeksAgo: number) => number;
  position: number | ((weeksAgo: number) => number);
  /** Share of impressions that click; default from the position. */
  ctr?: number | ((weeksAgo: number) => number);
};

type PageSpec = {
  url: string;
  articleId: string | null;
  /** Mean clicks per day; daysAgo 0 is the last day with figures. */
  clicks: (daysAgo: number) => number;
  position: number | ((daysAgo: number) => number);
  ctr?: number;
  queries?: QuerySpec[];
};

export type SiteFigures = {
  /** The last day (day number) with figures: Google's figures lag about two days. */
  lastDay: number;
  /** How many days of history. */
  days: number;
  pages: PageSpec[];
  /** Queries the site is seen for on pages that are no article (or none of the stored pages). */
  siteQueries?: QuerySpec[];
  seed?: number;
};

const at = <T>(v: T | ((n: number) => T), n: number) => (typeof v === "function" ? (v as (n: number) => T)(n) : v);
/** A click-through rate that falls with the position, roughly as published CTR curves do. */
const ctrAt = (position: number) => Math.max(0.005, 0.3 / Math.max(1, position) ** 1.1);

async function insertChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 400) await write(rows.slice(i, i + 400));
}

/** Writes the figures; returns the last complete week (Monday's day number) the page-query rows reach. */
export async function seedSearchFigures(db: DB, siteId: string, spec: SiteFigures) {
  const rand = random(spec.seed ?? 42);
  const lastWeek = weekOf(spec.lastDay + 1) - 7;
  const weeks = Math.floor(spec.days / 7);
  const queryIds = new Map<string, number>();
  const queryId = async (query: string) => {
    const known = queryIds.get(query);
    if (known) return known;
    const row = await db
      .insertInto("search_queries")
      .values({ site_id: siteId, query })
      .onConflict((oc) => oc.columns(["site_id", "query"]).doUpdateSet({ query }))
      .returning("id")
      .executeTakeFirstOrThrow();
    queryIds.set(query, row.id);
    return row.id;
  };
  const siteWeeks = new Map<string, { clicks: number; impressions: number; positionSum: number }>();
  const addSiteWeek = (queryIdValue: number, week: number, clicks: number, impressions: number, position: number) => {
    const key = `${queryIdValue}:${week}`;
    const sum = siteWeeks.get(key) ?? { clicks: 0, impressions: 0, positionSum: 0 };
    sum.clicks += clicks;
    sum.impressions += impressions;
    sum.positionSum += position * impressions;
    siteWeeks.set(key, sum);
  };
  const weekRows = async (q: QuerySpec, pageId: number | null) => {
    const rows = [];
    for (let w = 0; w < weeks; w += 1) {
      const impressions = poisson(rand, at(q.impressions, w));
      if (impressions === 0) continue;
      const position = Math.max(1, at(q.position, w) + (rand() - 0.5));
      const clicks = Math.min(impressions, poisson(rand, impressions * (q.ctr === undefined ? ctrAt(position) : at(q.ctr, w))));
      const id = await queryId(q.query);
      addSiteWeek(id, lastWeek - 7 * w, clicks, impressions, position);
      if (pageId != null) rows.push({ page_id: pageId, week: lastWeek - 7 * w, query_id: id, clicks, impressions, position });
    }
    return rows;
  };
  for (const page of spec.pages) {
    const { id: pageId } = await db
      .insertInto("search_pages")
      .values({ site_id: siteId, url: page.url, article_id: page.articleId })
      .returning("id")
      .executeTakeFirstOrThrow();
    const days = [];
    for (let d = 0; d < spec.days; d += 1) {
      const clicks = poisson(rand, page.clicks(d));
      const position = Math.max(1, at(page.position, d) + (rand() - 0.5) * 0.6);
      const impressions = Math.max(clicks, Math.round(clicks / (page.ctr ?? ctrAt(position))) + poisson(rand, 3));
      if (impressions === 0) continue;
      days.push({ page_id: pageId, day: spec.lastDay - d, clicks, impressions, position });
    }
    await insertChunks(days, (chunk) => db.insertInto("search_page_days").values(chunk).execute());
    const queryRows = [];
    for (const q of page.queries ?? []) queryRows.push(...(await weekRows(q, pageId)));
    await insertChunks(queryRows, (chunk) => db.insertInto("search_page_query_weeks").values(chunk).execute());
  }
  for (const q of spec.siteQueries ?? []) await weekRows(q, null);
  const rows = [...siteWeeks].map(([key, s]) => {
    const [query_id, week] = key.split(":").map(Number);
    return { query_id: query_id!, week: week!, clicks: s.clicks, impressions: s.impressions, position: s.positionSum / s.impressions };
  });
  await insertChunks(rows, (chunk) => db.insertInto("search_query_weeks").values(chunk).execute());
  return { lastWeek };
}

/** The articles of the coffee roaster's scenario, by role. */
export type CoffeeArticles = {
  /** Clicks fall from about 412 to about 198 a 28 days, position 4 → 8. */
  decaying: string;
  /** Steady clicks with noise. */
  steady: string;
  /** A small article whose clicks wobble: noise, never a finding. */
  small: string;
  /** Ranks about 11 for 'french press grind size'. */
  striking: string;
  /** These two share 'pour over vs french press'. */
  rivalA: string;
  rivalB: string;
};

/**
 * A coffee roaster's last 16 weeks: one article decaying for real, one steady, one small and noisy, one in striking
 * distance, two competing for one query, and a query ('nitro cold brew at home', about 85 impressions a week at
 * position 14) that no article answers.
 */
export function coffeeScenario(a: CoffeeArticles, lastDay: number): SiteFigures {
  const url = (slug: string) => `https://northwind.test/blog/${slug}`;
  return {
    lastDay,
    days: 112,
    seed: 7,
    pages: [
      {
        url: url("cold-brew-ratio"),
        articleId: a.decaying,
        clicks: (d) => (d < 28 ? 7.1 : 14.7),
        position: (d) => (d < 28 ? 7.8 : 4.1),
        queries: [
          {
            query: "cold brew ratio",
            impressions: (w) => (w < 4 ? 700 : 900),
            position: (w) => (w < 4 ? 8 : 3.5),
            ctr: (w) => (w < 4 ? 0.01 : 0.1),
          },
          { query: "cold brew concentrate", impressions: () => 300, position: 5, ctr: 0.05 },
        ],
      },
      {
        url: url("espresso-basics"),
        articleId: a.steady,
        clicks: () => 10,
        position: 5,
        queries: [{ query: "espresso basics", impressions: () => 500, position: 5 }],
      },
      { url: url("moka-pot"), articleId: a.small, clicks: (d) => (d < 28 ? 1.6 : 2.1), position: 12 },
      {
        url: url("french-press"),
        articleId: a.striking,
        clicks: () => 3,
        position: 10,
        queries: [{ query: "french press grind size", impressions: () => 160, position: 11.4 }],
      },
      {
        url: url("pour-over"),
        articleId: a.rivalA,
        clicks: () => 2,
        position: 9,
        queries: [{ query: "pour over vs french press", impressions: () => 100, position: 9 }],
      },
      {
        url: url("brewing-methods"),
        articleId: a.rivalB,
        clicks: () => 1.5,
        position: 12,
        queries: [{ query: "pour over vs french press", impressions: () => 80, position: 12 }],
      },
      // Not an article: the shop's home page.
      { url: "https://northwind.test/", articleId: null, clicks: () => 20, position: 3 },
    ],
    siteQueries: [
      { query: "nitro cold brew at home", impressions: () => 85, position: 14 },
      { query: "northwind coffee", impressions: () => 400, position: 1.2 },
      { query: "rare coffee question", impressions: () => 5, position: 30 },
    ],
  };
}
