import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv, resetEnvForTests } from "#app/env.server";
import {
  followIndexing,
  indexStatusOfArticle,
  INSPECT_JOB,
  inspectDue,
  inspectUrlsJob,
  sweepUnfollowedPosts,
} from "#app/modules/indexing/inspection.server";
import { inspectionCallsToday } from "#app/modules/indexing/inspection-quota.server";
import { useSearchConsoleStandIn } from "#app/modules/search-console/connection.server";
import { SEARCH_CONSOLE_WRITE_SCOPE as WEBMASTERS_SCOPE } from "#app/modules/search-console/google-oauth.server";
import { SUBMIT_SITEMAP_JOB, submitSitemap } from "#app/modules/indexing/sitemap.server";
import { DeferJobError } from "#app/modules/jobs/queue.server";
import type { JobContext } from "#app/modules/jobs/runner.server";
import { requestPublication, runPublication } from "#app/modules/publishing/publish.server";
import { type SearchConsoleApi, SearchConsoleQuotaError, type UrlInspection } from "#app/modules/search-console/types";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";

/**
 * URL Inspection and the sitemap against a Search Console stand-in (the SearchConsoleApi interface, answering from
 * a table of verdicts and recording every call): the quota counted per property and Pacific day, the newest posts
 * first, a post looked at again until Google says it is indexed and never after; the hosted blog's sitemap
 * submitted at most once a day, only with the sitemap scope.
 */

let db: DB;
const calls: Array<{ kind: "inspect" | "sitemap"; property: string; url: string }> = [];
const verdicts = new Map<string, UrlInspection[]>();
let quotaError: SearchConsoleQuotaError | null = null;

const api: SearchConsoleApi = {
  listProperties: async () => [],
  query: async () => [],
  submitSitemap: async (property, url) => void calls.push({ kind: "sitemap", property, url }),
  inspectUrl: async (property, url) => {
    if (quotaError) throw quotaError;
    calls.push({ kind: "inspect", property, url });
    const queue = verdicts.get(url) ?? [];
    return queue.length > 1
      ? queue.shift()!
      : (queue[0] ?? { verdict: "NEUTRAL", coverageState: "URL is unknown to Google", lastCrawlTime: null });
  },
};

const NOT_YET: UrlInspection = { verdict: "NEUTRAL", coverageState: "Discovered - currently not indexed", lastCrawlTime: null };
const INDEXED: UrlInspection = { verdict: "PASS", coverageState: "Submitted and indexed", lastCrawlTime: "2026-11-21T03:00:00Z" };

beforeAll(async () => {
  db = await testDb();
  process.env.APP_URL = "https://app.inkpilot.example";
  resetEnvForTests();
  useSearchConsoleStandIn(() => api);
});

afterAll(() => {
  useSearchConsoleStandIn(null);
  delete process.env.APP_URL;
  resetEnvForTests();
});

