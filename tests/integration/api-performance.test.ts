import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { dayNumber } from "#app/modules/search-console/types";
import { api, makeApiKey } from "#tests/setup/api";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser, type TestUser } from "#tests/setup/factories";
import { connectSearchConsole, seedSearchFigures, type SeededFigures } from "#tests/support/search-figures";

/** GET /api/v1/articles/{id}/performance: an article's Search Console figures, scoped to the key's site. */

const NEWEST = dayNumber("2026-11-24");
let db: DB;
let alice: TestUser;
let aliceKey: string;
let bob: TestUser;
let articles: string[];
let bobArticle: string;
let seeded: SeededFigures;

beforeAll(async () => {
  db = await testDb();
  alice = await makeUser(db);
  aliceKey = (await makeApiKey(db, alice)).key;
  articles = [];
  for (const title of ["Growing", "Decaying"]) {
    const id = await makeArticle(db, alice.siteId, { title, status: "published" });
    await makePublication(db, alice.siteId, id, { publishedAt: "2026-10-01T08:00:00.000Z" });
    articles.push(id);
  }
  await connectSearchConsole(db, alice.siteId, alice.workspaceId);
  seeded = await seedSearchFigures(db, { siteId: alice.siteId, articleIds: articles, days: 120, newest: NEWEST });
  bob = await makeUser(db);
  bobArticle = await makeArticle(db, bob.siteId, { title: "Bob's", status: "published" });
  await seedSearchFigures(db, {
    siteId: bob.siteId,
    articleIds: [bobArticle],
    days: 30,
    newest: NEWEST,
    seed: 3,
    origin: "https://bob.example",
  });
});

describe("article performance", () => {
  it("answers the last 28 days by day with totals equal to the stored rows, the period before and the top queries", async () => {
    const res = await api(aliceKey, "GET", `/articles/${articles[0]}/performance`);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.status).toBe("ready");
    expect(body.range).toBe("28d");
    expect(body.data_until).toBe("2026-11-24");
    expect(body.start_date).toBe("2026-10-28");
    expect(body.days).toHaveLength(28);
    const sum = (from: number, to: number) =>
      [...seeded.pageDays.get(articles[0]!)!].filter(([d]) => d >= from && d <= to).reduce((a, [, f]) => a + f.clicks, 0);
    expect(body.totals.clicks).toBe(sum(NEWEST - 27, NEWEST));
    expect(body.previous_totals.clicks).toBe(sum(NEWEST - 55, NEWEST - 28));
    expect(body.days.reduce((a: number, d: { clicks: number }) => a + d.clicks, 0)).toBe(body.totals.clicks);
    expect(body.top_queries.length).toBeGreaterThan(0);
    expect(body.top_queries[0]).toEqual({
      query: expect.any(String),
      clicks: expect.any(Number),
      impressions: expect.any(Number),
      ctr: expect.any(Number),
      position: expect.any(Number),
    });
  });

  it("takes range=3m and refuses an unknown range with the field named", async () => {
    expect((await api(aliceKey, "GET", `/articles/${articles[1]}/performance?range=3m`)).json.days).toHaveLength(91);
    const bad = await api(aliceKey, "GET", `/articles/${articles[1]}/performance?range=1y`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.issues[0].path).toBe("query.range");
  });

  it("never reads another workspace's article", async () => {
    const res = await api(aliceKey, "GET", `/articles/${bobArticle}/performance`);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("not_found");
  });

  it("says when the site is not connected or its figures have not come yet", async () => {
    const carol = await makeUser(db);
    const key = (await makeApiKey(db, carol)).key;
    const article = await makeArticle(db, carol.siteId, { title: "New" });
    const before = await api(key, "GET", `/articles/${article}/performance`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ status: "not_connected", days: [], data_until: null, totals: { clicks: 0 } });
    await connectSearchConsole(db, carol.siteId, carol.workspaceId);
    expect((await api(key, "GET", `/articles/${article}/performance`)).json.status).toBe("importing");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await api(null, "GET", "/openapi.json")).json;
    const op = doc.paths["/articles/{article_id}/performance"].get;
    expect(op.operationId).toBe("getArticlePerformance");
    expect(op.parameters.map((p: { name: string }) => p.name)).toContain("range");
    expect(doc.components.schemas.ArticlePerformance.properties.top_queries).toBeDefined();
  });
});
