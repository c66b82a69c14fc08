import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { createArticle, updateArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { CHECK_LINKS_JOB, checkLink, checkSiteLinks, enqueueDailyLinkChecks } from "#app/modules/backlinks/links.server";
import { linkChecksForArticle } from "#app/modules/backlinks/queries.server";
import { jobRegistry } from "#app/worker/registry.server";
import { runNextJob } from "#app/modules/jobs/runner.server";
import { action, loader } from "#app/routes/dashboard/backlinks/route";
import type { FormReply } from "#app/utils/form-reply";
import { listen } from "#tests/fakes/http-fake";
import { startTestSite, type TestSite } from "#tests/fakes/test-site";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Link monitoring end to end below the browser: links follow article saves, the
 * check job records real answers from a local site (and refuses a metadata
 * address), "Check links now" is limited per site, and nothing crosses sites.
 */

let db: DB;
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  // The SSRF guard lets exactly the local test site through.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port}`;
  resetEnvForTests();
  db = await testDb();
});

afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await site.close();
});

type LoaderData = Awaited<ReturnType<typeof loader>>;

const linksOf = (articleId: string) => db.selectFrom("links").selectAll().where("article_id", "=", articleId).orderBy("url").execute();

function toastOf(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as { title: string };
}

describe("links follow article saves", () => {
  it("adds links on create, keeps checked ones, removes vanished ones on update", async () => {
    const a = await makeUser(db, { email: "sync@example.com", site: { url: "https://northwind.example" } });
    const article = await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "Brewing guide",
      contentHtml: `<p><a href="/shop">Shop</a> and <a href="https://example.com/beans">beans</a> and <a href="https://www.northwind.example/about">about</a></p>`,
    });
    let rows = await linksOf(article.id);
    expect(rows.map((r) => [r.url, r.kind, r.status, r.anchor_text])).toEqual([
      ["/shop", "internal", "unchecked", "Shop"],
      ["https://example.com/beans", "external", "unchecked", "beans"],
      ["https://www.northwind.example/about", "internal", "unchecked", "about"],
    ]);
    await db
      .updateTable("links")
      .set({ status: "ok", http_status: 200 })
      .where("article_id", "=", article.id)
      .where("url", "=", "/shop")
      .execute();

    await updateArticle(db, a.siteId, article.id, {
      contentHtml: `<p><a href="/shop">Our shop</a> and <a href="https://example.org/new">new</a></p>`,
    });
    rows = await linksOf(article.id);
    expect(rows.map((r) => [r.url, r.status, r.anchor_text])).toEqual([
      ["/shop", "ok", "Our shop"],
      ["https://example.org/new", "unchecked", "new"],
    ]);

    // A title-only edit leaves links alone; removing every link clears them.
    await updateArticle(db, a.siteId, article.id, { title: "Renamed" });
    expect(await linksOf(article.id)).toHaveLength(2);
    await updateArticle(db, a.siteId, article.id, { contentHtml: "<p>No links any more.</p>" });
    expect(await linksOf(article.id)).toHaveLength(0);
  });

  it("goes away with the article", async () => {
    const a = await makeUser(db, { email: "cascade@example.com" });
    const article = await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "T",
      contentHtml: `<a href="https://example.com/">x</a>`,
    });
    expect(await linksOf(article.id)).toHaveLength(1);
    await db.deleteFrom("articles").where("id", "=", article.id).execute();
    expect(await linksOf(article.id)).toHaveLength(0);
  });
});

