/**
 * The rules that turn an article's search figures into findings (docs/decisions/060-search-results.md). Pure: the
 * figures come in already summed per period (findings.server.ts reads them from the search_* tables), each rule
 * says whether it holds and, when it does, the evidence in numbers and in words the customer reads.
 */

/** A period's figures: clicks, impressions and the impression-weighted average position (0 when no impressions). */
export type Figures = { clicks: number; impressions: number; position: number };

export const DECAY = {
  /** The two periods compared, in days. */
  days: 28,
  /** Fewer clicks than this over both periods together says nothing either way. */
  minClicks: 40,
  /** A smaller drop is not worth a refresh, however certain. */
  minDrop: 0.2,
  /** One-sided significance of the binomial test. */
  alpha: 0.01,
} as const;

const STRIKING = { minPosition: 8, maxPosition: 20, minImpressions: 100 } as const;
const CANNIBAL = {
  minImpressions: 20,
  /** The leading article's share of the query's impressions below which neither dominates. */
  maxLeadShare: 0.8,
  /** Weeks in which both articles had impressions for the query. */
  minSharedWeeks: 2,
} as const;
export const GAP = { minImpressions: 100 } as const;

/** The article and the query's or page's figures the other rules read. */
export type QueryFigures = Figures & { query: string };

/** log of n! by summing logs; exact enough for the binomial tail. */
function logFactorials(n: number) {
  const out = new Float64Array(n + 1);
  for (let i = 2; i <= n; i += 1) out[i] = out[i - 1]! + Math.log(i);
  return out;
}

/** P(X ≤ k) for X ~ Binomial(n, p), summed exactly in log space. */
export function binomialCdf(k: number, n: number, p: number) {
  if (k >= n) return 1;
  if (k < 0) return 0;
  if (p <= 0) return 1;
  if (p >= 1) return 0;
  const lf = logFactorials(n);
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  let sum = 0;
  for (let i = 0; i <= k; i += 1) sum += Math.exp(lf[n]! - lf[i]! - lf[n - i]! + i * lp + (n - i) * lq);
  return Math.min(1, sum);
}

export type DecayInput = {
  current: Figures;
  previous: Figures;
  /** The same two periods a year earlier, when the figures reach back that far. */
  yearAgo?: { current: Figures; previous: Figures } | null;
  /** Queries whose clicks fell most, with their clicks before and now. */
  lostQueries?: Array<{ query: string; before: number; now: number }>;
};

export type DecayEvidence = {
  days: number;
  clicksBefore: number;
  clicksNow: number;
  /** Relative change, e.g. -0.52. */
  change: number;
  positionBefore: number;
  positionNow: number;
  impressionsBefore: number;
  impressionsNow: number;
  /** One-sided p-value of the drop under the test. */
  pValue: number;
  /** A year ago the same period moved by this much (the seasonal expectation the test allowed for), or null. */
  seasonalChange: number | null;
  lostQueries: Array<{ query: string; before: number; now: number }>;
};

/**
 * Decay beyond noise: given the clicks of both periods together (n), under "nothing changed" the current period's
 * share is a fair coin (or, when a year ago the same periods fell, the share that fall predicts), so the current
 * clicks are Binomial(n, p0). The article decays when the current clicks are so low that the chance of them or
 * fewer is below alpha, there were enough clicks to tell, and the drop is at least minDrop.
 */
export function decayFinding(input: DecayInput, rule = DECAY): DecayEvidence | null {
  const { current, previous } = input;
  const n = current.clicks + previous.clicks;
  if (n < rule.minClicks || previous.clicks === 0) return null;
  const change = current.clicks / previous.clicks - 1;
  if (change > -rule.minDrop) return null;
  // A seasonal fall last year lowers what is expected now; a rise last year is not counted on.
  let ratio = 1;
  let seasonalChange: number | null = null;
  const year = input.yearAgo;
  if (year && year.previous.clicks >= rule.minClicks / 2) {
    seasonalChange = year.current.clicks / year.previous.clicks - 1;
    ratio = Math.min(1, year.current.clicks / year.previous.clicks);
  }
  const p0 = ratio / (1 + ratio);
  const pValue = binomialCdf(current.clicks, n, p0);
  if (pValue >= rule.alpha) return null;
  return {
    days: rule.days,
    clicksBefore: previous.clicks,
    clicksNow: current.clicks,
    change,
    positionBefore: previous.position,
    positionNow: current.position,
    impressionsBefore: previous.impressions,
    impressionsNow: current.impressions,
    pValue,
    seasonalChange,
    lostQueries: (input.lostQueries ?? []).filter((q) => q.now < q.before).slice(0, 5),
  };
}

