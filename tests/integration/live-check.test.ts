import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import type { CmsPlatform } from "#app/db/schema";
import { getEnv, resetEnvForTests } from "#app/env.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobContext } from "#app/modules/jobs/runner.server";
import type { LiveCheckResult } from "#app/modules/publishing/live-check-page";
import {
  checkLivePost,
  checkLivePostJob,
  LIVE_CHECK_JOB,
  liveCheckOfArticle,
  requestLiveCheck,
} from "#app/modules/publishing/live-check.server";
import { requestPublication, runPublication } from "#app/modules/publishing/publish.server";
import { liveCheckAction } from "#app/routes/dashboard/write/live-check.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow, MINUTE } from "#app/utils/time";
import { listen } from "#tests/fakes/http-fake";
import { pngOf } from "#tests/fakes/test-images";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";

/**
 * The after-publish check end to end: a local page server plays the customer's
 * live site, the check fetches it through the SSRF guard (the test allows only
 * this server's exact host:port), and the result lands on the publication and
 * in the diagnostic log. The engine queues the check after a live publish to
 * the hosted blog, and not after a draft.
 */

let db: DB;
let site: Awaited<ReturnType<typeof listen>>;
const pages = new Map<string, { status: number; body: string; headers?: Record<string, string> }>();

const TITLE = "Cold brew at home: a beginner's guide";
const META = "Everything you need to make smooth cold brew coffee at home, from the grind to the ratio and the steeping time.";
const CONTENT = `<p>Start with <a href="https://shop.example.com/beans?id=4">our beans</a> and the
<a href="/brew-guides/french-press">French press guide</a>.</p>
<p><img src="/uploads/articles/jar.png" alt="A jar of cold brew"></p>`;

const JAR_ON_PAGE = "/wp-content/uploads/2026/03/jar-1024x576.png";

function livePage(url: string, { meta = "" } = {}) {
  return `<!doctype html><html><head><title>${TITLE.replace("'", "’")} – Northwind</title>${meta}
<link rel="canonical" href="${url}"></head><body><h1>${TITLE}</h1>
<p>Start with <a href="https://shop.example.com/beans?id=4&utm_source=newsletter">our beans</a> and the
<a href="/brew-guides/french-press/">French press guide</a>.</p>
<figure class="wp-block-image size-full"><img src="/wp-content/uploads/2026/03/jar-1024x576.png" alt="" width="1024" height="576" class="wp-image-7"></figure></body></html>`;
}

