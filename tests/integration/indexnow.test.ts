import http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { deleteArticle } from "#app/modules/articles/mutations.server";
import { announceLivePost } from "#app/modules/indexing/announce.server";
import { INDEXNOW_JOB, indexNowSubmissions, sendIndexNowJob, sendQueuedIndexNow } from "#app/modules/indexing/indexnow.server";
import { RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobContext } from "#app/modules/jobs/runner.server";
import { requestPublication, runPublication } from "#app/modules/publishing/publish.server";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { listen } from "#tests/fakes/http-fake";
import { startFakeIndexNow } from "#tests/fakes/indexnow";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * IndexNow end to end: real publications to the hosted blog through the publish engine, the send job against the
 * fake IndexNow endpoint, and the fake checking the blog's key the way a search engine does: by fetching the key
 * file from the app (a small server here that answers /b/... with the hosted blog's post route).
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeIndexNow>>;
let app: Awaited<ReturnType<typeof listen>>;
let serveKeys = true;

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeIndexNow();
  app = await listen(
    http.createServer((req, res) => {
      void (async () => {
        const match = /^\/b\/([^/]+)\/([^/?]+)/.exec(req.url ?? "");
        if (!match || !serveKeys) {
          res.writeHead(404).end();
          return;
        }
        const result = await callRoute({
          handler: postLoader,
          request: get(req.url ?? "/"),
          params: { blogSlug: decodeURIComponent(match[1]!), articleSlug: decodeURIComponent(match[2]!) },
        });
        res.writeHead(result.status, { "Content-Type": result.response?.headers.get("Content-Type") ?? "text/plain" });
        res.end(await result.response!.text());
      })();
    }),
  );
  process.env.APP_URL = app.url;
  process.env.INDEXNOW_URL = fake.endpoint;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
});

afterAll(async () => {
  await fake.close();
  await app.close();
  delete process.env.APP_URL;
  delete process.env.INDEXNOW_URL;
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});

beforeEach(() => {
  fake.reset();
  serveKeys = true;
});

