import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { QUOTA_EXCEEDED, startFakeYouTube } from "#tests/fakes/youtube";
import { getVideoSearch } from "./providers.server";
import { createYouTubeSearch } from "./youtube.server";

let fake: Awaited<ReturnType<typeof startFakeYouTube>>;
const never = new AbortController().signal;

beforeAll(async () => {
  fake = await startFakeYouTube();
  // Vendor calls go through the outbound guard, which lets a private address through only when listed.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failures.length = 0;
  fake.videos.clear();
});

const search = () => createYouTubeSearch({ apiKey: fake.apiKey, baseUrl: fake.baseUrl });

test("asks search.list for one embeddable, safe video in the article's language", async () => {
  fake.videos.set("cold brew", [{ videoId: "dQw4w9WgXcQ", title: "Cold Brew at Home" }]);
  expect(await search().find("cold brew", "de-DE", never)).toEqual({ id: "dQw4w9WgXcQ", title: "Cold Brew at Home" });
  expect(fake.requests).toEqual([
    {
      path: "/search",
      query: {
        part: "snippet",
        type: "video",
        maxResults: "1",
        safeSearch: "strict",
        videoEmbeddable: "true",
        relevanceLanguage: "de",
        q: "cold brew",
        key: fake.apiKey,
      },
    },
  ]);
});

test("no result, a refused key or a spent quota: no video, and no error", async () => {
  expect(await search().find("nothing here", "en-US", never)).toBeNull();
  const wrongKey = createYouTubeSearch({ apiKey: "wrong", baseUrl: fake.baseUrl });
  fake.videos.set("cold brew", [{ videoId: "dQw4w9WgXcQ", title: "Cold Brew at Home" }]);
  expect(await wrongKey.find("cold brew", "en-US", never)).toBeNull();
  fake.failures.push(QUOTA_EXCEEDED);
  expect(await search().find("cold brew", "en-US", never)).toBeNull();
  expect(fake.requests).toHaveLength(3);
});

test("an unreachable API is no video; a cancelled generation throws", async () => {
  const down = createYouTubeSearch({ apiKey: "k", baseUrl: "http://127.0.0.1:9/youtube/v3" });
  expect(await down.find("cold brew", "en-US", never)).toBeNull();
  await expect(search().find("cold brew", "en-US", AbortSignal.abort())).rejects.toThrow();
});

test("the selector uses YouTube only when YOUTUBE_API_KEY is set", async () => {
  expect(getVideoSearch().kind).toBe("none");
  Object.assign(process.env, { YOUTUBE_API_KEY: fake.apiKey, YOUTUBE_API_URL: fake.baseUrl });
  resetEnvForTests();
  try {
    fake.videos.set("latte art", [{ videoId: "abcDEF12345", title: "Latte Art Basics" }]);
    const configured = getVideoSearch();
    expect(configured.kind).toBe("youtube");
    expect(await configured.find("latte art", "en-US", never)).toEqual({ id: "abcDEF12345", title: "Latte Art Basics" });
  } finally {
    delete process.env.YOUTUBE_API_KEY;
    delete process.env.YOUTUBE_API_URL;
    resetEnvForTests();
  }
});
