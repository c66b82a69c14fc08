import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { DAY } from "#app/utils/time";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { newCounters } from "./cache.server";
import { createDataForSeoResearchProvider } from "./provider.server";
import { outlineOf, resultPagesFor } from "./result-pages.server";
import type { Serp } from "./types";

let db: DB;
let siteId: string;
let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
const provider = () => createDataForSeoResearchProvider({ login: fake.login, password: fake.password, baseUrl: fake.url });
const fixturePage = (rewritten: string) => {
  const original = `https://${rewritten.replace(`${fake.url}/pages/`, "")}`;
  return RESEARCH_FIXTURES.coffee.pages.find((p) => p.url === original)!;
};

beforeAll(async () => {
  db = await testDb();
  siteId = (await makeUser(db)).siteId;
  // Result URLs point at the fake's own pages, which the guard reaches only because its port is listed.
  fake = await startFakeDataForSeo({ fixtures: [RESEARCH_FIXTURES.coffee], rewriteResultUrls: true });
  allowPrivateHosts(`127.0.0.1:${fake.port}`);
});
beforeEach(() => {
  fake.failures.length = 0;
  delete fake.latency.pages;
});
afterAll(async () => {
  forgetPrivateHosts();
  await fake.close();
});

test("fetches the top 5 result pages through the guard and reads their title and h1-h3, in the results' order", async () => {
  const serp = await provider().serp("coffee tasting notes");
  const counters = newCounters();
  const pages = await resultPagesFor(db, siteId, serp, { counters });
  expect(pages.map((p) => p.url)).toEqual(serp.results.slice(0, 5).map((r) => r.url));
  for (const page of pages) {
    const fixture = fixturePage(page.url);
    expect(page.title).toBe(fixture.title);
    expect(page.headings).toEqual(fixture.headings.map(([, text]) => text));
  }
  expect(counters).toEqual({ providerCalls: 0, cacheHits: 0, pagesFetched: 5 });

  // The same pages again come from the cache; a larger limit fetches only the new ones.
  const again = newCounters();
  expect(await resultPagesFor(db, siteId, serp, { counters: again })).toEqual(pages);
  expect(again).toEqual({ providerCalls: 0, cacheHits: 5, pagesFetched: 0 });
  const more = newCounters();
  expect(await resultPagesFor(db, siteId, serp, { counters: more, limit: 7 })).toHaveLength(7);
  expect(more).toEqual({ providerCalls: 0, cacheHits: 5, pagesFetched: 2 });

  // A month later the cached outlines are stale and fetched again.
  const later = newCounters();
  await resultPagesFor(db, siteId, serp, { counters: later, now: new Date(Date.now() + 31 * DAY) });
  expect(later.pagesFetched).toBe(5);
});

test("a page that fails gives headings null, is not cached, and never fails the others", async () => {
  const serp = await provider().serp("coffee cupping");
  fake.failures.push({ kind: "pages", httpStatus: 503 });
  const pages = await resultPagesFor(db, siteId, serp, { limit: 3 });
  expect(pages.filter((p) => p.headings === null)).toHaveLength(1);
  expect(pages.filter((p) => p.headings !== null)).toHaveLength(2);
  const failed = pages.find((p) => p.headings === null)!;
  expect(failed.title).toBe(serp.results.find((r) => r.url === failed.url)!.title);
  const counters = newCounters();
  const retried = await resultPagesFor(db, siteId, serp, { limit: 3, counters });
  expect(counters).toEqual({ providerCalls: 0, cacheHits: 2, pagesFetched: 1 });
  expect(retried.every((p) => p.headings !== null)).toBe(true);
});

test("the SSRF guard refuses private and local addresses: those pages come back unread", async () => {
  const serp: Serp = {
    keyword: "coffee",
    results: [
      { position: 1, url: "http://169.254.169.254/latest/meta-data/", domain: "169.254.169.254", title: "Metadata", snippet: "" },
      { position: 2, url: "http://10.0.0.7/admin", domain: "10.0.0.7", title: "Admin", snippet: "" },
      { position: 3, url: `http://127.0.0.1:${fake.port + 1}/x`, domain: "127.0.0.1", title: "Local", snippet: "" },
      { position: 4, url: "file:///etc/passwd", domain: "", title: "File", snippet: "" },
    ],
    peopleAlsoAsk: [],
    relatedSearches: [],
  };
  const pages = await resultPagesFor(db, siteId, serp, { limit: 4 });
  expect(pages.map((p) => p.headings)).toEqual([null, null, null, null]);
});

test("at most three pages are in flight at once", async () => {
  const serp = await provider().serp("water temperature for coffee");
  fake.latency.pages = 150;
  const started = Date.now();
  const pages = await resultPagesFor(db, siteId, serp, { limit: 6 });
  // Six pages, three at a time: two rounds of 150 ms, where unbounded fetching would take one.
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  expect(pages.every((p) => p.headings !== null)).toBe(true);
});

test("outlineOf reads the title and h1-h3 in document order, whitespace folded, and skips h4 and empty headings", () => {
  const html = `<html><head><title> Store
    coffee </title></head><body><h1>Storing beans</h1><h4>Aside</h4><h2>  Use an
  airtight container </h2><h3></h3><h3>Glass or steel?</h3></body></html>`;
  expect(outlineOf(html)).toEqual({ title: "Store coffee", headings: ["Storing beans", "Use an airtight container", "Glass or steel?"] });
});