async function connect(siteId: string, property: string, scopes = "https://www.googleapis.com/auth/webmasters.readonly") {
  const site = await db.selectFrom("sites").select("workspace_id").where("id", "=", siteId).executeTakeFirstOrThrow();
  const now = isoNow();
  await db
    .insertInto("search_console_connections")
    .values({
      site_id: siteId,
      workspace_id: site.workspace_id,
      google_email: "owner@northwind.example",
      property,
      scopes,
      refresh_token: "sealed",
      access_token: null,
      access_token_expires_at: null,
      days_imported_through: null,
      weeks_imported_through: null,
      last_import_at: null,
      last_error: null,
      last_error_at: null,
      connected_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** A site with a Search Console property and `count` posts on its own platform, published a day apart (the last newest). */
async function siteWithPosts(count: number, property = `sc-domain:${newId().slice(0, 8)}.example`) {
  const user = await makeUser(db);
  await connect(user.siteId, property);
  const domain = property.replace("sc-domain:", "");
  const posts = [];
  for (let i = 0; i < count; i++) {
    const articleId = await makeArticle(db, user.siteId, { title: `Post ${i}` });
    const publicationId = await makePublication(db, user.siteId, articleId);
    const publishedAt = new Date(Date.parse("2026-11-01T12:00:00Z") + i * 86_400_000).toISOString();
    const url = `https://${domain}/post-${i}`;
    expect(await followIndexing(db, { id: publicationId, siteId: user.siteId, url, publishedAt }, new Date(publishedAt))).toBe(true);
    posts.push({ articleId, publicationId, url, publishedAt });
  }
  return { user, property, posts };
}

const inspected = (property: string) => calls.filter((c) => c.kind === "inspect" && c.property === property).map((c) => c.url);

describe("URL Inspection", () => {
  it("inspects the due posts newest first, within the property's daily quota, and waits for the Pacific day to turn", async () => {
    const { user, property, posts } = await siteWithPosts(5);
    const now = new Date("2026-11-27T10:00:00Z");
    // 1,997 of the day's 2,000 inspections already used for this property.
    await db.insertInto("search_console_calls").values({ property, period: "d:2026-11-27", calls: 1_997 }).execute();
    const run = await inspectDue(db, user.siteId, { now: () => now });
    expect(run.inspected).toBe(3);
    expect(inspected(property)).toEqual([posts[4]!.url, posts[3]!.url, posts[2]!.url]);
    // Until midnight in California (08:00 UTC in November).
    expect(run.waitMs).toBe(Date.parse("2026-11-28T08:00:00Z") - now.getTime());
    expect(await inspectionCallsToday(db, property, now)).toBe(2_000);

    // The job defers (no attempt spent) rather than failing.
    const context = { db, signal: new AbortController().signal, job: { attempts: 1, max_attempts: 3 } } as JobContext;
    // The job reads the clock itself: at the test's moment, not whatever day the suite runs on.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    const error = await inspectUrlsJob
      .run({ siteId: user.siteId }, context)
      .catch((e: unknown) => e)
      .finally(() => vi.useRealTimers());
    expect(error).toBeInstanceOf(DeferJobError);

    // The next Pacific day, the two left are inspected.
    const tomorrow = new Date("2026-11-28T09:00:00Z");
    const next = await inspectDue(db, user.siteId, { now: () => tomorrow });
    expect(next.inspected).toBe(2);
    expect(inspected(property).slice(3)).toEqual([posts[1]!.url, posts[0]!.url]);
  });

  it("holds to 600 a minute", async () => {
    const { user, property } = await siteWithPosts(2);
    const now = new Date("2026-11-27T10:00:30Z");
    await db.insertInto("search_console_calls").values({ property, period: "m:2026-11-27T10:00", calls: 600 }).execute();
    const run = await inspectDue(db, user.siteId, { now: () => now });
    expect(run).toMatchObject({ inspected: 0, waitMs: 30_000 });
    expect(inspected(property)).toEqual([]);
  });

  it("looks again later while a post is not indexed, and stops once it is", async () => {
    const { user, property, posts } = await siteWithPosts(1);
    const [post] = posts;
    verdicts.set(post!.url, [NOT_YET, INDEXED]);
    const published = Date.parse(post!.publishedAt);

    await inspectDue(db, user.siteId, { now: () => new Date(published + 15 * 60_000) });
    let row = await db
      .selectFrom("url_inspections")
      .selectAll()
      .where("publication_id", "=", post!.publicationId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ verdict: "NEUTRAL", coverage_state: "Discovered - currently not indexed", inspections: 1 });
    expect(row.next_inspection_at).toBe(new Date(published + 86_400_000).toISOString());
    // A job waits for that moment.
    const queued = await db
      .selectFrom("jobs")
      .select("run_at")
      .where("name", "=", INSPECT_JOB)
      .where("tenant_key", "is not", null)
      .execute();
    expect(queued.length).toBeGreaterThan(0);

    // Not due yet: nothing asked.
    await inspectDue(db, user.siteId, { now: () => new Date(published + 3_600_000) });
    expect(inspected(property)).toHaveLength(1);

    await inspectDue(db, user.siteId, { now: () => new Date(published + 86_400_000 + 60_000) });
    row = await db.selectFrom("url_inspections").selectAll().where("publication_id", "=", post!.publicationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ verdict: "PASS", inspections: 2, next_inspection_at: null });

    // Indexed: never asked again.
    await inspectDue(db, user.siteId, { now: () => new Date(published + 30 * 86_400_000) });
    expect(inspected(property)).toHaveLength(2);

    // What the live check shows.
    const status = await indexStatusOfArticle(db, user.siteId, post!.articleId, (iso) => iso.slice(0, 10));
    expect(status[post!.publicationId]).toMatchObject({ state: "indexed", label: "Indexed by Google" });
    expect(status[post!.publicationId]!.detail).toContain("Submitted and indexed");
  });

  it("waits on Google's own quota answer", async () => {
    const { user, property } = await siteWithPosts(1);
    quotaError = new SearchConsoleQuotaError("Quota exceeded", 45_000, "short");
    try {
      const run = await inspectDue(db, user.siteId, { now: () => new Date("2026-11-27T10:00:00Z") });
      expect(run).toMatchObject({ inspected: 0, waitMs: 45_000 });
    } finally {
      quotaError = null;
    }
    expect(inspected(property)).toEqual([]);
  });

  it("follows only URLs in the connected property, and nothing without a connection", async () => {
    const { user } = await siteWithPosts(0, "sc-domain:northwind.example");
    const articleId = await makeArticle(db, user.siteId, { title: "Elsewhere" });
    const publicationId = await makePublication(db, user.siteId, articleId);
    const publishedAt = isoNow();
    expect(await followIndexing(db, { id: publicationId, siteId: user.siteId, url: "https://other.example/x", publishedAt })).toBe(false);
    const stranger = await makeUser(db);
    expect(await followIndexing(db, { id: publicationId, siteId: stranger.siteId, url: "https://northwind.example/x", publishedAt })).toBe(
      false,
    );
  });

  it("follows, from the daily sweep, the posts published before the site connected, newest first", async () => {
    const user = await makeUser(db);
    const older = await makeArticle(db, user.siteId, { title: "Older" });
    const newer = await makeArticle(db, user.siteId, { title: "Newer" });
    const olderPub = await makePublication(db, user.siteId, older, { publishedAt: "2026-10-01T09:00:00.000Z" });
    const newerPub = await makePublication(db, user.siteId, newer, { publishedAt: "2026-10-02T09:00:00.000Z" });
    for (const [id, slug] of [
      [olderPub, "older"],
      [newerPub, "newer"],
    ] as const)
      await db
        .updateTable("publications")
        .set({ remote_url: `https://sweep.example/${slug}` })
        .where("id", "=", id)
        .execute();
    expect(await sweepUnfollowedPosts(db)).toBeGreaterThanOrEqual(0);
    expect(await db.selectFrom("url_inspections").select("url").where("site_id", "=", user.siteId).execute()).toEqual([]);

    await connect(user.siteId, "sc-domain:sweep.example");
    const now = new Date("2026-11-27T10:00:00Z");
    expect(await sweepUnfollowedPosts(db, now)).toBeGreaterThanOrEqual(2);
    await inspectDue(db, user.siteId, { now: () => new Date(now.getTime() + 120_000) });
    expect(inspected("sc-domain:sweep.example")).toEqual(["https://sweep.example/newer", "https://sweep.example/older"]);
    // Followed once: the next sweep adds nothing for this site.
    await sweepUnfollowedPosts(db, now);
    expect(await db.selectFrom("url_inspections").select("url").where("site_id", "=", user.siteId).execute()).toHaveLength(2);
  });
});

describe("the hosted blog's sitemap in Search Console", () => {
  async function hostedSite(scopes: string) {
    const user = await makeUser(db);
    const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
    const property = `${getEnv().appUrl}/b/${site.blog_slug}/`;
    await connect(user.siteId, property, scopes);
    return { user, property, sitemapUrl: `${property}sitemap.xml` };
  }

  async function publishLive(user: { siteId: string; userId: string }, title: string) {
    const articleId = await makeArticle(db, user.siteId, { title, content_html: "<p>Body.</p>" });
    const connection = await db
      .selectFrom("cms_connections")
      .select("id")
      .where("site_id", "=", user.siteId)
      .where("platform", "=", "hosted")
      .executeTakeFirstOrThrow();
    const publication = await requestPublication(
      db,
      { siteId: user.siteId, userId: user.userId },
      { articleId, connectionId: connection.id, mode: "live", scheduleAt: null },
    );
    await runPublication(db, {
      publicationId: publication.id,
      correlationId: publication.correlation_id,
      lastAttempt: true,
      signal: new AbortController().signal,
    });
    return publication.id;
  }

  const sitemapJobs = (siteId: string) =>
    db
      .selectFrom("jobs")
      .select("id")
      .where("name", "=", SUBMIT_SITEMAP_JOB)
      .where(({ eb, fn }) => eb(fn("json_extract", ["payload", eb.val("$.siteId")]), "=", siteId))
      .execute();

  it("is submitted after a live publication with the sitemap scope, at most once a day", async () => {
    const { user, property, sitemapUrl } = await hostedSite(`https://www.googleapis.com/auth/webmasters.readonly ${WEBMASTERS_SCOPE}`);
    const publicationId = await publishLive(user, "First post");
    await publishLive(user, "Second post");
    expect(await sitemapJobs(user.siteId)).toHaveLength(1);
    // The hosted post lies in the property too: it is followed for 'Indexed by Google'.
    expect(
      await db.selectFrom("url_inspections").select("url").where("publication_id", "=", publicationId).executeTakeFirst(),
    ).toBeTruthy();

    expect(await submitSitemap(db, user.siteId)).toBe("sent");
    expect(calls.filter((c) => c.kind === "sitemap" && c.property === property)).toEqual([{ kind: "sitemap", property, url: sitemapUrl }]);
    // Again the same day: nothing.
    expect(await submitSitemap(db, user.siteId)).toBe("skipped");
    await publishLive(user, "Third post");
    expect(await sitemapJobs(user.siteId)).toHaveLength(1);
    // A day later it may go again.
    expect(await submitSitemap(db, user.siteId, new Date(Date.now() + 86_400_000 + 60_000))).toBe("sent");
  });

  it("is not submitted with the read-only scope alone", async () => {
    const { user, property } = await hostedSite("https://www.googleapis.com/auth/webmasters.readonly");
    await publishLive(user, "A post");
    expect(await sitemapJobs(user.siteId)).toHaveLength(0);
    expect(await submitSitemap(db, user.siteId)).toBe("skipped");
    expect(calls.filter((c) => c.kind === "sitemap" && c.property === property)).toEqual([]);
  });
});
