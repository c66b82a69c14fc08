import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { DeferJobError } from "#app/modules/jobs/queue.server";
import {
  enqueueDailySearchImports,
  horizonDay,
  importSearchResults,
  importSearchResultsJob,
  type ImportOptions,
  ROWS_PER_SITE_PER_DAY,
} from "#app/modules/search-console/import.server";
import { searchConsoleFor } from "#app/modules/search-console/connection.server";
import { dayNumber, type SearchConsoleApi } from "#app/modules/search-console/types";
import { encryptSecret, newId } from "#app/utils/crypto.server";
import { isoNow, zonedDate } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { type FakeSearchPage, startSearchConsoleFake, type SearchConsoleFake } from "#tests/fakes/search-console";

// The daily Search Console import against a real SQLite database and the HTTP fake, through the real client
// built from the connection's sealed tokens (GOOGLE_SEARCH_CONSOLE_URL and the token URL point at the fake).
const TODAY = "2026-11-20";
const NOW = new Date(`${TODAY}T20:00:00Z`); // noon in California: Google's today is TODAY
const EMAIL = "ada@gmail.test";
let fake: SearchConsoleFake;
let db: DB;

beforeAll(async () => {
  fake = await startSearchConsoleFake({ today: TODAY });
  process.env.GOOGLE_SEARCH_CONSOLE_URL = fake.rootUrl;
  process.env.GOOGLE_ISSUER = fake.url;
  // The token endpoint is found by discovery, through the SSRF guard.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
  db = await testDb();
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  await fake.close();
});
beforeEach(() => fake.reset());

const noSleep: ImportOptions["sleep"] = async () => {};
const run = (siteId: string, options: ImportOptions = {}) =>
  importSearchResults(db, siteId, { now: NOW, sleep: noSleep, callsPerMinute: 1e9, ...options });

function pages(count: number, origin = "https://roaster.test"): FakeSearchPage[] {
  return Array.from({ length: count }, (_, i) => ({
    url: `${origin}/blog/post-${i}`,
    published: `2025-${String((i % 12) + 1).padStart(2, "0")}-10`,
    base: 20 + (i % 7) * 15,
    trend: (["growing", "decaying", "flat"] as const)[i % 3],
    queries: [
      { query: `topic ${i}`, position: 3 + (i % 9) },
      { query: `topic ${i} guide`, position: 9 + (i % 11) },
    ],
  }));
}

