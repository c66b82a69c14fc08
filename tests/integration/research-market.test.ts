import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { keywordDataFor, serpFor, siteMarket } from "#app/modules/research/cache.server";
import { createDataForSeoResearchProvider, LOCATIONS_PATH, SERP_PATH } from "#app/modules/research/provider.server";
import { researchStatus } from "#app/modules/research/status";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";

/** The research asks the site's market (docs/decisions/073-research-market.md), through the real adapter and the DataForSEO fake. */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
beforeAll(async () => {
  db = await testDb();
  fake = await startFakeDataForSeo({ fixtures: [RESEARCH_FIXTURES.coffee] });
  allowPrivateHosts(`127.0.0.1:${fake.port}`);
});
afterAll(async () => {
  forgetPrivateHosts();
  await fake.close();
});

const provider = () => createDataForSeoResearchProvider({ login: fake.login, password: fake.password, baseUrl: fake.url });
const asked = (path: string) =>
  fake.requests.filter((r) => r.path === path).map((r) => (r.body as Array<{ location_code: number; language_code: string }>)[0]);

async function siteIn(language: string, timezone: string) {
  const user = await makeUser(db, { site: { timezone } });
  await db.updateTable("content_settings").set({ language }).where("site_id", "=", user.siteId).execute();
  return user.siteId;
}

describe("research in the site's market", () => {
  it("asks a German site's searches in Germany in German, and keeps them apart from another language's", async () => {
    const siteId = await siteIn("de-DE", "Europe/Berlin");
    fake.requests.length = 0;
    await serpFor(db, siteId, provider(), "how to store coffee beans");
    await keywordDataFor(db, siteId, provider(), ["how to store coffee beans"]);
    expect(asked(SERP_PATH)).toEqual([expect.objectContaining({ location_code: 2276, language_code: "de" })]);
    expect(asked("/v3/dataforseo_labs/google/keyword_overview/live")).toEqual([
      expect.objectContaining({ location_code: 2276, language_code: "de" }),
    ]);

    // The same keyword again is a cache hit; after the site switches to British English it is asked again, in that market.
    await serpFor(db, siteId, provider(), "how to store coffee beans");
    expect(asked(SERP_PATH)).toHaveLength(1);
    await db.updateTable("content_settings").set({ language: "en-GB" }).where("site_id", "=", siteId).execute();
    await serpFor(db, siteId, provider(), "how to store coffee beans");
    expect(asked(SERP_PATH)[1]).toMatchObject({ location_code: 2826, language_code: "en" });
  });

  it("asks the provider's list of markets at most once a day and keeps the site's choice", async () => {
    const siteId = await siteIn("fr", "America/Toronto");
    const before = asked(LOCATIONS_PATH).length;
    const first = await siteMarket(db, siteId, provider());
    expect(first).toMatchObject({ locationCode: 2124, languageCode: "fr", label: "Canada (French)" });
    await siteMarket(db, siteId, provider());
    expect(asked(LOCATIONS_PATH).length - before).toBeLessThanOrEqual(1);
    // The choice is cached with the site: answered without the provider even when it is down.
    fake.failures.push({ httpStatus: 500, kind: "labs" });
    expect(await siteMarket(db, siteId, provider())).toEqual(first);
    fake.failures.length = 0;
  });

  it("a market the service does not cover is never asked for", async () => {
    const siteId = await siteIn("sw-KE", "Africa/Nairobi");
    fake.requests.length = 0;
    const figures = await keywordDataFor(db, siteId, provider(), ["how to store coffee beans"]);
    expect(asked("/v3/dataforseo_labs/google/keyword_overview/live")).toEqual([
      expect.objectContaining({ location_code: 2840, language_code: "en" }),
    ]);
    expect(figures.get("how to store coffee beans")?.volume).toBeGreaterThan(0);
  });

  it("the Sources panel's sentence names the market", () => {
    const status = researchStatus({
      keyword: "kaffeebohnen lagern",
      provider: "DataForSEO",
      market: "Germany (German)",
      serp: { keyword: "kaffeebohnen lagern", results: [], peopleAlsoAsk: [], relatedSearches: [] },
      pages: [],
      keywordData: null,
      sitePages: [],
      gatheredAt: "2026-11-29T00:00:00.000Z",
    });
    expect(status.sentence).toMatch(/^Researched with DataForSEO for searches in Germany \(German\): 0 top results/);
  });
});