describe("the check job", () => {
  it("records ok, redirect, broken and blocked from real answers", async () => {
    const a = await makeUser(db, { email: "check@example.com", site: { url: site.url } });
    const article = await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "Links",
      contentHtml: `<p><a href="${site.url}/shop">shop</a> <a href="/about#story">about</a> <a href="${site.url}/moved">moved</a>
        <a href="${site.url}/gone">gone</a> <a href="http://169.254.169.254/">metadata</a></p>`,
    });
    await callRoute({ middleware: [requireAuth], handler: action, request: post("/dashboard/backlinks", {}, a.cookie) });
    expect(await runNextJob(db, jobRegistry, { leaseMs: 30_000, pollMs: 10 })).toBe(true);

    const byUrl = Object.fromEntries((await linksOf(article.id)).map((r) => [r.url, r]));
    expect(byUrl[`${site.url}/shop`]).toMatchObject({ status: "ok", http_status: 200, final_url: null, kind: "internal" });
    expect(byUrl["/about#story"]).toMatchObject({ status: "ok", http_status: 200, kind: "internal" });
    expect(byUrl[`${site.url}/moved`]).toMatchObject({ status: "redirect", http_status: 200, final_url: `${site.url}/` });
    expect(byUrl[`${site.url}/gone`]).toMatchObject({ status: "broken", http_status: 404 });
    expect(byUrl["http://169.254.169.254/"]).toMatchObject({ status: "blocked", http_status: null, kind: "external" });
    expect(byUrl["http://169.254.169.254/"]!.last_error).toMatch(/private or local network/);
    for (const row of Object.values(byUrl)) expect(row.checked_at).not.toBeNull();
    // The reason is stored where the check ran, and read back per article for the SEO score.
    expect(byUrl[`${site.url}/gone`]!.failure).toBe("http");
    expect(byUrl["http://169.254.169.254/"]!.failure).toBe("blocked");
    expect(byUrl[`${site.url}/shop`]!.failure).toBeNull();
    const checks = await linkChecksForArticle(db, a.siteId, article.id);
    expect(checks.map(({ url, ok, reason }) => ({ url, ok, reason }))).toEqual([
      { url: "/about#story", ok: true, reason: null },
      { url: `${site.url}/gone`, ok: false, reason: "404 Not Found" },
      { url: `${site.url}/moved`, ok: true, reason: null },
      { url: `${site.url}/shop`, ok: true, reason: null },
      { url: "http://169.254.169.254/", ok: false, reason: "Blocked: private address" },
    ]);
    expect(checks[0]!.checkedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Another site's id finds nothing.
    expect(await linkChecksForArticle(db, "another-site", article.id)).toEqual([]);

    const page = await callRoute<LoaderData>({
      middleware: [requireAuth],
      handler: loader,
      request: get("/dashboard/backlinks", a.cookie),
    });
    expect(page.data.summary).toEqual({ total: 5, internal: 4, external: 1, broken: 1 });
    expect(page.data.checking).toBe(false);
    const broken = await callRoute<LoaderData>({
      middleware: [requireAuth],
      handler: loader,
      request: get("/dashboard/backlinks?status=broken", a.cookie),
    });
    expect(broken.data.links.map((l) => l.url)).toEqual([`${site.url}/gone`]);
    const external = await callRoute<LoaderData>({
      middleware: [requireAuth],
      handler: loader,
      request: get("/dashboard/backlinks?kind=external", a.cookie),
    });
    expect(external.data.links.map((l) => l.url)).toEqual(["http://169.254.169.254/"]);
    expect(external.data.links[0]!.checkedAt).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
  });

  it("falls back to GET when HEAD is not allowed, reading only the first few KB", async () => {
    let sent = 0;
    const server = await listen(
      http.createServer((req, res) => {
        if (req.method === "HEAD") return res.writeHead(405).end();
        res.writeHead(200, { "Content-Type": "text/html", "Content-Length": String(5_000_000) });
        const chunk = Buffer.alloc(64 * 1024, "a");
        const pump = () => {
          while (sent < 5_000_000) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once("drain", pump);
          }
          res.end();
        };
        res.on("close", () => (sent = 5_000_000));
        pump();
      }),
    );
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port},127.0.0.1:${server.port}`;
    resetEnvForTests();
    try {
      expect(await checkLink(`${server.url}/big`)).toEqual({ status: "ok", httpStatus: 200, finalUrl: null, error: null, failure: null });
    } finally {
      process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port}`;
      resetEnvForTests();
      await server.close();
    }
  });

  it("answers links to our own hosted blog from the database, never from the customer's site address", async () => {
    const a = await makeUser(db, { email: "hosted-links@example.com", site: { url: "https://northwind.example" } });
    const { blog_slug: blogSlug } = await db.selectFrom("sites").select("blog_slug").where("id", "=", a.siteId).executeTakeFirstOrThrow();
    const article = await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "Hosted links",
      contentHtml: `<p><a href="/b/${blogSlug}">Our blog</a> and <a href="/b/${blogSlug}/no-such-post">a post that is gone</a>.</p>`,
    });
    const requested: string[] = [];
    await checkSiteLinks(db, a.siteId, {
      check: async (url) => {
        requested.push(url);
        return { status: "ok", httpStatus: 200, finalUrl: null, error: null, failure: null };
      },
    });
    expect(requested).toEqual([]);
    const links = await linksOf(article.id);
    expect(links.map((l) => [l.url, l.status, l.http_status])).toEqual([
      [`/b/${blogSlug}`, "ok", 200],
      [`/b/${blogSlug}/no-such-post`, "broken", 404],
    ]);
    // The article's stored SEO score knows nothing of these results yet: the list scores it again.
    const stored = await db.selectFrom("articles").select("seo_basis").where("id", "=", article.id).executeTakeFirstOrThrow();
    expect(stored.seo_basis).toBeNull();
  });

  it("is enqueued once a day per site that has links", async () => {
    const a = await makeUser(db, { email: "daily@example.com" });
    await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "T",
      contentHtml: `<a href="https://example.com/">x</a>`,
    });
    const none = await makeUser(db, { email: "nolinks@example.com" });
    const jobsFor = (siteId: string) =>
      db
        .selectFrom("jobs")
        .select("idempotency_key")
        .where("name", "=", CHECK_LINKS_JOB)
        .where("idempotency_key", "like", `links:${siteId}:daily:%`)
        .execute();
    const day = new Date("2031-05-01T10:00:00Z");
    await enqueueDailyLinkChecks(db, day);
    await enqueueDailyLinkChecks(db, new Date("2031-05-01T23:59:00Z"));
    expect(await jobsFor(a.siteId)).toEqual([{ idempotency_key: `links:${a.siteId}:daily:2031-05-01` }]);
    await enqueueDailyLinkChecks(db, new Date("2031-05-02T00:01:00Z"));
    expect(await jobsFor(a.siteId)).toHaveLength(2);
    expect(await jobsFor(none.siteId)).toHaveLength(0);
  });
});

