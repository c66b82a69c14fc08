import { z } from "zod";
import { guardedFetch } from "#app/utils/http.server";
import { logger } from "#app/utils/logger.server";
import type { Video, VideoSearch } from "./types";

/**
 * VideoSearch on the YouTube Data API v3 `search.list` endpoint (GET
 * {base}/search, API key in `key`, results in items[].id.videoId and
 * items[].snippet.title). A failed search costs the article its video, never
 * the article; only a cancelled signal throws. tests/fakes/youtube.ts speaks
 * the same protocol. Requests go through the outbound guard like every other
 * vendor call (a local fake is reached through TEST_ALLOW_PRIVATE_HOSTS).
 */

const SEARCH_TIMEOUT_MS = 10_000;
// One result's snippet is a few kilobytes; a bigger answer is not search.list's.
const MAX_ANSWER_BYTES = 1024 * 1024;
const VIDEO_ID = /^[\w-]{6,20}$/;

const SearchListResponse = z.object({
  items: z
    .array(
      z.object({
        id: z.object({ videoId: z.string().optional() }).optional(),
        snippet: z.object({ title: z.string().optional() }).optional(),
      }),
    )
    .optional(),
});

export function createYouTubeSearch(config: { apiKey: string; baseUrl: string }): VideoSearch {
  return {
    kind: "youtube",
    async find(keyword, language, signal): Promise<Video | null> {
      const url = new URL(`${config.baseUrl.replace(/\/$/, "")}/search`);
      url.search = new URLSearchParams({
        part: "snippet",
        type: "video",
        maxResults: "1",
        safeSearch: "strict",
        videoEmbeddable: "true",
        relevanceLanguage: language.split("-")[0] ?? "en",
        q: keyword,
        key: config.apiKey,
      }).toString();
      try {
        const response = await guardedFetch(url, { timeoutMs: SEARCH_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES, signal });
        if (response.status < 200 || response.status >= 300) return null;
        const body = SearchListResponse.safeParse(JSON.parse(response.text()));
        const item = body.success ? body.data.items?.[0] : undefined;
        const id = item?.id?.videoId;
        return id && VIDEO_ID.test(id) ? { id, title: item?.snippet?.title ?? keyword } : null;
      } catch (error) {
        if (signal.aborted) throw error;
        logger.warn({ err: error }, "YouTube search failed; the article goes without a video");
        return null;
      }
    },
  };
}

/** Without a YouTube key articles go without a video. */
export const noVideoSearch: VideoSearch = { kind: "none", find: async () => null };