/** A site with a connected property (tokens sealed as the connect flow stores them) and these pages at Google. */
async function connectedSite(
  fakePages: FakeSearchPage[],
  options: { refreshToken?: string; accessToken?: string | null; property?: string } = {},
) {
  const user = await makeUser(db);
  const siteId = user.siteId;
  const property = options.property ?? `sc-domain:${siteId.slice(0, 8)}.roaster.test`;
  const refreshToken = options.refreshToken ?? `refresh-${siteId}`;
  fake.registerRefreshToken(`refresh-${siteId}`, EMAIL);
  fake.registerProperty({ siteUrl: property, access: { [EMAIL]: "siteOwner" }, pages: fakePages });
  const now = isoNow();
  await db
    .insertInto("search_console_connections")
    .values({
      site_id: siteId,
      workspace_id: user.workspaceId,
      google_email: EMAIL,
      property,
      refresh_token: encryptSecret(refreshToken, { aad: `search-console:${siteId}:refresh` }),
      access_token: options.accessToken ? encryptSecret(options.accessToken, { aad: `search-console:${siteId}:access` }) : null,
      access_token_expires_at: options.accessToken ? new Date(Date.now() + 3_600_000).toISOString() : null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { siteId, property, user };
}

async function totals(siteId: string) {
  const one = async (query: ReturnType<typeof sql<{ n: number; clicks: number; impressions: number }>>) =>
    (await query.execute(db)).rows[0]!;
  return {
    siteDays: await one(
      sql`SELECT count(*) n, sum(clicks) clicks, sum(impressions) impressions FROM search_site_days WHERE site_id = ${siteId}`,
    ),
    pageDays: await one(
      sql`SELECT count(*) n, sum(clicks) clicks, sum(impressions) impressions FROM search_page_days d JOIN search_pages p ON p.id = d.page_id WHERE p.site_id = ${siteId}`,
    ),
    pageQueryWeeks: await one(
      sql`SELECT count(*) n, sum(clicks) clicks, sum(impressions) impressions FROM search_page_query_weeks w JOIN search_pages p ON p.id = w.page_id WHERE p.site_id = ${siteId}`,
    ),
    queryWeeks: await one(
      sql`SELECT count(*) n, sum(clicks) clicks, sum(impressions) impressions FROM search_query_weeks w JOIN search_queries q ON q.id = w.query_id WHERE q.site_id = ${siteId}`,
    ),
  };
}

const connection = (siteId: string) =>
  db.selectFrom("search_console_connections").selectAll().where("site_id", "=", siteId).executeTakeFirstOrThrow();

describe("search results import", () => {
  test("pages through more rows than one call answers, and stores every day up to the newest final one", async () => {
    const { siteId } = await connectedSite(pages(30));
    // About 1,100 calls: more than Google's 1,200 a minute with the other tests' calls, which the next test covers.
    fake.setPerMinuteBudget(100_000);
    const summary = await run(siteId, { rowLimit: 20 }).finally(() => fake.setPerMinuteBudget(1_200));
    expect(summary.outcome).toBe("done");
    const t = await totals(siteId);
    const lastFinal = dayNumber(fake.lastFinalDate());
    // 30 pages a day for a week need several calls of 20 rows per week.
    expect(summary.calls.byPage).toBeGreaterThan((summary.rows.siteDays / 7) * 5);
    expect(t.pageDays.n).toBe(summary.rows.pageDays);
    expect(t.pageDays.n).toBeGreaterThan(20 * summary.rows.siteDays * 0.5);
    // By page and by date add up to the same property totals (the fake keeps them consistent, as Google roughly does).
    expect(t.pageDays.impressions).toBe(t.siteDays.impressions);
    expect(t.pageDays.clicks).toBeLessThan(t.pageDays.impressions);
    // Data lag: nothing after the newest final day, and the connection says how far it came.
    const newest = await sql<{ day: number }>`SELECT max(day) day FROM search_site_days WHERE site_id = ${siteId}`.execute(db);
    expect(newest.rows[0]!.day).toBe(lastFinal);
    const newestPage = await sql<{
      day: number;
    }>`SELECT max(day) day FROM search_page_days d JOIN search_pages p ON p.id = d.page_id WHERE p.site_id = ${siteId}`.execute(db);
    expect(newestPage.rows[0]!.day).toBe(lastFinal);
    const c = await connection(siteId);
    expect(c.days_imported_through).toBe(lastFinal);
    expect(c.weeks_imported_through! + 6 <= lastFinal && c.weeks_imported_through! + 13 > lastFinal).toBe(true);
    expect(c.last_import_at).not.toBeNull();
    expect(c.last_error).toBeNull();
    // Nothing older than 16 months was asked for or stored.
    const oldest = await sql<{ day: number }>`SELECT min(day) day FROM search_site_days WHERE site_id = ${siteId}`.execute(db);
    expect(oldest.rows[0]!.day).toBeGreaterThanOrEqual(horizonDay(TODAY));
  });

  test("maps pages to articles through publication URLs, redirects and the hosted blog; other pages stay unmapped", async () => {
    const user = await makeUser(db, { site: { blog_slug: `roast-${newId().slice(0, 6)}` } });
    const blogSlug = (await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow()).blog_slug!;
    const published = { status: "published" as const, published_at: "2025-06-01T10:00:00Z" };
    const viaRemote = await makeArticle(db, user.siteId, { ...published, slug: "cold-brew" });
    const viaRedirect = await makeArticle(db, user.siteId, { ...published, slug: "espresso" });
    const viaHosted = await makeArticle(db, user.siteId, { ...published, slug: "pour-over" });
    const p1 = await makePublication(db, user.siteId, viaRemote);
    await db.updateTable("publications").set({ remote_url: "https://www.roaster.test/blog/cold-brew/" }).where("id", "=", p1).execute();
    const p2 = await makePublication(db, user.siteId, viaRedirect);
    await db
      .updateTable("publications")
      .set({
        remote_url: "https://roaster.test/?p=42",
        live_check: JSON.stringify({ version: 1, outcome: "checked", finalUrl: "https://roaster.test/journal/espresso" }),
      })
      .where("id", "=", p2)
      .execute();
    const page = (url: string, i: number): FakeSearchPage => ({
      url,
      published: "2025-06-02",
      base: 80,
      queries: [{ query: `q${i}`, position: 5 }],
    });
    const fakePages = [
      page("http://roaster.test/blog/cold-brew?utm_source=feed", 0),
      page("https://roaster.test/journal/espresso/", 1),
      page(`http://localhost:3000/b/${blogSlug}/pour-over`, 2),
      page("https://roaster.test/about", 3),
    ];
    const { siteId } = await connectedSiteFor(user, fakePages);
    await run(siteId);
    const mapped = await db.selectFrom("search_pages").select(["url", "article_id"]).where("site_id", "=", siteId).orderBy("url").execute();
    expect(Object.fromEntries(mapped.map((m) => [m.url, m.article_id]))).toEqual({
      "http://roaster.test/blog/cold-brew?utm_source=feed": viaRemote,
      "https://roaster.test/journal/espresso/": viaRedirect,
      [`http://localhost:3000/b/${blogSlug}/pour-over`]: viaHosted,
      "https://roaster.test/about": null,
    });
    // Page-query weeks only for article pages; the by-query weeks for the whole property.
    const pq = await sql<{
      url: string;
    }>`SELECT DISTINCT p.url FROM search_page_query_weeks w JOIN search_pages p ON p.id = w.page_id WHERE p.site_id = ${siteId}`.execute(
      db,
    );
    expect(pq.rows.map((r) => r.url)).not.toContain("https://roaster.test/about");
    expect(pq.rows).toHaveLength(3);
    const queries = await db.selectFrom("search_queries").select("query").where("site_id", "=", siteId).execute();
    expect(queries.map((q) => q.query).sort()).toEqual(["q0", "q1", "q2", "q3"]);
  });

  test("a re-run replaces rows: the same rows and totals after running twice, and after importing everything again", async () => {
    const { siteId } = await connectedSite(pages(12));
    await run(siteId);
    const first = await totals(siteId);
    const second = await run(siteId);
    expect(await totals(siteId)).toEqual(first);
    // The second run reads only the revised days (3 before the last imported day) and the weeks they touch.
    expect(second.calls.byPage).toBe(1);
    expect(second.calls.byQuery).toBeLessThanOrEqual(2);
    await db
      .updateTable("search_console_connections")
      .set({ days_imported_through: null, weeks_imported_through: null })
      .where("site_id", "=", siteId)
      .execute();
    await run(siteId);
    expect(await totals(siteId)).toEqual(first);
  });

  test("writes each page of rows as it arrives: a step's next page is asked for only once the last one is stored", async () => {
    const { siteId } = await connectedSite(pages(30));
    const real = (await searchConsoleFor(db, siteId))!.api;
    const storedAtCall: Array<{ startRow: number; stored: number }> = [];
    const api: SearchConsoleApi = {
      ...real,
      query: async (property, request, options) => {
        if (request.dimensions?.join() === "page,date" && request.startRow) {
          const row = await sql<{ n: number }>`SELECT count(*) n FROM search_page_days d JOIN search_pages p ON p.id = d.page_id
            WHERE p.site_id = ${siteId} AND d.day BETWEEN ${dayNumber(request.startDate)} AND ${dayNumber(request.endDate)}`.execute(db);
          storedAtCall.push({ startRow: request.startRow, stored: row.rows[0]!.n });
        }
        return real.query(property, request, options);
      },
    };
    fake.setPerMinuteBudget(100_000);
    const summary = await run(siteId, { api, rowLimit: 50, concurrency: 1 }).finally(() => fake.setPerMinuteBudget(1_200));
    expect(summary.outcome).toBe("done");
    expect(storedAtCall.length).toBeGreaterThan(10);
    // Each page of the step before this call is already in the database: nothing waits in memory for the rest.
    for (const call of storedAtCall) expect(call.stored).toBe(call.startRow);
  });

  test("stops at the day's row cap (2,000,000 by default), keeps the progress and finishes on the next run", async () => {
    expect(ROWS_PER_SITE_PER_DAY).toBe(2_000_000);
    const { siteId } = await connectedSite(pages(12));
    const capped = await run(siteId, { maxRowsPerDay: 700, rowLimit: 100 });
    expect(capped.outcome).toBe("row_cap");
    const t = await totals(siteId);
    expect(t.siteDays.n + t.pageDays.n + t.pageQueryWeeks.n + t.queryWeeks.n).toBe(700);
    const c = await connection(siteId);
    expect(c.last_error).toMatch(/reached its limit of 700 rows; it goes on tomorrow/);
    expect(c.days_imported_through).toBeLessThan(dayNumber(fake.lastFinalDate()));
    const next = await run(siteId);
    expect(next.outcome).toBe("done");
    expect((await connection(siteId)).days_imported_through).toBe(dayNumber(fake.lastFinalDate()));
  });

  test("a young property's first import asks only from its first day with figures", async () => {
    const young = pages(4).map((p) => ({ ...p, published: "2026-09-01" }));
    const { siteId } = await connectedSite(young);
    const summary = await run(siteId);
    // 1 Sep to 17 Nov: 78 days in 12 weeks of by-page calls (not 70 for 16 months), 11 complete weeks.
    expect(summary.calls.byPage).toBeLessThanOrEqual(12);
    expect(summary.calls.byQuery).toBeLessThanOrEqual(11);
    expect(summary.rows.pageDays).toBeGreaterThan(200);
  });

  test("backs off on armed 429s (Retry-After, else exponential with jitter) and then succeeds", async () => {
    const { siteId } = await connectedSite(pages(5));
    const waits: number[] = [];
    fake.failNext({ status: 429, kind: "query", retryAfterSeconds: 3, times: 1 });
    fake.failNext({ status: 429, kind: "query", times: 2 });
    const summary = await run(siteId, {
      sleep: async (ms) => void waits.push(ms),
      concurrency: 1,
      backoff: { attempts: 6, baseMs: 1000, maxMs: 60_000 },
    });
    expect(summary.outcome).toBe("done");
    expect(summary.calls.backoffs).toBe(3);
    expect(waits[0]).toBe(3000);
    // The same call's second and third tries: 2 s and 4 s, each with jitter down to half.
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
    expect(waits[1]).toBeLessThanOrEqual(2000);
    expect(waits[2]).toBeGreaterThanOrEqual(2000);
    expect(waits[2]).toBeLessThanOrEqual(4000);
    expect(fake.counters["error:429"]).toBe(3);
  });

  test("the property's per-minute budget: a spent minute is waited out for Retry-After's seconds", async () => {
    const { siteId } = await connectedSite(pages(2));
    fake.setPerMinuteBudget(5);
    const waits: number[] = [];
    try {
      const summary = await run(siteId, {
        concurrency: 1,
        // Waiting is simulated: the fake's minute is reset instead.
        sleep: async (ms) => {
          waits.push(ms);
          fake.reset();
        },
      });
      expect(summary.outcome).toBe("done");
      expect(waits.length).toBeGreaterThan(3);
      expect(waits.every((ms) => ms >= 1000 && ms <= 60_000)).toBe(true);
    } finally {
      fake.setPerMinuteBudget(1_200);
    }
  });

  test("a daily quota error keeps the progress, records why and puts the job back for tomorrow; the next run finishes", async () => {
    const { siteId } = await connectedSite(pages(8));
    // The by-date call and 40 by-page weeks succeed, then the day's quota is spent.
    fake.failNext({ status: 429, kind: "query", window: "daily", skip: 41, times: 1000 });
    const summary = await run(siteId, { concurrency: 1 });
    expect(summary.outcome).toBe("daily_quota");
    const halfway = await connection(siteId);
    expect(halfway.days_imported_through).not.toBeNull();
    expect(halfway.days_imported_through!).toBeLessThan(dayNumber(fake.lastFinalDate()));
    expect(halfway.last_error).toMatch(/daily quota/);
    expect(halfway.status).toBe("active");
    // Through the job: the runner is told to run it again after Google's midnight, without using an attempt.
    const asked = new Date();
    const error = await importSearchResultsJob
      .run({ siteId }, { db, job: { id: 1 } as never, signal: new AbortController().signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeferJobError);
    // The delay lands on Google's next day (Pacific time), whatever the hour this test runs at: minutes before
    // Pacific midnight it is short, just after it nearly a day.
    const delayMs = (error as DeferJobError).delayMs;
    expect(delayMs).toBeGreaterThanOrEqual(10 * 60_000);
    expect(delayMs).toBeLessThanOrEqual(24 * 60 * 60_000 + 30 * 60_000);
    expect(zonedDate(new Date(asked.getTime() + delayMs), "America/Los_Angeles")).not.toBe(zonedDate(asked, "America/Los_Angeles"));
    fake.reset();
    const rest = await run(siteId);
    expect(rest.outcome).toBe("done");
    // It resumed: about the 30 weeks left of the 70 by-page weeks in 16 months, not all of them.
    expect(summary.calls.byPage).toBe(41);
    expect(rest.calls.byPage).toBeLessThanOrEqual(70 - 40 + 1);
    const resumed = await totals(siteId);
    await db
      .updateTable("search_console_connections")
      .set({ days_imported_through: null, weeks_imported_through: null })
      .where("site_id", "=", siteId)
      .execute();
    await run(siteId);
    expect(await totals(siteId)).toEqual(resumed);
    expect((await connection(siteId)).last_error).toBeNull();
  });

  test("refused tokens stop the import and mark the connection needs_reconnect", async () => {
    const { siteId } = await connectedSite(pages(3), { refreshToken: "revoked-refresh-token" });
    const summary = await run(siteId);
    expect(summary.outcome).toBe("needs_reconnect");
    const c = await connection(siteId);
    expect(c.status).toBe("needs_reconnect");
    expect(c.last_error).toMatch(/connect it again/);
    expect(fake.counters.query ?? 0).toBe(0);
    // Not imported again until reconnected.
    expect((await run(siteId)).outcome).toBe("no_connection");
    expect(await enqueueDailySearchImports(db, NOW)).toBeGreaterThanOrEqual(0);
    const queued = await db.selectFrom("jobs").select("payload").where("name", "=", "import-search-results").execute();
    expect(queued.map((j) => JSON.parse(j.payload).siteId)).not.toContain(siteId);
  });

  test("refreshes an expired access token and stores the new one sealed", async () => {
    const { siteId } = await connectedSite(pages(2));
    expect((await run(siteId)).outcome).toBe("done");
    expect(fake.counters.token).toBe(1);
    const c = await connection(siteId);
    expect(c.access_token).not.toBeNull();
    expect(c.access_token).not.toMatch(/^ya29/);
    expect(Date.parse(c.access_token_expires_at!)).toBeGreaterThan(Date.now());
  });

  test("a property the account can no longer read records the error and stops", async () => {
    const { siteId, property } = await connectedSite(pages(2));
    fake.setAccess(property, EMAIL, null);
    expect((await run(siteId)).outcome).toBe("no_access");
    expect((await connection(siteId)).last_error).toMatch(/can no longer read/);
  });

  test("retention: figures older than 16 months are deleted by the run", async () => {
    const { siteId } = await connectedSite(pages(4));
    const old = horizonDay(TODAY) - 10;
    await db.insertInto("search_site_days").values({ site_id: siteId, day: old, clicks: 1, impressions: 9, position: 4 }).execute();
    const pageRow = await db
      .insertInto("search_pages")
      .values({ site_id: siteId, url: "https://roaster.test/old", article_id: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("search_page_days").values({ page_id: pageRow.id, day: old, clicks: 1, impressions: 9, position: 4 }).execute();
    const summary = await run(siteId);
    expect(summary.deleted).toBe(2);
    const left = await sql<{ n: number }>`SELECT count(*) n FROM search_page_days WHERE day < ${horizonDay(TODAY)}`.execute(db);
    expect(left.rows[0]!.n).toBe(0);
  });

  test("the daily sweep enqueues one import per connected site with a property, at the site's own minute, once a day", async () => {
    const { siteId } = await connectedSite(pages(1));
    const noProperty = await connectedSite(pages(1));
    await db.updateTable("search_console_connections").set({ property: null }).where("site_id", "=", noProperty.siteId).execute();
    await enqueueDailySearchImports(db, NOW);
    await enqueueDailySearchImports(db, NOW);
    const jobs = await db
      .selectFrom("jobs")
      .select(["payload", "run_at", "group_key"])
      .where("name", "=", "import-search-results")
      .execute();
    const mine = jobs.filter((j) => JSON.parse(j.payload).siteId === siteId);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.group_key).toBe(`search-console:${siteId}`);
    expect(mine[0]!.run_at.slice(0, 10)).toBe(NOW.toISOString().slice(0, 10));
    expect(jobs.some((j) => JSON.parse(j.payload).siteId === noProperty.siteId)).toBe(false);
  });
});

async function connectedSiteFor(user: Awaited<ReturnType<typeof makeUser>>, fakePages: FakeSearchPage[]) {
  const siteId = user.siteId;
  const property = `sc-domain:${siteId.slice(0, 8)}.roaster.test`;
  fake.registerRefreshToken(`refresh-${siteId}`, EMAIL);
  fake.registerProperty({ siteUrl: property, access: { [EMAIL]: "siteOwner" }, pages: fakePages });
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
  return { siteId, property };
}