beforeAll(async () => {
  db = await testDb();
  site = await listen(
    http.createServer((req, res) => {
      const page = pages.get(new URL(req.url ?? "/", "http://x").pathname);
      res.writeHead(page?.status ?? 404, { "Content-Type": "text/html; charset=utf-8", ...page?.headers });
      res.end(page?.body ?? "<h1>Not found</h1>");
    }),
  );
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port}`;
  resetEnvForTests();
  // The article's image is in the image store: a missing one would stop the publish (post.server.ts).
  fs.mkdirSync(path.join(getEnv().dataDir, "uploads", "articles"), { recursive: true });
  fs.writeFileSync(path.join(getEnv().dataDir, "uploads", "articles", "jar.png"), pngOf(1200, 675));
  // The live page's image, which the check fetches to see it loads.
  pages.set(JAR_ON_PAGE, { status: 200, body: "png", headers: { "Content-Type": "image/png" } });
});

afterAll(async () => {
  await site.close();
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});

async function published({
  platform = "wordpress" as CmsPlatform,
  config = { seo: [] as string[] },
  path = `/post-${newId().slice(0, 8)}`,
  remoteUrl = undefined as string | undefined,
  mode = "live" as "draft" | "live",
  remoteStatus = "publish",
} = {}) {
  const user = await makeUser(db);
  const articleId = await makeArticle(db, user.siteId, { title: TITLE, content_html: CONTENT, meta_description: META });
  const connectionId = newId();
  const now = isoNow();
  await db
    .insertInto("cms_connections")
    .values({
      id: connectionId,
      site_id: user.siteId,
      platform,
      name: "Northwind blog",
      site_url: site.url,
      credentials_encrypted: null,
      config: JSON.stringify(config),
      status: "connected",
      created_at: now,
      updated_at: now,
    })
    .execute();
  // What the engine stored when it uploaded the image to the platform's media library.
  await db
    .insertInto("publication_media")
    .values({
      connection_id: connectionId,
      local_path: "/uploads/articles/jar.png",
      remote_id: "77",
      remote_url: `${site.url}/wp-content/uploads/2026/03/jar.png`,
      created_at: now,
    })
    .execute();
  const publicationId = newId();
  const correlationId = newId().slice(0, 8);
  await db
    .insertInto("publications")
    .values({
      id: publicationId,
      site_id: user.siteId,
      article_id: articleId,
      connection_id: connectionId,
      mode,
      status: "published",
      scheduled_for: null,
      marker: publicationId,
      remote_id: "123",
      remote_url: remoteUrl ?? `${site.url}${path}`,
      remote_status: remoteStatus,
      remote_version: null,
      create_started_at: null,
      content_hash: null,
      last_error: null,
      correlation_id: correlationId,
      published_at: now,
      live_check: null,
      live_checked_at: null,
      requested_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { user, articleId, connectionId, publicationId, correlationId, path, url: remoteUrl ?? `${site.url}${path}` };
}

async function recorded(publicationId: string) {
  const row = await db
    .selectFrom("publications")
    .select(["live_check", "live_checked_at", "updated_at"])
    .where("id", "=", publicationId)
    .executeTakeFirstOrThrow();
  return { ...row, result: row.live_check ? (JSON.parse(row.live_check) as LiveCheckResult) : null };
}

function jobContext(attempts: number, maxAttempts: number): JobContext {
  return { db, signal: new AbortController().signal, job: { attempts, max_attempts: maxAttempts } as JobContext["job"] };
}

describe("checkLivePost", () => {
  it("fetches the live page, records each check and logs it under the publication's correlation id", async () => {
    const post = await published();
    pages.set(post.path, { status: 200, body: livePage(post.url) });
    const outcome = await checkLivePost(db, post.publicationId);
    expect(outcome.state).toBe("recorded");
    const { result, live_checked_at } = await recorded(post.publicationId);
    expect(live_checked_at).toBeTruthy();
    if (result?.outcome !== "checked") throw new Error("expected a checked page");
    expect(Object.fromEntries(result.checks.map((c) => [c.id, c.state]))).toEqual({
      title: "ok",
      h1: "ok",
      meta_description: "problem",
      canonical: "ok",
      images: "ok",
      image_layout: "ok",
      links: "ok",
    });
    expect(result.problems).toBe(1);
    expect(result.checks.find((c) => c.id === "meta_description")?.fix).toContain("Install Yoast SEO or Rank Math");
    const logs = await db.selectFrom("diag_logs").selectAll().where("correlation_id", "=", post.correlationId).execute();
    expect(logs).toEqual([expect.objectContaining({ stage: "live-check", level: "warn", provider: "wordpress" })]);
    expect(logs[0]!.detail).toContain("meta_description");
  });

  it("records a page with everything intact as such, and leaves the publish time alone", async () => {
    const post = await published({ config: { seo: ["yoast"] } });
    pages.set(post.path, { status: 200, body: livePage(post.url, { meta: `<meta name="description" content="${META}">` }) });
    const before = await recorded(post.publicationId);
    await checkLivePost(db, post.publicationId);
    const after = await recorded(post.publicationId);
    expect(after.result).toMatchObject({ outcome: "checked", problems: 0, stale: false });
    expect(after.updated_at).toBe(before.updated_at);
  });

  it("fetches the article's images on the page and flags one that does not load", async () => {
    const post = await published({ config: { seo: ["yoast"] } });
    const body = livePage(post.url, { meta: `<meta name="description" content="${META}">` }).replace(
      JAR_ON_PAGE,
      "/wp-content/uploads/2026/03/jar.png",
    );
    pages.set(post.path, { status: 200, body });
    await checkLivePost(db, post.publicationId);
    const { result } = await recorded(post.publicationId);
    if (result?.outcome !== "checked") throw new Error("expected a checked page");
    const layout = result.checks.find((c) => c.id === "image_layout");
    expect(layout).toMatchObject({ state: "problem" });
    expect(layout?.detail).toContain("answers 404");
    expect(result.checks.find((c) => c.id === "images")?.state).toBe("ok");
  });

  it("refuses a private address through the SSRF guard and records 'could not reach'", async () => {
    // Only 127.0.0.1:<port> is allowed for the test; 127.0.0.2 is a loopback address like any other.
    const post = await published({ remoteUrl: `http://127.0.0.2:${site.port}/post` });
    await checkLivePost(db, post.publicationId);
    const { result } = await recorded(post.publicationId);
    expect(result).toMatchObject({ outcome: "unreachable", httpStatus: null });
    if (result?.outcome !== "unreachable") throw new Error("expected unreachable");
    expect(result.detail).toContain("Could not reach the post");
    expect(result.detail).toContain("private or local network");
  });

  it("tries a page that answers 404 once more later before recording it", async () => {
    const post = await published();
    await expect(checkLivePostJob.run({ publicationId: post.publicationId }, jobContext(1, 2))).rejects.toBeInstanceOf(RetryLaterError);
    expect((await recorded(post.publicationId)).live_check).toBeNull();
    await checkLivePostJob.run({ publicationId: post.publicationId }, jobContext(2, 2));
    expect((await recorded(post.publicationId)).result).toMatchObject({ outcome: "unreachable", httpStatus: 404 });
    // It appeared in the meantime: the next check records the page.
    pages.set(post.path, { status: 200, body: livePage(post.url) });
    await checkLivePostJob.run({ publicationId: post.publicationId }, jobContext(1, 1));
    expect((await recorded(post.publicationId)).result).toMatchObject({ outcome: "checked" });
  });

  it("skips drafts and posts the platform does not show yet, with the reason", async () => {
    const draft = await published({ mode: "draft" });
    expect(await checkLivePost(db, draft.publicationId)).toEqual({
      state: "skipped",
      reason: "Sent as a draft: there is no public page to check until it is published live.",
    });
    const future = await published({ remoteStatus: "future" });
    expect(await checkLivePost(db, future.publicationId)).toMatchObject({ state: "skipped", reason: expect.stringContaining("future") });
    expect((await recorded(draft.publicationId)).live_check).toBeNull();
  });
});

