import { z } from "zod";
import { getEnv } from "#app/env.server";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";

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

export class KeywordDataError extends Error {}

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
const SearchVolumeAnswer = z.object({
  status_code: z.number(),
  status_message: z.string(),
  tasks: z
    .array(
      z.object({
        status_code: z.number(),
        status_message: z.string(),
        result: z.array(ResultItem).nullable(),
      }),
    )
    .nullable()
    .optional(),
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

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createDataForSeoProvider(config: { login: string; password: string; baseUrl: string }): KeywordDataProvider {
  const auth = `Basic ${Buffer.from(`${config.login}:${config.password}`).toString("base64")}`;
  return {
    name: "DataForSEO",
    async metrics(keywords, options) {
      const accepted = [...new Set(keywords.map((k) => k.trim().toLowerCase()))].filter(
        (k) => k && k.length <= MAX_KEYWORD_CHARS && k.split(/\s+/).length <= MAX_KEYWORD_WORDS,
      );
      const out = new Map<string, KeywordMetrics>();
      if (accepted.length === 0) return out;
      let response;
      try {
        response = await guardedFetch(new URL(SEARCH_VOLUME_PATH, config.baseUrl), {
          method: "POST",
          headers: {
            Authorization: auth,
            "Content-Type": "application/json",
            ...(options?.correlationId ? { "X-Request-Id": options.correlationId } : {}),
          },
          body: JSON.stringify([{ keywords: accepted, location_code: LOCATION_CODE, language_code: LANGUAGE_CODE }]),
          timeoutMs: TIMEOUT_MS,
          maxBytes: MAX_ANSWER_BYTES,
          correlationId: options?.correlationId,
          signal: options?.signal,
        });
      } catch (error) {
        if (error instanceof OutboundRequestError) throw new KeywordDataError(`DataForSEO: ${error.code}`, { cause: error });
        throw error;
      }
      const parsed = SearchVolumeAnswer.safeParse(parseJson(response.text()));
      const ok = response.status >= 200 && response.status < 300;
      if (!ok || !parsed.success) {
        throw new KeywordDataError(`DataForSEO answered HTTP ${response.status}${parsed.success ? `: ${parsed.data.status_message}` : ""}`);
      }
      const body = parsed.data;
      // DataForSEO reports errors in status codes inside a 200 answer: 20000 is success.
      if (body.status_code !== 20000) throw new KeywordDataError(`DataForSEO error ${body.status_code}: ${body.status_message}`);
      const task = body.tasks?.[0];
      if (!task || task.status_code !== 20000) {
        throw new KeywordDataError(`DataForSEO task error ${task?.status_code ?? "missing"}: ${task?.status_message ?? "no task"}`);
      }
      for (const item of task.result ?? []) {
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
