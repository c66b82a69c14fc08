/**
 * The fake Search Console's figures: a deterministic generator per property from its registered pages, so
 * tests and npm run bench:results get realistic, reproducible data without storing millions of rows.
 *
 * A page is seen from its published day on; its daily impressions ramp up over the first month, then follow
 * its trend (growing, decaying or flat), are lower on weekends and carry a little noise. Each of its queries
 * takes a share of them at its own position; the click-through rate falls with the position, so clicks stay
 * below impressions. A tenth of a page's impressions come from queries Google anonymises: they count in the
 * by-date and by-page totals but never appear as a query row, as at Google.
 */

export type FakeTrend = "growing" | "decaying" | "flat";
export type FakeSearchQuery = { query: string; position: number; share?: number };
export type FakeSearchPage = {
  url: string;
  /** YYYY-MM-DD: no impressions before this day. */
  published: string;
  /** Impressions a day once the page has settled (before trend, weekday and noise). */
  base: number;
  trend?: FakeTrend;
  queries: FakeSearchQuery[];
};

export type Figures = { clicks: number; impressions: number; positionSum: number };

const DAY_MS = 86_400_000;
export const dayOf = (iso: string) => Math.round(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A small integer hash to [0, 1): the same inputs always give the same noise. */
export function noise(a: number, b: number, c: number, d = 0) {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) ^ Math.imul(c + 0x1b873593, 0x27d4eb2f) ^ d;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** Click-through rate by position, roughly the published curves: about 28% at 1, 4% at 10, 1.3% at 30. */
export function ctrAt(position: number) {
  return Math.min(0.35, 0.3 / Math.pow(Math.max(1, position), 0.95));
}

/** Saturday and Sunday are quieter (1970-01-01, day 0, was a Thursday). */
function weekdayFactor(day: number) {
  const weekday = (day + 4) % 7; // 0 = Sunday
  return weekday === 0 ? 0.55 : weekday === 6 ? 0.62 : 1;
}

function trendFactor(trend: FakeTrend, age: number) {
  if (trend === "growing") return 1 + age / 150;
  if (trend === "decaying") return age < 60 ? 1 : Math.max(0.12, 1 - (age - 60) / 240);
  return 1;
}

function positionDrift(trend: FakeTrend, age: number) {
  const years = Math.min(1, age / 365);
  if (trend === "growing") return 1 - 0.35 * years;
  if (trend === "decaying") return 1 + 0.6 * years;
  return 1;
}

/** Rounds x up or down with a probability of its fraction: sums stay right and small pages have quiet days. */
const stochasticRound = (x: number, r: number) => Math.floor(x + r);

/** A page prepared for fast generation: its day numbers and its queries' normalised shares. */
export type PreparedPage = {
  index: number;
  url: string;
  published: number;
  base: number;
  trend: FakeTrend;
  queries: Array<{ query: string; position: number; share: number; index: number }>;
};

export function preparePage(page: FakeSearchPage, index: number): PreparedPage {
  const weights = page.queries.map((q, i) => q.share ?? 1 / (1 + i));
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  return {
    index,
    url: page.url,
    published: dayOf(page.published),
    base: page.base,
    trend: page.trend ?? "flat",
    queries: page.queries.map((q, i) => ({ query: q.query, position: q.position, share: (0.9 * weights[i]!) / total, index: i })),
  };
}

/** The figures of one page on one day: each of its queries, then the anonymised rest (query null). */
export function pageDay(page: PreparedPage, day: number, visit: (query: string | null, figures: Figures) => void) {
  if (day < page.published) return;
  const age = day - page.published;
  const ramp = Math.min(1, (age + 1) / 30);
  const level = page.base * ramp * trendFactor(page.trend, age) * weekdayFactor(day) * (0.75 + 0.5 * noise(page.index, day, 7));
  const drift = positionDrift(page.trend, age);
  for (const q of page.queries) {
    const impressions = stochasticRound(level * q.share, noise(page.index, day, 11, q.index));
    if (impressions === 0) continue;
    const position = Math.max(1, q.position * drift + (noise(page.index, day, 13, q.index) - 0.5) * 1.2);
    const clicks = Math.min(impressions, stochasticRound(impressions * ctrAt(position), noise(page.index, day, 17, q.index)));
    visit(q.query, { clicks, impressions, positionSum: position * impressions });
  }
  const rest = stochasticRound(level * 0.1, noise(page.index, day, 19));
  if (rest > 0) {
    const position = Math.max(1, 12 * drift + noise(page.index, day, 23) * 8);
    const clicks = Math.min(rest, stochasticRound(rest * ctrAt(position), noise(page.index, day, 29)));
    visit(null, { clicks, impressions: rest, positionSum: position * rest });
  }
}