describe("after a live publish", () => {
  async function publishHosted(mode: "draft" | "live") {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, { title: TITLE, slug: `cold-brew-${newId().slice(0, 6)}`, content_html: CONTENT });
    const hosted = await db
      .selectFrom("cms_connections")
      .select("id")
      .where("site_id", "=", user.siteId)
      .where("platform", "=", "hosted")
      .executeTakeFirstOrThrow();
    const publication = await requestPublication(
      db,
      { siteId: user.siteId, userId: user.userId },
      { articleId, connectionId: hosted.id, mode, scheduleAt: null },
    );
    const before = Date.now();
    await runPublication(db, {
      publicationId: publication.id,
      correlationId: publication.correlation_id,
      lastAttempt: false,
      signal: new AbortController().signal,
    });
    const jobs = await db
      .selectFrom("jobs")
      .selectAll()
      .where("name", "=", LIVE_CHECK_JOB)
      .where("payload", "=", JSON.stringify({ publicationId: publication.id }))
      .execute();
    return { publication, jobs, before, user, articleId };
  }

  it("queues the live check about 30 seconds after the post went public", async () => {
    const { publication, jobs, before } = await publishHosted("live");
    const row = await db.selectFrom("publications").select("status").where("id", "=", publication.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("published");
    expect(jobs).toHaveLength(1);
    const delay = Date.parse(jobs[0]!.run_at) - before;
    expect(delay).toBeGreaterThan(25_000);
    expect(delay).toBeLessThan(40_000);
    expect(jobs[0]!.max_attempts).toBe(2);
    // APP_URL is localhost in tests: the hosted post is said to be unreachable from here, with the fix.
    await checkLivePost(db, publication.id);
    expect((await recorded(publication.id)).result).toMatchObject({
      outcome: "unreachable",
      fix: expect.stringContaining("once the server runs at its public address"),
    });
    // Customers never see the names of the server's settings.
    expect(JSON.stringify((await recorded(publication.id)).result)).not.toMatch(/APP_URL/);
  });

  it("queues nothing after a draft publish", async () => {
    const { jobs } = await publishHosted("draft");
    expect(jobs).toHaveLength(0);
  });
});

