import type { DB } from "#app/db/client.server";
import { limiter } from "#app/utils/limiter";
import { keywordDataFor, keywordIdeasFor, type ResearchCounters, serpFor } from "#app/modules/research/cache.server";
import type { KeywordData, ResearchProvider, SitePage } from "#app/modules/research/types";
import { classifyIntent, type SearchIntent } from "#app/modules/research/intent";
import { audienceOf, bestTopic, type PlanSource, type Suggestion, suggestionStream, titleFor } from "./offline-planner";
import { analysePhrase, isNounHead, normalisePhrase, type Query } from "./queries";
import { type Comparable, CONFLICT_THRESHOLD, lexicalSimilarity, tokens } from "./similarity";

/**
 * The data-backed planner (docs/decisions/050-content-plan.md): seeds from
 * the site's products, categories, pages and topics; candidates with their
 * volume, difficulty and intent from the keyword-data provider (its ideas
 * around the seeds, and the figures of the offline planner's own queries);
 * each tied to the page, product or topic it supports; ranked by opportunity
 * for this site; then clustered by their search results, so no two days
 * target the same results (top-10 URL overlap above half: the better one
 * stays). Provider answers come through the per-site cache; SERP look-ups are
 * bounded per plan. Errors propagate: the caller falls back to the offline
 * planner.
 */

/** At most this many candidates have their search results looked up per plan. */
export const MAX_SERP_CANDIDATES = 45;
/** Two keywords whose top-10 URLs overlap more than this target the same search results. */
const SAME_RESULTS_OVERLAP = 0.5;
const SERP_CONCURRENCY = 4;
const MAX_SEEDS = 20;
const IDEAS_LIMIT = 200;
const OWN_QUERIES = 80;

type Support = { label: string; kind: "product" | "page" | "topic"; ref: string; words: Set<string> };

export type DataCandidate = {
  keyword: string;
  volume: number;
  difficulty: number | null;
  intent: SearchIntent;
  support: Support;
  relevance: number;
  score: number;
  /** The top-10 result URLs, once looked up. */
  urls: string[];
};

const PAGE_LABEL: Record<SitePage["kind"], string> = { product: "product page", category: "category page", faq: "page", page: "page" };

function supportsOf(source: PlanSource): Support[] {
  const pages = source.sitePages.map((p) => ({
    label: `your ${PAGE_LABEL[p.kind]} ${p.title}`,
    kind: p.kind === "product" ? ("product" as const) : ("page" as const),
    ref: p.url,
    words: tokens(`${p.title} ${p.faq.map((f) => f.question).join(" ")}`),
  }));
  const topics = source.topics.map((t) => ({
    label: `your topic “${t.name}”`,
    kind: "topic" as const,
    ref: t.id,
    words: tokens(`${t.name} ${t.keywords.join(" ")}`),
  }));
  return [...pages, ...topics].filter((s) => s.words.size > 0);
}

/**
 * The page, product or topic a keyword supports best: the one covering most of
 * its words, each word weighing by how rare it is across the site ("coffee"
 * is everywhere, "wholesale" names one page), then the most specific one.
 */
function bestSupport(keyword: string, supports: Support[]) {
  const words = [...tokens(keyword)];
  if (words.length === 0) return null;
  const weight = (w: string) => 1 / Math.max(1, supports.filter((s) => s.words.has(w)).length);
  const total = words.reduce((sum, w) => sum + weight(w), 0);
  let best: { support: Support; relevance: number; rank: number } | null = null;
  for (const support of supports) {
    const shared = words.filter((w) => support.words.has(w));
    if (shared.length === 0) continue;
    const relevance = shared.reduce((sum, w) => sum + weight(w), 0) / total;
    const rank = relevance + 0.2 * (shared.length / support.words.size);
    if (!best || rank > best.rank) best = { support, relevance, rank };
  }
  return best && { support: best.support, relevance: best.relevance };
}

/** The seeds: the site's product and category names, its topics' keywords and its brand tags, deduplicated. */
function seedsOf(source: PlanSource) {
  const names = source.sitePages.filter((p) => p.kind === "product" || p.kind === "category").map((p) => p.title);
  const phrases = [...names, ...source.topics.flatMap((t) => t.keywords), ...source.brand.tags].map(normalisePhrase).filter(Boolean);
  return [...new Set(phrases)].slice(0, MAX_SEEDS);
}

/** A real search as the provider reports it, minus what is no topic: a non-question phrase headed by an adjective or participle. */
function searchable(keyword: string) {
  const k = normalisePhrase(keyword);
  if (!k || k.split(" ").length > 8) return false;
  if (/^(how|what|why|when|where|which|who|is|are|can|does|do|should)\b/.test(k) || /\bvs\b/.test(k)) return true;
  const analysed = analysePhrase(k);
  return analysed !== null && (analysed.kind !== "noun" || isNounHead(analysed.head));
}

/** Opportunity for this site: searches (with diminishing returns), the chance to rank (difficulty) and how well it fits a page. */
function opportunity(volume: number, difficulty: number | null, relevance: number) {
  return Math.log10(volume + 1) * (1 - (difficulty ?? 50) / 130) * (0.4 + relevance);
}

