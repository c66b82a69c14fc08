import { afterAll, beforeAll, describe, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { seedDemo } from "#app/modules/demo/seed.server";
import { defaultResearchDeps } from "#app/modules/generation/grounding.server";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { testDb } from "#tests/setup/db";
import { checkSite, generate, KEYWORDS, type Tenant } from "#tests/setup/offline-demo";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";

/**
 * On the demo site, three articles for three coffee keywords, written by the offline writer through the real
 * pipeline with the real research step: the DataForSEO fake serving the coffee fixture, the demo's own site pages.
 * The same checks as offline-grounded.test.ts (tests/setup/offline-demo.ts).
 */

describe("the offline writer on the demo site, with the research step (DataForSEO fake, coffee fixture)", () => {
  let db: DB;
  let tenant: Tenant;
  let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
  beforeAll(async () => {
    db = await testDb();
    tenant = await seedDemo(db);
    fake = await startFakeDataForSeo({ fixtures: [RESEARCH_FIXTURES.coffee], rewriteResultUrls: true });
    allowPrivateHosts(`127.0.0.1:${fake.port}`);
    Object.assign(process.env, { DATAFORSEO_LOGIN: fake.login, DATAFORSEO_PASSWORD: fake.password, DATAFORSEO_API_URL: fake.url });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const name of ["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD", "DATAFORSEO_API_URL"]) delete process.env[name];
    forgetPrivateHosts();
    resetEnvForTests();
    await fake.close();
  });

  it("writes three articles from the research step that repeat nothing of the site and meet its link settings", async () => {
    const research = { ...defaultResearchDeps(), verifyLink: async () => true };
    const articles = [];
    for (const keyword of KEYWORDS) articles.push(await generate(db, tenant, keyword, { research }));
    console.info(await checkSite(db, tenant, articles));
  });
});
