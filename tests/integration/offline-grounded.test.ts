import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { offline } from "#app/modules/ai/providers.server";
import { seedDemo } from "#app/modules/demo/seed.server";
import { offlineGapsOfArticle } from "#app/modules/generation/writer-gaps.server";
import { withNorthwindGrounding } from "#tests/fakes/northwind-grounding";
import { testDb } from "#tests/setup/db";
import { checkSite, generate, KEYWORDS, type Tenant } from "#tests/setup/offline-demo";

/**
 * On the demo site, three articles for three coffee keywords, written by the offline writer through the real
 * pipeline: once with research whose facts the test knows (tests/fakes/northwind-grounding.ts), once with the
 * real research step (the DataForSEO fake serving the coffee fixture, the demo's own site pages). None shares a
 * sentence of 8+ words with another article of the site (the demo's eight hand-written ones or each other, checked
 * against the stored sentence index), nearly every sentence names its topic, the internal links meet the content
 * settings and point only at live public pages, and the write screen lists what the writer could not do.
 */

describe("the offline writer on the demo site, with research whose facts the test knows", () => {
  let db: DB;
  let tenant: Tenant;
  beforeAll(async () => {
    db = await testDb();
    tenant = await seedDemo(db);
  });

  it("writes three grounded articles that repeat nothing of the site and meet its link settings", async () => {
    const ai = { ...offline, writer: withNorthwindGrounding(offline.writer) };
    const articles = [];
    for (const keyword of KEYWORDS) articles.push(await generate(db, tenant, keyword, { ai }));
    console.info(await checkSite(db, tenant, articles));
    expect((await offlineGapsOfArticle(db, tenant.siteId, articles[0]!.id)).join(" ")).toMatch(/shorter rather than padded/);
  });
});