/** Shared URLs over the shorter list: 6 of 10 shared is 0.6. */
export function resultsOverlap(a: string[], b: string[]) {
  if (a.length === 0 || b.length === 0) return 0;
  const set = new Set(a);
  return b.filter((u) => set.has(u)).length / Math.min(a.length, b.length);
}

/** A provider's keyword as planned: lower case, single-spaced, otherwise as searched ("e-invoicing", "w-9 form"). */
export const keywordKey = (keyword: string) => keyword.trim().toLowerCase().replace(/\s+/g, " ");

const urlKey = (url: string) =>
  url
    .replace(/^https?:\/\/(www\.)?/, "")
    .replace(/[#?].*$/, "")
    .replace(/\/$/, "");

export type DataPlanOptions = {
  /** Articles and kept plan days: nothing planned may compete with them. */
  exclude: Comparable[];
  avoid?: string[];
  now?: Date;
  correlationId?: string;
  counters?: ResearchCounters;
  maxSerps?: number;
};

/** Ranked, clustered candidates for this site: the data-backed plan's pool. */
export async function researchCandidates(
  db: DB,
  siteId: string,
  provider: ResearchProvider,
  source: PlanSource,
  { exclude, avoid = [], now, correlationId, counters, maxSerps = MAX_SERP_CANDIDATES }: DataPlanOptions,
) {
  const cache = { now, correlationId, counters };
  const seeds = seedsOf(source);
  const ideas = await keywordIdeasFor(db, siteId, provider, seeds, { ...cache, limit: IDEAS_LIMIT });
  const own = suggestionStream(source)
    .slice(0, OWN_QUERIES)
    .map((s) => s.keyword);
  const ownData = await keywordDataFor(db, siteId, provider, own, cache);
  const figures = new Map<string, KeywordData>();
  for (const k of [...ideas, ...ownData.values()]) {
    const key = keywordKey(k.keyword);
    if (!figures.has(key)) figures.set(key, { ...k, keyword: key });
  }
  const supports = supportsOf(source);
  const avoided = new Set(avoid.map(keywordKey));
  const brandNames = source.brand.name ? [source.brand.name] : [];
  const pool: DataCandidate[] = [];
  for (const data of figures.values()) {
    if (!data.volume || data.volume <= 0 || !searchable(data.keyword)) continue;
    const fit = bestSupport(data.keyword, supports);
    if (!fit) continue;
    const intent = data.intent ?? classifyIntent(data.keyword, { brandNames });
    const score = opportunity(data.volume, data.difficulty, fit.relevance) * (avoided.has(data.keyword) ? 0.5 : 1);
    pool.push({ keyword: data.keyword, volume: data.volume, difficulty: data.difficulty, intent, ...fit, score, urls: [] });
  }
  pool.sort((a, b) => b.score - a.score || a.keyword.localeCompare(b.keyword));

  // Nothing that competes with an article, a kept day or a better candidate by its words: their results are not looked up.
  const taken: Comparable[] = [...exclude];
  const shortlist: DataCandidate[] = [];
  for (const c of pool) {
    if (shortlist.length >= maxSerps) break;
    const comparable = { keyword: c.keyword, title: c.keyword, intent: c.intent };
    if (taken.some((t) => lexicalSimilarity(comparable, t) >= CONFLICT_THRESHOLD)) continue;
    taken.push(comparable);
    shortlist.push(c);
  }

  // A live SERP takes seconds: four at a time (DataForSEO allows far more), then clustered in rank order.
  const serpPool = limiter(SERP_CONCURRENCY);
  const serps = await Promise.all(shortlist.map((c) => serpPool(() => serpFor(db, siteId, provider, c.keyword, cache))));
  const kept: DataCandidate[] = [];
  for (const [i, c] of shortlist.entries()) {
    c.urls = serps[i]!.results.slice(0, 10).map((r) => urlKey(r.url));
    if (kept.some((k) => resultsOverlap(k.urls, c.urls) > SAME_RESULTS_OVERLAP)) continue;
    kept.push(c);
  }
  return kept;
}

function formOf(keyword: string): Query["form"] {
  if (keyword.startsWith("how to ")) return "how-to";
  if (/\bvs\b/.test(keyword)) return "comparison";
  if (/^(how|what|why|when|where|which|who|is|are|can|does|do|should)\b/.test(keyword)) return "question";
  return "topic";
}

/** '880 searches a month, difficulty 23, supports your product page Cold Brew Kit.' */
function dataReason(c: Pick<DataCandidate, "volume" | "difficulty" | "support">) {
  const searches = `${c.volume.toLocaleString("en-US")} ${c.volume === 1 ? "search" : "searches"} a month`;
  return `${searches}${c.difficulty === null ? "" : `, difficulty ${c.difficulty}`}, supports ${c.support.label}.`;
}

export function candidateSuggestion(c: DataCandidate, source: PlanSource): Suggestion {
  const ctx = { brand: source.brand.name.trim(), audience: audienceOf(source.brand.audience) };
  return {
    keyword: c.keyword,
    title: titleFor({ query: c.keyword, form: formOf(c.keyword) }, ctx),
    intent: c.intent,
    topicId: c.support.kind === "topic" ? c.support.ref : bestTopic(c.keyword, source.topics, source.brand),
    evidenceKind: c.support.kind,
    evidenceRef: c.support.ref,
    rationale: dataReason(c),
    volume: c.volume,
    difficulty: c.difficulty,
  };
}
