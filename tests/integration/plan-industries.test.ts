import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { generatePlan } from "#app/modules/plan/plan.server";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { createFixtureResearchProvider } from "#tests/fixtures/research/fixture-provider";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import type { SitePageKind } from "#app/modules/research/types";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeTopic, makeUser } from "#tests/setup/factories";
import { grammarProblems } from "#tests/setup/query-grammar";

/**
 * The planners on the other two industries of the research fixtures (a
 * pottery studio, a B2B SaaS): nothing coffee-shaped leaks into them, the
 * provider's keywords are planned as searched ("e-invoicing"), and both the
 * data-backed and the offline month read as searches.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const SITES = {
  pottery: {
    pages: [
      ["product", "Beginner Wheel Throwing Class"],
      ["product", "Studio Membership"],
      ["product", "Stoneware Clay"],
      ["category", "Pottery Classes"],
      ["product", "Kiln Firing Service"],
    ],
    keywords: ["wheel throwing", "glazing pottery", "trimming pottery", "hand building pottery"],
    tags: ["pottery classes", "handmade ceramics"],
  },
  saas: {
    pages: [
      ["product", "AP Automation Platform"],
      ["page", "Invoice Processing"],
      ["page", "Invoice Approval Workflows"],
      ["page", "Vendor Payments"],
    ],
    keywords: ["accounts payable automation", "invoice approval", "vendor onboarding"],
    tags: ["ap automation", "invoice processing"],
  },
} as const;

async function siteOf(name: keyof typeof SITES) {
  const spec = SITES[name];
  const user = await makeUser(db);
  await db
    .updateTable("brand_settings")
    .set({ brand_name: name, tags: JSON.stringify(spec.tags), updated_at: isoNow() })
    .where("site_id", "=", user.siteId)
    .execute();
  await replaceSitePages(
    db,
    user.siteId,
    spec.pages.map(([kind, title], i) => ({
      url: `https://${name}.test/p${i}`,
      kind: kind as SitePageKind,
      title,
      summary: "",
      facts: [],
      faq: [],
      fetchedAt: isoNow(),
    })),
  );
  await makeTopic(db, user.siteId, { name: "Main", keywords: JSON.stringify(spec.keywords) });
  return user;
}

const planOf = (siteId: string) => db.selectFrom("plan_items").selectAll().where("site_id", "=", siteId).orderBy("date").execute();

describe("the planners beyond coffee", () => {
  for (const name of ["pottery", "saas"] as const) {
    it(`${name}: a data-backed month and an offline one, both grammatical`, async () => {
      const user = await siteOf(name);
      const site = { id: user.siteId, timeZone: "UTC" };
      await generatePlan(db, site, user, { research: createFixtureResearchProvider([RESEARCH_FIXTURES[name]]) });
      const data = await planOf(user.siteId);
      expect(data).toHaveLength(30);
      expect(grammarProblems(data.map((r) => r.keyword))).toEqual([]);
      expect(
        data.filter((r) => /^[\d,]+ searches a month, difficulty \d+, supports your /.test(r.rationale)).length,
      ).toBeGreaterThanOrEqual(25);
      await generatePlan(db, site, user, { research: null });
      const offline = await planOf(user.siteId);
      expect(offline.length).toBeGreaterThanOrEqual(5);
      expect(grammarProblems(offline.map((r) => r.keyword))).toEqual([]);
      expect(offline.some((r) => /coffee|brew/.test(r.keyword))).toBe(false);
    });
  }

  it("plans a provider's keyword as it is searched", async () => {
    const user = await siteOf("saas");
    await generatePlan(db, { id: user.siteId, timeZone: "UTC" }, user, {
      research: createFixtureResearchProvider([RESEARCH_FIXTURES.saas]),
    });
    const keywords = (await planOf(user.siteId)).map((r) => r.keyword);
    expect(keywords).toContain("e-invoicing");
    expect(keywords).not.toContain("e invoicing");
  });
});
