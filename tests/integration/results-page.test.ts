import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { articlePerformance, type ResultsPage } from "#app/modules/results/page.server";
import { dayNumber } from "#app/modules/search-console/types";
import { loader as articlesLoader } from "#app/routes/dashboard/articles/route";
import { loader as resultsLoader } from "#app/routes/dashboard/results/route";
import { loader as writeLoader } from "#app/routes/dashboard/write/route";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";
import { connectSearchConsole, seedSearchFigures, type SeededFigures } from "#tests/support/search-figures";

/**
 * The results page's loader against seeded Search Console figures: its totals, series, change, top queries and
 * top articles equal the seeded rows' sums; the empty states; and every figure stays the site's own.
 */

const NEWEST = dayNumber("2026-11-24");
let db: DB;
let alice: TestUser;
let bob: TestUser;
let aliceArticles: string[];
let bobArticle: string;
let seeded: SeededFigures;

async function loadAll(user: TestUser, query = "") {
  const res = await callRoute<{ results: ResultsPage; findings: { groups: unknown[] } | null }>({
    middleware: [requireAuth],
    handler: resultsLoader,
    request: get(`/dashboard/results${query}`, user.cookie),
  });
  expect(res.status).toBe(200);
  return res.data;
}
const load = async (user: TestUser, query = "") => (await loadAll(user, query)).results;

function siteSum(from: number, to: number) {
  let clicks = 0;
  let impressions = 0;
  let weighted = 0;
  for (let d = from; d <= to; d++) {
    const row = seeded.siteDays.get(d);
    if (!row) continue;
    clicks += row.clicks;
    impressions += row.impressions;
    weighted += row.position * row.impressions;
  }
  return { clicks, impressions, position: weighted / impressions };
}

beforeAll(async () => {
  db = await testDb();
  alice = await makeUser(db);
  bob = await makeUser(db);
  aliceArticles = [];
  for (const title of ["Growing", "Decaying", "Steady one", "Steady two"]) {
    const id = await makeArticle(db, alice.siteId, { title, status: "published" });
    await makePublication(db, alice.siteId, id, { publishedAt: "2026-09-01T10:00:00.000Z" });
    aliceArticles.push(id);
  }
  await connectSearchConsole(db, alice.siteId, alice.workspaceId);
  seeded = await seedSearchFigures(db, { siteId: alice.siteId, articleIds: aliceArticles, days: 200, newest: NEWEST });
  // Bob's site has figures of its own, ten times larger, that must never show on Alice's page.
  bobArticle = await makeArticle(db, bob.siteId, { title: "Bob's secret plans", status: "published" });
  await connectSearchConsole(db, bob.siteId, bob.workspaceId);
  await seedSearchFigures(db, {
    siteId: bob.siteId,
    articleIds: [bobArticle],
    days: 60,
    newest: NEWEST + 1,
    seed: 7,
    origin: "https://bob.example/blog",
  });
});

