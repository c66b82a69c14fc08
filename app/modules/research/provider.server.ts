import { z } from "zod";
import { getEnv } from "#app/env.server";
import { SEARCH_INTENTS } from "#app/modules/research/intent";
import { DAY } from "#app/utils/time";
import { DEFAULT_MARKET, type Market, type MarketLocation } from "./market";
import { createDataForSeoClient, DataForSeoError, type DataForSeoConfig } from "./dataforseo-client.server";
import type { KeywordData, ResearchProvider, SearchIntent, Serp, SerpResult } from "./types";

/**
 * The research provider's DataForSEO adapter (docs/decisions/058-research.md):
 * search results from the SERP API (Google organic, live advanced: organic
 * items, 'People also ask', related searches) and keyword figures from
 * DataForSEO Labs (keyword_overview for known keywords, keyword_ideas around
 * seeds: search volume, CPC, keyword difficulty and main search intent).
 * The zod schemas below follow the documented response fields; the fixtures
 * in ./fixtures are stored in the same raw shapes and parse through them.
 */

export const SERP_PATH = "/v3/serp/google/organic/live/advanced";
const KEYWORD_OVERVIEW_PATH = "/v3/dataforseo_labs/google/keyword_overview/live";
const KEYWORD_IDEAS_PATH = "/v3/dataforseo_labs/google/keyword_ideas/live";
export const LOCATIONS_PATH = "/v3/dataforseo_labs/locations_and_languages";
// The list changes a few times a year and is free to ask for; a day keeps it fresh without asking per article.
const LOCATIONS_FRESH_MS = DAY;
/** Organic results kept per keyword. */
const TOP = 10;
// keyword_overview takes up to 700 keywords a task, keyword_ideas up to 200 seeds.
const MAX_OVERVIEW_KEYWORDS = 700;
const MAX_IDEA_SEEDS = 200;
const DEFAULT_IDEAS_LIMIT = 100;
// A live SERP takes about 6 s on average and sometimes much longer; Labs answers within a few seconds.
const SERP_TIMEOUT_MS = 60_000;
const NO_SEARCH_RESULTS = 40102;
const LABS_TIMEOUT_MS = 30_000;

const OrganicItem = z.object({
  type: z.literal("organic"),
  rank_group: z.number(),
  rank_absolute: z.number().optional(),
  domain: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  url: z.string(),
  description: z.string().nullable().optional(),
  breadcrumb: z.string().nullable().optional(),
});
const PeopleAlsoAskItem = z.object({
  type: z.literal("people_also_ask"),
  items: z
    .array(z.object({ type: z.string().optional(), title: z.string().nullable().optional() }))
    .nullable()
    .optional(),
});
const RelatedSearchesItem = z.object({
  type: z.literal("related_searches"),
  items: z.array(z.string()).nullable().optional(),
});
const OtherItem = z.object({ type: z.string() }).loose();

/** One `result` object of /v3/serp/google/organic/live/advanced (and task_get/advanced). */
export const SerpResultSchema = z.object({
  keyword: z.string(),
  se_domain: z.string().optional(),
  location_code: z.number().nullable().optional(),
  language_code: z.string().nullable().optional(),
  check_url: z.string().nullable().optional(),
  datetime: z.string().optional(),
  item_types: z.array(z.string()).nullable().optional(),
  se_results_count: z.number().nullable().optional(),
  items_count: z.number().nullable().optional(),
  items: z.array(z.unknown()).nullable().optional(),
});
export type RawSerpResult = z.infer<typeof SerpResultSchema>;

