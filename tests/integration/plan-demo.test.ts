import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { seedDemo } from "#app/modules/demo/seed.server";
import { resultsOverlap } from "#app/modules/plan/data-planner.server";
import { generatePlan } from "#app/modules/plan/plan.server";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { createDataForSeoResearchProvider } from "#app/modules/research/provider.server";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { testDb } from "#tests/setup/db";
import { grammarProblems } from "#tests/setup/query-grammar";

/**
 * The plan a new coffee roaster gets (the done-when): on the demo
 * site, with the fake DataForSEO serving the coffee fixture over its real
 * protocol, every planned day is a grammatical query whose reason names its
 * figures, and no two days share more than half of their top-10 results;
 * without a provider, the offline planner's month reads as searches too,
 * each reason naming the page, product or topic it came from.
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
let tenant: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  fake = await startFakeDataForSeo({ fixtures: [RESEARCH_FIXTURES.coffee] });
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
  db = await testDb();
  tenant = await seedDemo(db);
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await fake.close();
});

const site = () => ({ id: tenant.siteId, timeZone: "UTC" });
const plan = () => db.selectFrom("plan_items").selectAll().where("site_id", "=", tenant.siteId).orderBy("date").execute();
const serpUrls = (keyword: string) =>
  ((fake.serps.get(keyword)?.items ?? []) as Array<{ type: string; url?: string }>)
    .filter((i) => i.type === "organic")
    .slice(0, 10)
    .map((i) => i.url ?? "");

describe("the demo's plan", () => {
  it("with the fake DataForSEO: 30 grammatical queries, every reason naming its figures, no two sharing their results", async () => {
    const research = createDataForSeoResearchProvider({ login: fake.login, password: fake.password, baseUrl: fake.url });
    const result = await generatePlan(db, site(), tenant, { research, text: undefined });
    expect(result.keywordData).toBe(true);
    const rows = await plan();
    const keywords = rows.map((r) => r.keyword);
    expect(rows).toHaveLength(30);
    expect(grammarProblems(keywords)).toEqual([]);
    for (const r of rows) {
      expect(r.rationale).toMatch(/^[\d,]+ searches a month, difficulty \d+, supports your (product page|category page|page|topic) /);
      expect(r.volume).toBeGreaterThan(0);
      expect(r.keyword_difficulty).not.toBeNull();
    }
    for (const [i, a] of keywords.entries())
      for (const b of keywords.slice(i + 1)) expect(resultsOverlap(serpUrls(a), serpUrls(b)), `${a} / ${b}`).toBeLessThanOrEqual(0.5);
    // The bound: at most 45 result look-ups for the plan.
    expect(fake.requests.filter((r) => r.path.includes("/serp/")).length).toBeLessThanOrEqual(45);
  });

  it("without a provider: the offline month reads as searches, each reason naming its page, product or topic", async () => {
    await generatePlan(db, site(), tenant, { research: null });
    const rows = await plan();
    expect(rows).toHaveLength(30);
    expect(grammarProblems(rows.map((r) => r.keyword))).toEqual([]);
    for (const r of rows) {
      expect(r.volume).toBeNull();
      expect(r.rationale).toMatch(
        /^(From your (product page|category page|page) |From the FAQ on your page |Serves your topic |From your brand profile: |Fills a gap: )/,
      );
    }
    // A day says its topic when one fits; the brand's own word alone (coffee) fits none (decision 070).
    expect(rows.filter((r) => r.topic_id).length).toBeGreaterThanOrEqual(23);
  });
});
