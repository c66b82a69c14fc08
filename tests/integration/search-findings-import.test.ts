import { afterAll, beforeAll, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { detectSearchFindings } from "#app/modules/results/detect.server";
import { importSearchResults } from "#app/modules/search-console/import.server";
import { encryptSecret } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { type FakeSearchPage, startSearchConsoleFake, type SearchConsoleFake } from "#tests/fakes/search-console";

// The findings on figures the real import stored from the Search Console fake (not the findings' own generator):
// the fake's decaying page is flagged, its flat twin is not, and the query a page ranks 8-20 for is in striking
// distance. Guards the rules against the import's actual shapes (days, Monday weeks, weighted positions).
const TODAY = "2026-11-20";
const NOW = new Date(`${TODAY}T20:00:00Z`);
const EMAIL = "ada@gmail.test";
let fake: SearchConsoleFake;
let db: DB;

beforeAll(async () => {
  fake = await startSearchConsoleFake({ today: TODAY });
  process.env.GOOGLE_SEARCH_CONSOLE_URL = fake.rootUrl;
  process.env.GOOGLE_ISSUER = fake.url;
  resetEnvForTests();
  db = await testDb();
});
afterAll(() => fake.close());

test("the import's figures: the decaying page is flagged with its evidence, the flat one is not", async () => {
  const user = await makeUser(db);
  const siteId = user.siteId;
  const article = async (slug: string, url: string) => {
    const id = await makeArticle(db, siteId, { status: "published", published_at: "2026-04-01T10:00:00Z", slug, title: slug });
    const publication = await makePublication(db, siteId, id);
    await db.updateTable("publications").set({ remote_url: url }).where("id", "=", publication).execute();
    return id;
  };
  const page = (slug: string, trend: FakeSearchPage["trend"], queries: FakeSearchPage["queries"]): FakeSearchPage => ({
    url: `https://roaster.test/blog/${slug}`,
    published: "2026-04-02",
    base: 400,
    trend,
    queries,
  });
  const decaying = await article("cold-brew", "https://roaster.test/blog/cold-brew");
  const flat = await article("espresso", "https://roaster.test/blog/espresso");
  const property = `sc-domain:${siteId.slice(0, 8)}.roaster.test`;
  fake.registerRefreshToken(`refresh-${siteId}`, EMAIL);
  fake.registerProperty({
    siteUrl: property,
    access: { [EMAIL]: "siteOwner" },
    pages: [
      page("cold-brew", "decaying", [{ query: "cold brew ratio", position: 3 }]),
      page("espresso", "flat", [
        { query: "espresso basics", position: 3, share: 0.7 },
        { query: "espresso grind size", position: 12, share: 0.3 },
      ]),
    ],
  });
  const now = isoNow();
  await db
    .insertInto("search_console_connections")
    .values({
      site_id: siteId,
      workspace_id: user.workspaceId,
      google_email: EMAIL,
      property,
      refresh_token: encryptSecret(`refresh-${siteId}`, { aad: `search-console:${siteId}:refresh` }),
      access_token: null,
      access_token_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const summary = await importSearchResults(db, siteId, { now: NOW, sleep: async () => {}, callsPerMinute: 1e9 });
  expect(summary.outcome).toBe("done");

  await detectSearchFindings(db, siteId, NOW);
  const rows = await db.selectFrom("search_findings").selectAll().where("site_id", "=", siteId).execute();
  const decays = rows.filter((r) => r.kind === "decay");
  expect(decays.map((r) => r.article_id)).toEqual([decaying]);
  const evidence = JSON.parse(decays[0]!.evidence) as {
    clicksBefore: number;
    clicksNow: number;
    positionNow: number;
    positionBefore: number;
  };
  expect(evidence.clicksNow).toBeLessThan(evidence.clicksBefore * 0.8);
  // The positions are the import's impression-weighted averages, in the range the fake ranks the page.
  expect(evidence.positionBefore).toBeGreaterThan(2);
  expect(evidence.positionNow).toBeLessThan(8);
  expect(rows.some((r) => r.kind === "decay" && r.article_id === flat)).toBe(false);
  expect(rows.filter((r) => r.kind === "striking").map((r) => [r.article_id, r.query])).toEqual([[flat, "espresso grind size"]]);
});