describe("'Check again' and the write screen's summary", () => {
  const auth = (siteId: string) => ({ site: { id: siteId } }) as AuthState;
  const form = (publicationId: string) => {
    const data = new FormData();
    data.set("intent", "live-check");
    data.set("publicationId", publicationId);
    return data;
  };

  it("queues a check at most once a minute per publication, only for the site's own publications", async () => {
    const post = await published();
    const other = await makeUser(db);
    const now = new Date();
    await expect(liveCheckAction(db, auth(other.siteId), form(post.publicationId), now)).rejects.toMatchObject({ init: { status: 404 } });

    const first = await liveCheckAction(db, auth(post.user.siteId), form(post.publicationId), now);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe(`/dashboard/write?edit=${post.articleId}`);
    // The job's created_at is the real clock's: allow a second either way.
    const soon = await requestLiveCheck(db, post.user.siteId, post.publicationId, new Date(now.getTime() + 20_000));
    expect(soon).toMatchObject({ ok: false, reason: "too_soon" });
    expect(soon.ok === false && soon.reason === "too_soon" && Math.abs(soon.retryAfterSeconds - 40) <= 1).toBe(true);
    expect(await requestLiveCheck(db, post.user.siteId, post.publicationId, new Date(now.getTime() + MINUTE + 1000))).toMatchObject({
      ok: true,
    });
    const draft = await published({ mode: "draft" });
    expect(await requestLiveCheck(db, draft.user.siteId, draft.publicationId)).toMatchObject({ ok: false, reason: "not_checkable" });
  });

  it("summarises each destination's last check for the write screen", async () => {
    const post = await published();
    pages.set(post.path, { status: 200, body: livePage(post.url) });
    await checkLivePost(db, post.publicationId);
    const { live_checked_at } = await recorded(post.publicationId);
    const fiveMinutesLater = new Date(Date.parse(live_checked_at!) + 5 * MINUTE + 2000);
    const [summary] = await liveCheckOfArticle(db, post.user.siteId, post.articleId, fiveMinutesLater);
    expect(summary).toMatchObject({
      publicationId: post.publicationId,
      platform: "wordpress",
      destination: "Northwind blog",
      notCheckable: null,
      checking: false,
      checkedAgo: "Checked 5 minutes ago",
      result: { outcome: "checked", problems: 1 },
    });
    await requestLiveCheck(db, post.user.siteId, post.publicationId);
    expect((await liveCheckOfArticle(db, post.user.siteId, post.articleId))[0]!.checking).toBe(true);
    // Another site sees nothing of it.
    const other = await makeUser(db);
    expect(await liveCheckOfArticle(db, other.siteId, post.articleId)).toEqual([]);
  });
});