describe("results page", () => {
  it("shows the last 28 days' totals, equal to the seeded site rows, against the 28 days before", async () => {
    const results = await load(alice);
    if (results.connection !== "ready") throw new Error(`not ready: ${results.connection}`);
    expect(results.range).toBe("28d");
    expect(results.dataUntil).toBe("2026-11-24");
    const now = siteSum(NEWEST - 27, NEWEST);
    const before = siteSum(NEWEST - 55, NEWEST - 28);
    expect(results.totals.clicks).toBe(now.clicks);
    expect(results.totals.impressions).toBe(now.impressions);
    expect(results.totals.ctr).toBeCloseTo(now.clicks / now.impressions, 10);
    expect(results.totals.position).toBeCloseTo(now.position, 6);
    expect(results.change.clicks).toBeCloseTo((now.clicks - before.clicks) / before.clicks, 10);
    expect(results.series).toHaveLength(28);
    expect(results.series[0]!.day).toBe("2026-10-28");
    expect(results.series.reduce((a, p) => a + p.clicks, 0)).toBe(now.clicks);
  });

  it("switches to 3 and 16 months by ?range=, and an unknown range is the default", async () => {
    const three = await load(alice, "?range=3m");
    if (three.connection !== "ready") throw new Error("not ready");
    expect(three.series).toHaveLength(91);
    expect(three.totals.clicks).toBe(siteSum(NEWEST - 90, NEWEST).clicks);
    const sixteen = await load(alice, "?range=16m");
    if (sixteen.connection !== "ready") throw new Error("not ready");
    expect(sixteen.series).toHaveLength(486);
    // Nothing stored before the 200 seeded days: no change to state.
    expect(sixteen.change.clicks).toBeNull();
    expect((await load(alice, "?range=forever")).range).toBe("28d");
  });

  it("lists the top queries over the period's complete weeks, summed from the weekly page-query rows", async () => {
    const results = await load(alice);
    if (results.connection !== "ready") throw new Error("not ready");
    expect(results.queries.length).toBeGreaterThan(0);
    const rows = await db
      .selectFrom("search_page_query_weeks as w")
      .innerJoin("search_queries as q", "q.id", "w.query_id")
      .select(["q.query", "w.week", "w.clicks"])
      .where("q.site_id", "=", alice.siteId)
      .execute();
    const top = results.queries[0]!;
    // Complete weeks inside the 28 days: Mondays from the period's start to its end less 6 days.
    const expected = rows
      .filter((r) => r.query === top.query && r.week >= NEWEST - 27 && r.week <= NEWEST - 6)
      .reduce((a, r) => a + r.clicks, 0);
    expect(top.clicks).toBe(expected);
    const clicks = results.queries.map((q) => q.clicks);
    expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
  });

  it("ranks the site's articles by clicks, the growing one up and the decaying one down", async () => {
    const results = await load(alice);
    if (results.connection !== "ready") throw new Error("not ready");
    const byTitle = new Map(results.articles.map((a) => [a.title, a]));
    const sum = (id: string, from: number, to: number) =>
      [...seeded.pageDays.get(id)!].filter(([d]) => d >= from && d <= to).reduce((a, [, f]) => a + f.clicks, 0);
    expect(byTitle.get("Growing")!.clicks).toBe(sum(aliceArticles[0]!, NEWEST - 27, NEWEST));
    expect(byTitle.get("Growing")!.clicksChange).toBeGreaterThan(0);
    expect(byTitle.get("Decaying")!.clicksChange).toBeLessThan(0);
    expect(byTitle.get("Growing")!.sparkline).toHaveLength(28);
    expect(results.articles.map((a) => a.title)).not.toContain("Bob's secret plans");
  });

  it("says which days its figures are of, and they add up: the articles' clicks are the sum of every article's, the top list a part of them, all within the site's", async () => {
    const results = await load(alice);
    if (results.connection !== "ready") throw new Error("not ready");
    expect(results.period).toEqual({ from: "2026-10-28", to: "2026-11-24" });
    const articleClicks = aliceArticles
      .map((id) => [...seeded.pageDays.get(id)!].filter(([d]) => d >= NEWEST - 27 && d <= NEWEST).reduce((a, [, f]) => a + f.clicks, 0))
      .reduce((a, b) => a + b, 0);
    expect(results.articleClicks).toBe(articleClicks);
    expect(results.articlesSeen).toBe(aliceArticles.length);
    expect(results.articles.reduce((a, r) => a + r.clicks, 0)).toBeLessThanOrEqual(results.articleClicks);
    expect(results.articleClicks).toBeLessThanOrEqual(results.totals.clicks);
  });

  it("keeps every figure to the signed-in member's site: another workspace's site or article is refused", async () => {
    // A session pointed at Bob's site (not Alice's workspace) still loads Alice's own site.
    await db.updateTable("sessions").set({ current_site_id: bob.siteId }).where("user_id", "=", alice.userId).execute();
    const results = await load(alice);
    if (results.connection !== "ready") throw new Error("not ready");
    expect(results.dataUntil).toBe("2026-11-24");
    expect(results.totals.clicks).toBe(siteSum(NEWEST - 27, NEWEST).clicks);
    await db.updateTable("sessions").set({ current_site_id: null }).where("user_id", "=", alice.userId).execute();
    expect(await articlePerformance(db, alice.siteId, bobArticle, "28d")).toBeNull();
    expect(await articlePerformance(db, bob.siteId, bobArticle, "28d")).not.toBeNull();
  });

  it("gives an article's own series, queries and its publish annotation", async () => {
    const perf = await articlePerformance(db, alice.siteId, aliceArticles[0]!, "3m");
    expect(perf).not.toBeNull();
    const total = [...seeded.pageDays.get(aliceArticles[0]!)!].filter(([d]) => d >= NEWEST - 90).reduce((a, [, f]) => a + f.clicks, 0);
    expect(perf!.totals.clicks).toBe(total);
    expect(perf!.queries.length).toBeGreaterThan(0);
    expect(perf!.annotations).toEqual([{ day: "2026-09-01", label: "Published" }]);
  });

  it("says to connect Search Console when it is not, and that the first import runs when no figures have come", async () => {
    const carol = await makeUser(db);
    expect((await load(carol)).connection).toBe("none");
    // The search findings show under the figures once there are figures, never before.
    expect((await loadAll(carol)).findings).toBeNull();
    expect((await loadAll(alice)).findings?.groups).toEqual(expect.any(Array));
    await connectSearchConsole(db, carol.siteId, carol.workspaceId);
    expect((await load(carol)).connection).toBe("waiting");
  });
});

