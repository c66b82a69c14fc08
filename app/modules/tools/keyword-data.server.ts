import { z } from "zod";
import { getEnv } from "#app/env.server";
import { createDataForSeoClient, type DataForSeoConfig } from "#app/modules/research/dataforseo-client.server";

/**
 * Keyword metrics (search volume, difficulty, CPC) from a configured
 * provider. One adapter: DataForSEO's Google Ads search volume endpoint,
 * enabled by DATAFORSEO_LOGIN/DATAFORSEO_PASSWORD. Without it the tool shows
 * no figures at all: numbers are never made up.
 */

export type Difficulty = "Easy" | "Medium" | "Hard";
export type KeywordMetrics = {
  keyword: string;
  /** Average monthly searches; null when the provider has no figure. */
  volume: number | null;
  difficulty: Difficulty | null;
  /** US dollars per click; null when unknown. */
  cpc: number | null;
};

export interface KeywordDataProvider {
  readonly name: string;
  metrics(keywords: string[], options?: { correlationId?: string; signal?: AbortSignal }): Promise<Map<string, KeywordMetrics>>;
}

/** A failed keyword-data call: the DataForSEO client's error (HTTP, envelope, task or transport failure). */
export { DataForSeoError as KeywordDataError } from "#app/modules/research/dataforseo-client.server";

const SEARCH_VOLUME_PATH = "/v3/keywords_data/google_ads/search_volume/live";
// United States, English: the tool has no location picker.
const LOCATION_CODE = 2840;
const LANGUAGE_CODE = "en";
// Google Ads refuses keywords over 80 characters or 10 words.
const MAX_KEYWORD_CHARS = 80;
const MAX_KEYWORD_WORDS = 10;

const ResultItem = z.object({
  keyword: z.string(),
  search_volume: z.number().nullable().optional(),
  competition: z.string().nullable().optional(),
  competition_index: z.number().nullable().optional(),
  cpc: z.number().nullable().optional(),
});

/** Google Ads competition (0-100 index, else LOW/MEDIUM/HIGH) as a difficulty label. */
export function difficultyFrom(index: number | null | undefined, competition?: string | null): Difficulty | null {
  if (typeof index === "number") return index < 34 ? "Easy" : index < 67 ? "Medium" : "Hard";
  const level = competition?.toUpperCase();
  return level === "LOW" ? "Easy" : level === "MEDIUM" ? "Medium" : level === "HIGH" ? "Hard" : null;
}

const TIMEOUT_MS = 20_000;
// A search volume answer for the few keywords one tool run sends is a few kilobytes.
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

export function createDataForSeoProvider(config: DataForSeoConfig): KeywordDataProvider {
  const client = createDataForSeoClient(config);
  return {
    name: "DataForSEO",
    async metrics(keywords, options) {
      const accepted = [...new Set(keywords.map((k) => k.trim().toLowerCase()))].filter(
        (k) => k && k.length <= MAX_KEYWORD_CHARS && k.split(/\s+/).length <= MAX_KEYWORD_WORDS,
      );
      const out = new Map<string, KeywordMetrics>();
      if (accepted.length === 0) return out;
      const result = await client.post(
        SEARCH_VOLUME_PATH,
        { keywords: accepted, location_code: LOCATION_CODE, language_code: LANGUAGE_CODE },
        { ...options, timeoutMs: TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES },
      );
      for (const raw of result) {
        const parsed = ResultItem.safeParse(raw);
        if (!parsed.success) continue;
        const item = parsed.data;
        const keyword = item.keyword.toLowerCase();
        out.set(keyword, {
          keyword,
          volume: item.search_volume ?? null,
          difficulty: difficultyFrom(item.competition_index, item.competition),
          cpc: item.cpc ?? null,
        });
      }
      return out;
    },
  };
}

/** The configured provider, or null when none is (the page then says so). */
export function getKeywordDataProvider(): KeywordDataProvider | null {
  const env = getEnv();
  if (!env.DATAFORSEO_LOGIN || !env.DATAFORSEO_PASSWORD) return null;
  return createDataForSeoProvider({ login: env.DATAFORSEO_LOGIN, password: env.DATAFORSEO_PASSWORD, baseUrl: env.DATAFORSEO_API_URL });
}