describe("Check links now", () => {
  it("starts a check, shows it running, and refuses another within 10 minutes", async () => {
    const a = await makeUser(db, { email: "limit@example.com" });
    await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "T",
      contentHtml: `<a href="http://169.254.169.254/">x</a>`,
    });
    const first = await callRoute({ middleware: [requireAuth], handler: action, request: post("/dashboard/backlinks", {}, a.cookie) });
    expect(redirectTarget(first)).toBe("/dashboard/backlinks");
    expect(toastOf(first)?.title).toBe("Link check started");
    const page = await callRoute<LoaderData>({
      middleware: [requireAuth],
      handler: loader,
      request: get("/dashboard/backlinks", a.cookie),
    });
    expect(page.data.checking).toBe(true);

    const second = await callRoute<FormReply>({
      middleware: [requireAuth],
      handler: action,
      request: post("/dashboard/backlinks", {}, a.cookie),
    });
    expect(second.status).toBe(429);
    expect(second.data.notice?.title).toMatch(/You can start another check in 10 minutes/);
    expect(
      await db.selectFrom("jobs").select("id").where("name", "=", CHECK_LINKS_JOB).where("payload", "like", `%${a.siteId}%`).execute(),
    ).toHaveLength(1);
  });
});

describe("tenancy", () => {
  it("shows, checks and counts only the signed-in user's site", async () => {
    const a = await makeUser(db, { email: "tenant-a@example.com" });
    const b = await makeUser(db, { email: "tenant-b@example.com" });
    const article = await createArticle(db, {
      workspaceId: a.workspaceId,
      siteId: a.siteId,
      authorId: a.userId,
      title: "Secret",
      contentHtml: `<a href="https://example.com/a-only">x</a>`,
    });

    const seen = await callRoute<LoaderData>({
      middleware: [requireAuth],
      handler: loader,
      request: get("/dashboard/backlinks", b.cookie),
    });
    expect(seen.data.summary.total).toBe(0);
    expect(seen.data.links).toEqual([]);

    await callRoute({ middleware: [requireAuth], handler: action, request: post("/dashboard/backlinks", {}, b.cookie) });
    expect(
      (await callRoute<LoaderData>({ middleware: [requireAuth], handler: loader, request: get("/dashboard/backlinks", a.cookie) })).data
        .checking,
    ).toBe(false);
    await checkSiteLinks(db, b.siteId, {
      check: async () => ({ status: "broken", httpStatus: 404, finalUrl: null, error: null, failure: "http" }),
    });
    expect((await linksOf(article.id))[0]).toMatchObject({ status: "unchecked", checked_at: null });

    // A link row can only join to an article of its own site.
    const own = await callRoute<LoaderData>({ middleware: [requireAuth], handler: loader, request: get("/dashboard/backlinks", a.cookie) });
    expect(own.data.links.map((l) => l.articleTitle)).toEqual(["Secret"]);
  });
});