describe("the editor's Search performance panel", () => {
  async function panelOf(user: TestUser, articleId: string) {
    const res = await callRoute<{ performance: unknown }>({
      middleware: [requireAuth],
      handler: writeLoader,
      request: get(`/dashboard/write?edit=${articleId}`, user.cookie),
    });
    return res;
  }

  it("shows a live article's 28 days with its publish annotation, and nothing for a draft", async () => {
    const res = await panelOf(alice, aliceArticles[1]!);
    expect(res.status).toBe(200);
    const panel = res.data.performance as { state: string; series: unknown[]; annotations: unknown[]; totals: { clicks: number } };
    expect(panel.state).toBe("ready");
    expect(panel.series).toHaveLength(28);
    const clicks = [...seeded.pageDays.get(aliceArticles[1]!)!].filter(([d]) => d >= NEWEST - 27).reduce((a, [, f]) => a + f.clicks, 0);
    expect(panel.totals.clicks).toBe(clicks);
    const draft = await makeArticle(db, alice.siteId, { title: "Not yet out" });
    expect((await panelOf(alice, draft)).data.performance).toBeNull();
  });

  it("stays away from a live article while the site is not connected to Search Console", async () => {
    const erin = await makeUser(db);
    const live = await makeArticle(db, erin.siteId, { title: "Live, not measured", status: "published" });
    await makePublication(db, erin.siteId, live);
    expect((await panelOf(erin, live)).data.performance).toBeNull();
    await connectSearchConsole(db, erin.siteId, erin.workspaceId);
    expect((await panelOf(erin, live)).data.performance).toEqual({ state: "waiting" });
  });

  it("refuses another workspace's article", async () => {
    expect((await panelOf(alice, bobArticle)).status).toBe(404);
  });
});

describe("the articles list's clicks column", () => {
  type Row = { id: string; clicks: { clicks: number; change: number | null; sparkline: number[] } | null };
  async function list(user: TestUser, query = "") {
    const res = await callRoute<{ hasClicks: boolean; articles: Row[] }>({
      middleware: [requireAuth],
      handler: articlesLoader,
      request: get(`/dashboard/articles${query}`, user.cookie),
    });
    expect(res.status).toBe(200);
    return res.data;
  }
  const clicks28 = (id: string) =>
    [...(seeded.pageDays.get(id) ?? [])].filter(([d]) => d >= NEWEST - 27).reduce((a, [, f]) => a + f.clicks, 0);

  it("shows each visible article's 28 days of clicks with its trend, and sorts by clicks", async () => {
    const data = await list(alice);
    expect(data.hasClicks).toBe(true);
    const growing = data.articles.find((a) => a.id === aliceArticles[0])!;
    expect(growing.clicks!.clicks).toBe(clicks28(aliceArticles[0]!));
    expect(growing.clicks!.sparkline).toHaveLength(28);
    expect(growing.clicks!.change).toBeGreaterThan(0);
    const sorted = await list(alice, "?sort=clicks");
    const expected = [...aliceArticles].sort((a, b) => clicks28(b) - clicks28(a));
    expect(sorted.articles.slice(0, aliceArticles.length).map((a) => a.id)).toEqual(expected);
  });

  it("has no clicks column before the site has figures", async () => {
    const dave = await makeUser(db);
    await makeArticle(db, dave.siteId, { title: "Fresh" });
    const data = await list(dave, "?sort=clicks");
    expect(data.hasClicks).toBe(false);
    expect(data.articles[0]!.clicks).toBeNull();
  });
});