async function hostedConnectionOf(siteId: string) {
  const row = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Publishes live to the site's hosted blog through the engine, as 'Publish now' does. */
async function publishLive(user: { siteId: string; userId: string }, articleId: string) {
  const connectionId = await hostedConnectionOf(user.siteId);
  const publication = await requestPublication(
    db,
    { siteId: user.siteId, userId: user.userId },
    { articleId, connectionId, mode: "live", scheduleAt: null },
  );
  await runPublication(db, {
    publicationId: publication.id,
    correlationId: publication.correlation_id,
    lastAttempt: true,
    signal: new AbortController().signal,
  });
  const row = await db.selectFrom("publications").selectAll().where("id", "=", publication.id).executeTakeFirstOrThrow();
  expect(row.status).toBe("published");
  return row;
}

async function newBlogPost(title = "Cold brew at home") {
  const user = await makeUser(db);
  const articleId = await makeArticle(db, user.siteId, { title, content_html: "<p>Coarse grind, twelve hours, cold water.</p>" });
  return { user, articleId };
}

function jobContext(attempts: number, maxAttempts = 8): JobContext {
  return { db, signal: new AbortController().signal, job: { attempts, max_attempts: maxAttempts } as JobContext["job"] };
}

describe("IndexNow for the hosted blog", () => {
  it("announces a live post once per change: the same content published twice is sent once, a new revision again", async () => {
    const { user, articleId } = await newBlogPost();
    const first = await publishLive(user, articleId);
    const jobs = await db
      .selectFrom("jobs")
      .select(["run_at"])
      .where("name", "=", INDEXNOW_JOB)
      .where("tenant_key", "is not", null)
      .execute();
    expect(jobs.length).toBeGreaterThan(0);

    expect(await sendQueuedIndexNow(db, user.siteId)).toMatchObject({ sent: 1, failed: 0, retryAfterMs: null });
    expect(fake.submissions).toHaveLength(1);
    const [submission] = fake.submissions;
    expect(submission!.urlList).toEqual([first.remote_url]);
    expect(submission!.host).toBe(new URL(app.url).host);
    expect(submission!.keyLocation).toMatch(new RegExp(`^${app.url}/b/[^/]+/[0-9a-f]{32}\\.txt$`));

    // The same content again (a second 'Publish' with nothing changed): nothing new to tell.
    await publishLive(user, articleId);
    expect(await sendQueuedIndexNow(db, user.siteId)).toMatchObject({ sent: 0 });
    expect(fake.requests).toHaveLength(1);

    // A new revision: announced again.
    await db.updateTable("articles").set({ content_html: "<p>Coarse grind, sixteen hours.</p>" }).where("id", "=", articleId).execute();
    await publishLive(user, articleId);
    expect(await sendQueuedIndexNow(db, user.siteId)).toMatchObject({ sent: 1 });
    expect(fake.submissions).toHaveLength(2);
    const rows = await indexNowSubmissions(db, user.siteId);
    expect(rows.map((r) => [r.status, r.http_status])).toEqual([
      ["sent", 200],
      ["sent", 200],
    ]);
    expect(new Set(rows.map((r) => r.change)).size).toBe(2);
  });

  it("sends the posts of one burst in one POST", async () => {
    const { user, articleId } = await newBlogPost("First");
    const second = await makeArticle(db, user.siteId, { title: "Second", content_html: "<p>Two.</p>" });
    const a = await publishLive(user, articleId);
    const b = await publishLive(user, second);
    await sendQueuedIndexNow(db, user.siteId);
    expect(fake.requests).toHaveLength(1);
    expect(fake.submissions[0]!.urlList.sort()).toEqual([a.remote_url, b.remote_url].sort());
  });

  it("backs off on 429 for as long as Retry-After says, keeps the URLs queued, and sends them on the next attempt", async () => {
    const { user, articleId } = await newBlogPost();
    await publishLive(user, articleId);
    fake.failNext(429, { retryAfter: 1800 });
    const job = await db
      .selectFrom("jobs")
      .select("payload")
      .where("name", "=", INDEXNOW_JOB)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(job.payload) as { siteId: string };
    expect(payload.siteId).toBe(user.siteId);
    const error = await sendIndexNowJob.run(payload, jobContext(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetryLaterError);
    expect((error as RetryLaterError).delayMs).toBe(1_800_000);
    const [row] = await indexNowSubmissions(db, user.siteId);
    expect(row).toMatchObject({ status: "queued", http_status: 429, attempts: 1 });
    expect(fake.submissions).toHaveLength(0);

    await sendIndexNowJob.run(payload, jobContext(2));
    expect(fake.submissions).toHaveLength(1);
    expect((await indexNowSubmissions(db, user.siteId))[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("serves the blog's key as text at /b/<blog>/<key>.txt, and a key file nobody serves is a 403 that is retried", async () => {
    const { user, articleId } = await newBlogPost();
    await publishLive(user, articleId);
    const key = await db.selectFrom("indexnow_keys").select("key").where("site_id", "=", user.siteId).executeTakeFirstOrThrow();
    const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
    const served = await callRoute({
      handler: postLoader,
      request: get(`/b/${site.blog_slug}/${key.key}.txt`),
      params: { blogSlug: site.blog_slug!, articleSlug: `${key.key}.txt` },
    });
    expect(served.status).toBe(200);
    expect(served.response!.headers.get("Content-Type")).toContain("text/plain");
    expect(await served.response!.text()).toBe(key.key);
    // Another key's file name is the blog's 404, not a key.
    const other = await callRoute({
      handler: postLoader,
      request: get(`/b/${site.blog_slug}/0123456789abcdef.txt`),
      params: { blogSlug: site.blog_slug!, articleSlug: "0123456789abcdef.txt" },
    });
    expect(other.status).toBe(404);

    serveKeys = false;
    const run = await sendQueuedIndexNow(db, user.siteId, { attempt: 1 });
    expect(fake.requests.map((r) => r.status)).toEqual([403]);
    expect(run.retryAfterMs).toBeGreaterThan(0);
    expect((await indexNowSubmissions(db, user.siteId))[0]).toMatchObject({ status: "queued", http_status: 403 });

    // The last attempt gives up and says why.
    await sendQueuedIndexNow(db, user.siteId, { attempt: 8, lastAttempt: true });
    const [row] = await indexNowSubmissions(db, user.siteId);
    expect(row).toMatchObject({ status: "failed", http_status: 403 });
    expect(row!.last_error).toContain("key");
  });

  it("drops a 422 at once: the endpoint refused the URLs", async () => {
    const { user, articleId } = await newBlogPost();
    await publishLive(user, articleId);
    fake.failNext(422);
    const run = await sendQueuedIndexNow(db, user.siteId);
    expect(run).toMatchObject({ sent: 0, failed: 1, retryAfterMs: null });
    expect((await indexNowSubmissions(db, user.siteId))[0]).toMatchObject({ status: "failed", http_status: 422 });
  });

  it("announces a deleted post's URL as gone, once", async () => {
    const { user, articleId } = await newBlogPost();
    const live = await publishLive(user, articleId);
    await sendQueuedIndexNow(db, user.siteId);
    expect(await deleteArticle(db, user.siteId, articleId)).toBe(true);
    expect(await sendQueuedIndexNow(db, user.siteId)).toMatchObject({ sent: 1 });
    expect(fake.submissions.map((s) => s.urlList)).toEqual([[live.remote_url], [live.remote_url]]);
    expect((await indexNowSubmissions(db, user.siteId))[0]).toMatchObject({ change: "removed", status: "sent" });
  });

  it("announces a post moved to a new slug at its new address, and its old address as gone", async () => {
    const { user, articleId } = await newBlogPost();
    const before = await publishLive(user, articleId);
    await sendQueuedIndexNow(db, user.siteId);
    await db.updateTable("articles").set({ slug: "cold-brew-ratios" }).where("id", "=", articleId).execute();
    const after = await publishLive(user, articleId);
    expect(after.remote_url).not.toBe(before.remote_url);
    await sendQueuedIndexNow(db, user.siteId);
    expect(fake.submissions.at(-1)!.urlList.sort()).toEqual([before.remote_url, after.remote_url].sort());
    const rows = await indexNowSubmissions(db, user.siteId);
    expect(rows.find((r) => r.url === before.remote_url && r.change === "removed")).toBeTruthy();
  });

  it("drops what is queued for a hosted blog that was switched off (its key file is gone with it)", async () => {
    const { user, articleId } = await newBlogPost();
    await publishLive(user, articleId);
    await db
      .updateTable("cms_connections")
      .set({ status: "disconnected" })
      .where("id", "=", await hostedConnectionOf(user.siteId))
      .execute();
    expect(await sendQueuedIndexNow(db, user.siteId)).toMatchObject({ sent: 0, failed: 1 });
    expect(fake.requests).toHaveLength(0);
    expect((await indexNowSubmissions(db, user.siteId))[0]!.last_error).toContain("switched off");
  });

  it("never announces a customer's own platform with our key", async () => {
    const user = await makeUser(db);
    const logs: string[] = [];
    await announceLivePost(
      db,
      {
        publicationId: "p-1",
        siteId: user.siteId,
        platform: "wordpress",
        url: "https://northwind.example/cold-brew",
        change: "abc",
        publishedAt: new Date().toISOString(),
      },
      async (_level, stage) => void logs.push(stage),
    );
    expect(await indexNowSubmissions(db, user.siteId)).toEqual([]);
    expect(await db.selectFrom("indexnow_keys").selectAll().where("site_id", "=", user.siteId).execute()).toEqual([]);
    expect(logs).toEqual([]);
  });
});