/** One keyword of DataForSEO Labs (keyword_overview and keyword_ideas items share this shape). */
export const LabsKeywordItemSchema = z.object({
  keyword: z.string(),
  location_code: z.number().nullable().optional(),
  language_code: z.string().nullable().optional(),
  keyword_info: z
    .object({
      search_volume: z.number().nullable().optional(),
      cpc: z.number().nullable().optional(),
      competition: z.number().nullable().optional(),
      competition_level: z.string().nullable().optional(),
      monthly_searches: z
        .array(z.object({ year: z.number(), month: z.number(), search_volume: z.number().nullable() }))
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
  keyword_properties: z
    .object({ keyword_difficulty: z.number().nullable().optional(), core_keyword: z.string().nullable().optional() })
    .nullable()
    .optional(),
  search_intent_info: z
    .object({ main_intent: z.string().nullable().optional(), foreign_intent: z.array(z.string()).nullable().optional() })
    .nullable()
    .optional(),
});
export type RawLabsKeywordItem = z.infer<typeof LabsKeywordItemSchema>;

const LabsResultSchema = z.object({ items: z.array(z.unknown()).nullable().optional() });

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
};

/** The research layer's Serp from one raw SERP result; items of other types (ads, videos, AI overview) are skipped. */
export function serpFromResult(keyword: string, raw: RawSerpResult | null | undefined): Serp {
  const serp: Serp = { keyword, results: [], peopleAlsoAsk: [], relatedSearches: [] };
  for (const item of raw?.items ?? []) {
    const kind = OtherItem.safeParse(item);
    if (!kind.success) continue;
    if (kind.data.type === "organic") {
      const organic = OrganicItem.safeParse(item);
      if (!organic.success || serp.results.length >= TOP) continue;
      const o = organic.data;
      const result: SerpResult = {
        position: o.rank_group,
        url: o.url,
        domain: (o.domain ?? hostOf(o.url)).replace(/^www\./, ""),
        title: o.title ?? "",
        snippet: o.description ?? "",
      };
      serp.results.push(result);
    } else if (kind.data.type === "people_also_ask") {
      const paa = PeopleAlsoAskItem.safeParse(item);
      for (const question of paa.success ? (paa.data.items ?? []) : []) {
        if (question.title && !serp.peopleAlsoAsk.includes(question.title)) serp.peopleAlsoAsk.push(question.title);
      }
    } else if (kind.data.type === "related_searches") {
      const related = RelatedSearchesItem.safeParse(item);
      for (const query of related.success ? (related.data.items ?? []) : []) {
        if (!serp.relatedSearches.includes(query)) serp.relatedSearches.push(query);
      }
    }
  }
  serp.results.sort((a, b) => a.position - b.position);
  return serp;
}

const intentOf = (value: string | null | undefined): SearchIntent | null =>
  (SEARCH_INTENTS as readonly string[]).includes(value ?? "") ? (value as SearchIntent) : null;

/** The research layer's KeywordData from one Labs item (keyword lowercased, figures null when absent). */
export function keywordDataFromItem(item: RawLabsKeywordItem): KeywordData {
  return {
    keyword: item.keyword.trim().toLowerCase(),
    volume: item.keyword_info?.search_volume ?? null,
    difficulty: item.keyword_properties?.keyword_difficulty ?? null,
    cpc: item.keyword_info?.cpc ?? null,
    intent: intentOf(item.search_intent_info?.main_intent),
  };
}

function labsItems(result: unknown[]): KeywordData[] {
  const out: KeywordData[] = [];
  for (const raw of result) {
    const parsed = LabsResultSchema.safeParse(raw);
    for (const item of parsed.success ? (parsed.data.items ?? []) : []) {
      const keyword = LabsKeywordItemSchema.safeParse(item);
      if (keyword.success) out.push(keywordDataFromItem(keyword.data));
    }
  }
  return out;
}

/** One location of /v3/dataforseo_labs/locations_and_languages. */
const LabsLocationSchema = z.object({
  location_code: z.number(),
  location_name: z.string(),
  country_iso_code: z.string().nullable().optional(),
  location_type: z.string().nullable().optional(),
  available_languages: z
    .array(z.object({ language_name: z.string(), language_code: z.string(), available_sources: z.array(z.string()).nullable().optional() }))
    .nullable()
    .optional(),
});

/** The countries Labs has Google keyword figures for (regions and cities are left out: the market is a country). */
export function marketLocationsFrom(result: unknown[]): MarketLocation[] {
  const out: MarketLocation[] = [];
  for (const raw of result) {
    const parsed = LabsLocationSchema.safeParse(raw);
    if (!parsed.success || parsed.data.location_type !== "Country" || !parsed.data.country_iso_code) continue;
    const languages = (parsed.data.available_languages ?? [])
      .filter((l) => !l.available_sources || l.available_sources.includes("google"))
      .map((l) => ({ code: l.language_code, name: l.language_name }));
    if (languages.length) {
      out.push({
        locationCode: parsed.data.location_code,
        country: parsed.data.country_iso_code,
        name: parsed.data.location_name,
        languages,
      });
    }
  }
  return out;
}

const knownLocations = new Map<string, { at: number; locations: MarketLocation[] }>();

const whereOf = (market: Market = DEFAULT_MARKET) => ({ location_code: market.locationCode, language_code: market.languageCode });

const normalise = (keywords: string[]) => [...new Set(keywords.map((k) => k.trim().toLowerCase().replace(/\s+/g, " ")))].filter(Boolean);

/** `timeoutsMs` overrides the time limits (tests). */
export function createDataForSeoResearchProvider(
  config: DataForSeoConfig & { timeoutsMs?: { serp?: number; labs?: number } },
): ResearchProvider {
  const client = createDataForSeoClient(config);
  const serpTimeout = config.timeoutsMs?.serp ?? SERP_TIMEOUT_MS;
  const labsTimeout = config.timeoutsMs?.labs ?? LABS_TIMEOUT_MS;
  return {
    name: "DataForSEO",
    async serp(keyword, options) {
      let result: unknown[];
      try {
        result = await client.post(
          SERP_PATH,
          { keyword, ...whereOf(options?.market), device: "desktop", depth: TOP },
          { ...options, timeoutMs: serpTimeout },
        );
      } catch (error) {
        // 40102 No Search Results: the engine has no page for this keyword, an empty answer rather than a failure.
        if (error instanceof DataForSeoError && error.statusCode === NO_SEARCH_RESULTS) return serpFromResult(keyword, null);
        throw error;
      }
      const parsed = SerpResultSchema.safeParse(result[0]);
      return serpFromResult(keyword, parsed.success ? parsed.data : null);
    },
    async keywordData(keywords, options) {
      const out = new Map<string, KeywordData>();
      const wanted = normalise(keywords);
      for (let i = 0; i < wanted.length; i += MAX_OVERVIEW_KEYWORDS) {
        const batch = wanted.slice(i, i + MAX_OVERVIEW_KEYWORDS);
        const result = await client.post(
          KEYWORD_OVERVIEW_PATH,
          { keywords: batch, ...whereOf(options?.market) },
          { ...options, timeoutMs: labsTimeout },
        );
        for (const data of labsItems(result)) if (batch.includes(data.keyword)) out.set(data.keyword, data);
      }
      return out;
    },
    async keywordIdeas(seeds, options) {
      const wanted = normalise(seeds).slice(0, MAX_IDEA_SEEDS);
      if (wanted.length === 0) return [];
      const result = await client.post(
        KEYWORD_IDEAS_PATH,
        {
          keywords: wanted,
          ...whereOf(options?.market),
          limit: options?.limit ?? DEFAULT_IDEAS_LIMIT,
          order_by: ["keyword_info.search_volume,desc"],
        },
        { correlationId: options?.correlationId, signal: options?.signal, timeoutMs: labsTimeout },
      );
      return labsItems(result);
    },
    async locations(options) {
      const known = knownLocations.get(config.baseUrl);
      if (known && Date.now() - known.at < LOCATIONS_FRESH_MS) return known.locations;
      const locations = marketLocationsFrom(await client.get(LOCATIONS_PATH, { ...options, timeoutMs: labsTimeout }));
      if (locations.length) knownLocations.set(config.baseUrl, { at: Date.now(), locations });
      return locations;
    },
  };
}

/** The configured research provider, or null when DATAFORSEO_LOGIN / DATAFORSEO_PASSWORD are not set. */
export function getResearchProvider(): ResearchProvider | null {
  const env = getEnv();
  if (!env.DATAFORSEO_LOGIN || !env.DATAFORSEO_PASSWORD) return null;
  return createDataForSeoResearchProvider({
    login: env.DATAFORSEO_LOGIN,
    password: env.DATAFORSEO_PASSWORD,
    baseUrl: env.DATAFORSEO_API_URL,
  });
}
