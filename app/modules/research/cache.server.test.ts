import { beforeAll, expect, test } from "vitest";
import { FIXTURE_LOCATIONS } from "#tests/fixtures/research/locations";
import type { DB } from "#app/db/client.server";
import { DAY } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { FRESHNESS_MS, keywordDataFor, keywordIdeasFor, newCounters, serpFor } from "./cache.server";
import type { KeywordData, ResearchProvider, Serp } from "./types";

/** An in-memory provider that counts what it was asked. */
function countingProvider() {
  const calls = { serp: [] as string[], keywordData: [] as string[][], keywordIdeas: [] as string[][] };
  const figures = (keyword: string): KeywordData => ({
    keyword,
    volume: keyword.length * 10,
    difficulty: 20,
    cpc: 0.5,
    intent: "informational",
  });
  const provider: ResearchProvider = {
    name: "Counting",
    async serp(keyword) {
      calls.serp.push(keyword);
      return { keyword, results: [], peopleAlsoAsk: [`What is ${keyword}?`], relatedSearches: [] } satisfies Serp;
    },
    async keywordData(keywords) {
      calls.keywordData.push(keywords);
      return new Map(keywords.filter((k) => !k.startsWith("unknown")).map((k) => [k, figures(k)]));
    },
    async keywordIdeas(seeds) {
      calls.keywordIdeas.push(seeds);
      return seeds.map((s) => figures(`${s} ideas`));
    },
    async locations() {
      return FIXTURE_LOCATIONS;
    },
  };
  return { provider, calls };
}

let db: DB;
let siteId: string;
let otherSiteId: string;
const T0 = new Date("2026-11-01T08:00:00Z");
const after = (ms: number) => new Date(T0.getTime() + ms);

beforeAll(async () => {
  db = await testDb();
  siteId = (await makeUser(db)).siteId;
  otherSiteId = (await makeUser(db)).siteId;
});

test("serpFor: asks the provider once, answers from the cache while fresh (14 days), asks again when stale; per site", async () => {
  const { provider, calls } = countingProvider();
  const counters = newCounters();
  const first = await serpFor(db, siteId, provider, "  How to Store  Coffee ", { now: T0, counters });
  expect(calls.serp).toEqual(["how to store coffee"]);
  expect(await serpFor(db, siteId, provider, "how to store coffee", { now: after(FRESHNESS_MS.serp - 60_000), counters })).toEqual(first);
  expect(counters).toEqual({ providerCalls: 1, cacheHits: 1, pagesFetched: 0 });
  await serpFor(db, siteId, provider, "how to store coffee", { now: after(FRESHNESS_MS.serp + 60_000), counters });
  expect(calls.serp).toHaveLength(2);
  // Another site's cache is its own.
  await serpFor(db, otherSiteId, provider, "how to store coffee", { now: T0, counters });
  expect(calls.serp).toHaveLength(3);
  expect(counters).toEqual({ providerCalls: 3, cacheHits: 1, pagesFetched: 0 });
});

test("keywordDataFor: cached keywords are hits, the rest go in one call; unknown keywords are remembered as unknown until stale", async () => {
  const { provider, calls } = countingProvider();
  const counters = newCounters();
  const first = await keywordDataFor(db, siteId, provider, ["cold brew", "Cold Brew", "unknown thing"], { now: T0, counters });
  expect(calls.keywordData).toEqual([["cold brew", "unknown thing"]]);
  expect([...first.keys()]).toEqual(["cold brew"]);
  expect(counters).toEqual({ providerCalls: 1, cacheHits: 0, pagesFetched: 0 });

  const second = await keywordDataFor(db, siteId, provider, ["cold brew", "unknown thing", "french press"], { now: after(DAY), counters });
  expect(calls.keywordData[1]).toEqual(["french press"]);
  expect([...second.keys()].sort()).toEqual(["cold brew", "french press"]);
  expect(counters).toEqual({ providerCalls: 2, cacheHits: 2, pagesFetched: 0 });

  // Everything cached: no provider call at all.
  await keywordDataFor(db, siteId, provider, ["cold brew", "french press"], { now: after(2 * DAY), counters });
  expect(calls.keywordData).toHaveLength(2);
  expect(counters).toEqual({ providerCalls: 2, cacheHits: 4, pagesFetched: 0 });

  // Keyword figures stay fresh 30 days.
  await keywordDataFor(db, siteId, provider, ["cold brew"], { now: after(FRESHNESS_MS.keyword + DAY), counters });
  expect(calls.keywordData[2]).toEqual(["cold brew"]);
});

test("keywordIdeasFor: one cached answer per seed set, whatever the order and case of the seeds; the limit is part of the key", async () => {
  const { provider, calls } = countingProvider();
  const counters = newCounters();
  const ideas = await keywordIdeasFor(db, siteId, provider, ["Espresso", "coffee beans"], { now: T0, counters, limit: 50 });
  expect(calls.keywordIdeas).toEqual([["coffee beans", "espresso"]]);
  expect(await keywordIdeasFor(db, siteId, provider, ["coffee beans", "espresso "], { now: after(DAY), counters, limit: 50 })).toEqual(
    ideas,
  );
  expect(counters).toEqual({ providerCalls: 1, cacheHits: 1, pagesFetched: 0 });
  await keywordIdeasFor(db, siteId, provider, ["coffee beans", "espresso"], { now: after(DAY), counters, limit: 100 });
  expect(calls.keywordIdeas).toHaveLength(2);
  expect(await keywordIdeasFor(db, siteId, provider, ["  "], { now: T0, counters })).toEqual([]);
  expect(calls.keywordIdeas).toHaveLength(2);
  // Each idea's figures answer a later look-up of that keyword without a call.
  const before = calls.keywordData.length;
  const idea = ideas[0]!;
  const figures = await keywordDataFor(db, siteId, provider, [idea.keyword.toUpperCase()], { now: after(2 * DAY) });
  expect(figures.get(idea.keyword.toLowerCase())).toEqual(idea);
  expect(calls.keywordData).toHaveLength(before);
});