export type StrikingEvidence = { query: string; impressions: number; position: number; clicks: number; weeks: number };

/** A query the article ranks 8-20 for with enough impressions to be worth moving up. */
export function strikingFinding(figures: QueryFigures, weeks: number, rule = STRIKING): StrikingEvidence | null {
  if (figures.impressions < rule.minImpressions) return null;
  if (figures.position < rule.minPosition || figures.position > rule.maxPosition) return null;
  return { query: figures.query, impressions: figures.impressions, position: figures.position, clicks: figures.clicks, weeks };
}

export type CannibalArticle = { articleId: string; title: string; impressions: number; clicks: number; position: number; weeks: number[] };
export type CannibalEvidence = {
  query: string;
  weeks: number;
  articles: Array<Omit<CannibalArticle, "weeks"> & { share: number }>;
};

/**
 * Two or more articles with impressions for the same query in the same weeks, none taking at least maxLeadShare of
 * them: Google cannot tell which one answers it. Articles below minImpressions do not count.
 */
export function cannibalFinding(query: string, articles: CannibalArticle[], weeks: number, rule = CANNIBAL): CannibalEvidence | null {
  const counted = articles.filter((a) => a.impressions >= rule.minImpressions).sort((a, b) => b.impressions - a.impressions);
  if (counted.length < 2) return null;
  const [lead, second] = [counted[0]!, counted[1]!];
  const shared = lead.weeks.filter((w) => second.weeks.includes(w)).length;
  if (shared < rule.minSharedWeeks) return null;
  const total = counted.reduce((sum, a) => sum + a.impressions, 0);
  if (lead.impressions / total >= rule.maxLeadShare) return null;
  return {
    query,
    weeks,
    articles: counted.map(({ weeks: _weeks, ...a }) => ({ ...a, share: a.impressions / total })),
  };
}

export type GapEvidence = { query: string; impressions: number; position: number; clicks: number; weeks: number };

/** A query the site is seen for that no article targets: a keyword for the plan. */
export function gapFinding(figures: QueryFigures, weeks: number, targeted: (query: string) => boolean, rule = GAP): GapEvidence | null {
  if (figures.impressions < rule.minImpressions || targeted(figures.query)) return null;
  return { query: figures.query, impressions: figures.impressions, position: figures.position, clicks: figures.clicks, weeks };
}

/** A query as compared with keywords: lower case, single spaces, no punctuation at the ends. */
export function queryKey(text: string) {
  return text
    .toLowerCase()
    .replace(/[\s\u00a0]+/g, " ")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "")
    .trim();
}

const whole = (n: number) => Math.round(n).toLocaleString("en-US");
const pos = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
const percent = (change: number) => `${change < 0 ? "−" : "+"}${Math.round(Math.abs(change) * 100)} %`;
const times = (n: number) => `${whole(n)} ${n === 1 ? "time" : "times"}`;

/** The evidence in the customer's words. */
export function describeDecay(e: DecayEvidence) {
  const lost = e.lostQueries.length
    ? ` Lost queries: ${e.lostQueries.map((q) => `“${q.query}” (${whole(q.before)} → ${whole(q.now)} clicks)`).join(", ")}.`
    : "";
  const season =
    e.seasonalChange == null ? "" : ` A year ago the same weeks moved ${percent(e.seasonalChange)}, so the season does not explain it.`;
  return `Clicks fell from ${whole(e.clicksBefore)} to ${whole(e.clicksNow)} (${percent(e.change)}) over ${e.days} days; position ${pos(e.positionBefore)} → ${pos(e.positionNow)}.${season}${lost}`;
}

export function describeStriking(e: StrikingEvidence) {
  return `“${e.query}”: seen ${times(e.impressions)} in the last ${e.weeks} weeks at position ${pos(e.position)}, ${whole(e.clicks)} ${e.clicks === 1 ? "click" : "clicks"}. A few places higher puts it on page one's top half.`;
}

export function describeCannibal(e: CannibalEvidence) {
  const each = e.articles
    .map((a) => `“${a.title}” ${times(a.impressions)} at position ${pos(a.position)} (${Math.round(a.share * 100)} %)`)
    .join("; ");
  return `“${e.query}” is split between ${e.articles.length} articles over the last ${e.weeks} weeks: ${each}.`;
}

export function describeGap(e: GapEvidence) {
  return `Seen ${times(e.impressions)} in Google in the last ${e.weeks} weeks at position ${Math.round(e.position)}; no article answers it.`;
}
