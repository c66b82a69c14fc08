import http from "node:http";
import { listen, sendJson } from "./http-fake";

/**
 * A local YouTube Data API v3 server for GET /search (search.list), under
 * /youtube/v3 or at the root so either base URL style works: the API key in
 * `key`, `part=snippet` required, `videoEmbeddable` only with `type=video`,
 * and the real youtube#searchListResponse envelope with youtube#searchResult
 * items (id.kind/id.videoId, snippet with title, channel and thumbnails).
 * Errors use Google's JSON error shape. A query finds only the videos a test
 * put in `videos` (by lowercased q), so by default nothing is found.
 */

export type FakeVideo = { videoId: string; title: string; channelTitle?: string; description?: string };
type FakeError = { status: number; reason: string; message: string; domain?: string };

function googleError({ status, reason, message, domain = "global" }: FakeError) {
  const statusText: Record<number, string> = { 400: "INVALID_ARGUMENT", 403: "PERMISSION_DENIED", 404: "NOT_FOUND", 500: "INTERNAL" };
  return { error: { code: status, message, errors: [{ message, domain, reason }], status: statusText[status] ?? "UNKNOWN" } };
}

export const QUOTA_EXCEEDED: FakeError = {
  status: 403,
  reason: "quotaExceeded",
  domain: "youtube.quota",
  message: "The request cannot be completed because you have exceeded your quota.",
};

export async function startFakeYouTube({ port = 0, apiKey = "fake-youtube-key" } = {}) {
  const requests: Array<{ path: string; query: Record<string, string> }> = [];
  const videos = new Map<string, FakeVideo[]>();
  /** Armed answers for the next requests. */
  const failures: FakeError[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const path = url.pathname.replace(/^\/youtube\/v3(?=\/)/, "");
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path, query });
    if (path !== "/search" || req.method !== "GET") {
      return sendJson(res, 404, googleError({ status: 404, reason: "notFound", message: "Not Found" }));
    }
    if (query.key !== apiKey) {
      return sendJson(
        res,
        400,
        googleError({ status: 400, reason: "badRequest", message: "API key not valid. Please pass a valid API key." }),
      );
    }
    const armed = failures.shift();
    if (armed) return sendJson(res, armed.status, googleError(armed));
    if (query.part !== "snippet") {
      return sendJson(
        res,
        400,
        googleError({ status: 400, reason: "missingRequiredParameter", message: "No filter selected. Expected one of: part" }),
      );
    }
    if (query.videoEmbeddable && query.type !== "video") {
      return sendJson(
        res,
        400,
        googleError({ status: 400, reason: "invalidSearchFilter", message: "Request contains an invalid argument." }),
      );
    }
    const maxResults = Math.min(50, Math.max(0, Number(query.maxResults ?? 5)));
    const found = (videos.get((query.q ?? "").toLowerCase()) ?? []).slice(0, maxResults);
    const thumbnails = (id: string) => ({
      default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
      medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
      high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
    });
    return sendJson(res, 200, {
      kind: "youtube#searchListResponse",
      etag: "fake-etag",
      ...(found.length ? { nextPageToken: "CAEQAA" } : {}),
      regionCode: "US",
      pageInfo: { totalResults: found.length, resultsPerPage: maxResults },
      items: found.map((v) => ({
        kind: "youtube#searchResult",
        etag: `fake-etag-${v.videoId}`,
        id: { kind: "youtube#video", videoId: v.videoId },
        snippet: {
          publishedAt: "2024-05-01T12:00:00Z",
          channelId: "UCfakechannel000000000000",
          title: v.title,
          description: v.description ?? "",
          thumbnails: thumbnails(v.videoId),
          channelTitle: v.channelTitle ?? "Fake Channel",
          liveBroadcastContent: "none",
          publishTime: "2024-05-01T12:00:00Z",
        },
      })),
    });
  });
  const handle = await listen(server, port);
  return { ...handle, baseUrl: `${handle.url}/youtube/v3`, apiKey, requests, videos, failures };
}
