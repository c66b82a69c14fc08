import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { startSearchConsoleFake, type SearchConsoleFake } from "#tests/fakes/search-console";
import { createSearchConsoleApi, type RefreshedTokens } from "./client.server";
import { SearchConsoleAccessError, SearchConsoleAuthError, SearchConsoleQuotaError } from "./types";

// The real client (Google's library) against the fake Search Console: wire format in and out, and Google's
// errors mapped to the contract's classes.
const SITE = "sc-domain:roaster.test";
const EMAIL = "ada@gmail.test";
let fake: SearchConsoleFake;

beforeAll(async () => {
  fake = await startSearchConsoleFake({ today: "2026-11-20" });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.registerProperty({
    siteUrl: SITE,
    access: { [EMAIL]: "siteOwner" },
    pages: [
      {
        url: "https://roaster.test/blog/cold-brew",
        published: "2026-06-01",
        base: 400,
        trend: "growing",
        queries: [
          { query: "cold brew ratio", position: 4 },
          { query: "cold brew", position: 11 },
        ],
      },
      { url: "https://roaster.test/blog/espresso", published: "2026-08-01", base: 60, queries: [{ query: "espresso grind", position: 9 }] },
    ],
  });
  fake.registerProperty({ siteUrl: "https://other.test/", access: { "someone@else.test": "siteOwner" } });
  fake.registerToken("valid-token", EMAIL);
  fake.registerRefreshToken("refresh-ok", EMAIL);
});

function client(accessToken: string | null, refreshToken = "refresh-ok", onTokens?: (t: RefreshedTokens) => void) {
  return createSearchConsoleApi({
    tokens: { refreshToken, accessToken, expiresAt: accessToken ? new Date(Date.now() + 3_600_000).toISOString() : null },
    tokenUrl: fake.tokenUrl,
    clientId: "client",
    clientSecret: "secret",
    rootUrl: fake.rootUrl,
    onTokens,
  });
}

describe("search console client", () => {
  test("lists the properties the account reads and queries rows sorted by clicks, paged", async () => {
    const api = client("valid-token");
    expect(await api.listProperties()).toEqual([{ siteUrl: SITE, permissionLevel: "siteOwner" }]);
    const request = { startDate: "2026-10-01", endDate: "2026-10-31", dimensions: ["page", "date"] as const, rowLimit: 10, startRow: 0 };
    const first = await api.query(SITE, { ...request, dimensions: ["page", "date"] });
    expect(first).toHaveLength(10);
    expect(first[0]!.keys[0]).toBe("https://roaster.test/blog/cold-brew");
    for (const row of first) expect(row.clicks).toBeLessThan(row.impressions);
    expect(first.map((r) => r.clicks)).toEqual([...first.map((r) => r.clicks)].sort((a, b) => b - a));
    const second = await api.query(SITE, { ...request, dimensions: ["page", "date"], startRow: 10 });
    expect(second[0]!.clicks).toBeLessThanOrEqual(first[9]!.clicks);
    expect(fake.counters.query).toBe(2);
  });

  test("filters by pages and answers no rows past the newest final day", async () => {
    const api = client("valid-token");
    const rows = await api.query(SITE, {
      startDate: "2026-11-01",
      endDate: "2026-11-20",
      dimensions: ["date"],
      rowLimit: 1000,
      startRow: 0,
      pages: ["https://roaster.test/blog/espresso", "https://roaster.test/blog/nothing-here"],
    });
    expect(
      rows
        .map((r) => r.keys[0])
        .sort()
        .at(-1),
    ).toBe(fake.lastFinalDate());
    const fresh = await api.query(SITE, {
      startDate: "2026-11-18",
      endDate: "2026-11-20",
      dimensions: ["date"],
      rowLimit: 10,
      startRow: 0,
      dataState: "all",
    });
    expect(fresh.map((r) => r.keys[0]).sort()).toEqual(["2026-11-18", "2026-11-19"]);
    expect(
      await api.query(SITE, { startDate: "2020-01-01", endDate: "2020-01-31", dimensions: ["date"], rowLimit: 10, startRow: 0 }),
    ).toEqual([]);
  });

  test("refreshes a missing access token through the token URL and hands it to onTokens", async () => {
    const seen: RefreshedTokens[] = [];
    const api = client(null, "refresh-ok", (t) => seen.push(t));
    expect(await api.listProperties()).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.accessToken).toMatch(/^ya29\.fake-/);
    expect(Date.parse(seen[0]!.expiresAt!)).toBeGreaterThan(Date.now());
  });

  test("maps a 429 RESOURCE_EXHAUSTED to a short quota error with Retry-After, and a daily one to 'daily'", async () => {
    const api = client("valid-token");
    const request = { startDate: "2026-10-01", endDate: "2026-10-02", dimensions: ["date" as const], rowLimit: 10, startRow: 0 };
    fake.failNext({ status: 429, retryAfterSeconds: 7 });
    const short = await api.query(SITE, request).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(SearchConsoleQuotaError);
    expect(short).toMatchObject({ window: "short", retryAfterMs: 7000 });
    fake.failNext({ status: 429, window: "daily" });
    const daily = await api.query(SITE, request).catch((e: unknown) => e);
    expect(daily).toMatchObject({ name: "SearchConsoleQuotaError", window: "daily", retryAfterMs: null });
  });

  test("the per-minute budget per property answers 429 once spent", async () => {
    fake.setPerMinuteBudget(2);
    try {
      const api = client("valid-token");
      const request = { startDate: "2026-10-01", endDate: "2026-10-01", dimensions: ["date" as const], rowLimit: 1, startRow: 0 };
      await api.query(SITE, request);
      await api.query(SITE, request);
      const error = await api.query(SITE, request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SearchConsoleQuotaError);
      expect((error as SearchConsoleQuotaError).retryAfterMs).toBeGreaterThan(0);
    } finally {
      fake.setPerMinuteBudget(1200);
    }
  });

  test("a revoked refresh token is an auth error; a property the account cannot read is an access error", async () => {
    const revoked = client(null, "refresh-revoked");
    await expect(revoked.listProperties()).rejects.toBeInstanceOf(SearchConsoleAuthError);
    const api = client("valid-token");
    await expect(
      api.query("https://other.test/", { startDate: "2026-10-01", endDate: "2026-10-01", dimensions: ["date"], rowLimit: 1, startRow: 0 }),
    ).rejects.toBeInstanceOf(SearchConsoleAccessError);
  });

  test("submits a sitemap and inspects a URL", async () => {
    const api = client("valid-token");
    await api.submitSitemap(SITE, "https://roaster.test/sitemap.xml");
    expect(fake.sitemaps).toMatchObject([{ siteUrl: SITE, feedpath: "https://roaster.test/sitemap.xml" }]);
    expect(await api.inspectUrl(SITE, "https://roaster.test/blog/espresso")).toMatchObject({
      verdict: "PASS",
      coverageState: "Submitted and indexed",
    });
    expect(await api.inspectUrl(SITE, "https://roaster.test/blog/new")).toMatchObject({ verdict: "NEUTRAL", lastCrawlTime: null });
  });
});
