import http from "node:http";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { blogProxyOf, checkBlogProxy, connectBlogProxy, releaseBlogProxy } from "#app/modules/hosted-blog/blog-proxy.server";
import { proxyCheckBody } from "#app/modules/hosted-blog/proxy-url";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { callRoute, ORIGIN } from "#tests/setup/route-harness";
import type { AddressInfo } from "node:net";

/**
 * The hosted blog under a path of the customer's own site: the address is checked, then found through the
 * customer's proxy (here a local server standing in for it), and from then on the blog renders for that address
 * only to requests carrying the proxy's token and forwarded headers; direct visits to /b/ answer 301 there.
 * The recipes themselves run in front of the built app in tests/e2e/blog-proxy.spec.ts.
 */

let db: DB;
let site: http.Server;
let siteUrl: string;
/** What the stand-in for the customer's site answers at /blog/inkpilot-proxy-check.txt. */
let checkAnswer = { status: 404, body: "Not found" };
const parser = new new Window().DOMParser();

beforeAll(async () => {
  db = await testDb();
  site = http.createServer((req, res) => {
    if (req.url === "/blog/inkpilot-proxy-check.txt") res.writeHead(checkAnswer.status).end(checkAnswer.body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;
  siteUrl = `http://127.0.0.1:${port}`;
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${port}`;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function blogWithPost() {
  const user = await makeUser(db);
  const tenant = { workspaceId: user.workspaceId, siteId: user.siteId };
  const actor = { userId: user.userId, ip: "203.0.113.9" };
  const { blog_slug } = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  const articleId = await makeArticle(db, user.siteId, {
    title: "Cold brew",
    slug: "cold-brew",
    content_html: '<p>Steep it.</p><p><img src="/uploads/a.png" alt="A"></p>',
  });
  await makePublication(db, user.siteId, articleId, { mode: "live", status: "published", publishedAt: isoNow(), remoteId: articleId });
  await db
    .updateTable("publications")
    .set({ remote_url: `${ORIGIN}/b/${blog_slug}/cold-brew` })
    .where("article_id", "=", articleId)
    .execute();
  return { tenant, actor, blogSlug: blog_slug!, articleId };
}

const requestAt = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe("a blog behind the customer's proxy", () => {
  it("is found through the proxy, then renders for that address only to requests through it", async () => {
    const { tenant, actor, blogSlug, articleId } = await blogWithPost();
    expect(await connectBlogProxy(db, tenant, `${siteUrl}/Blog/`, actor)).toEqual({ ok: true });
    const proxy = (await blogProxyOf(db, tenant.siteId))!;
    expect(proxy).toMatchObject({ publicUrl: `${siteUrl}/blog`, status: "pending", lastError: null });

    // Not in place yet: the check says what it found, and the blog stays at /b/.
    checkAnswer = { status: 404, body: "Not found" };
    const failed = await checkBlogProxy(db, tenant.siteId, "p1");
    expect(failed).toEqual({ ok: false, message: expect.stringMatching(/answered HTTP 404 without this blog's check/) });
    expect((await blogProxyOf(db, tenant.siteId))!.status).toBe("pending");

    // In place: the check file comes back through it.
    checkAnswer = { status: 200, body: proxyCheckBody(proxy.token) };
    expect(await checkBlogProxy(db, tenant.siteId, "p2")).toEqual({ ok: true });
    expect((await blogProxyOf(db, tenant.siteId))!).toMatchObject({ status: "active", lastError: null });
    const moved = await db.selectFrom("publications").select("remote_url").where("article_id", "=", articleId).executeTakeFirstOrThrow();
    expect(moved.remote_url).toBe(`${siteUrl}/blog/cold-brew`);

    // Through the proxy: the page names the customer's address, pictures stay on ours.
    const through = { "Inkpilot-Proxy-Token": proxy.token, "X-Forwarded-Host": new URL(siteUrl).host, "X-Forwarded-Prefix": "/blog" };
    const params = { blogSlug, articleSlug: "cold-brew" };
    const page = await callRoute({ handler: postLoader, request: requestAt(`${ORIGIN}/b/${blogSlug}/cold-brew`, through), params });
    const doc = parser.parseFromString(await page.response!.text(), "text/html");
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(`${siteUrl}/blog/cold-brew`);
    expect(doc.querySelector('img[alt="A"]')!.getAttribute("src")).toBe(`${ORIGIN}/uploads/a.png`);
    const index = await callRoute({ handler: indexLoader, request: requestAt(`${ORIGIN}/b/${blogSlug}`, through), params: { blogSlug } });
    const indexHtml = await index.response!.text();
    expect(indexHtml).toContain('href="/blog/cold-brew"');
    expect(indexHtml).not.toContain(`/b/${blogSlug}`);

    // Directly, or with the token but another address: 301 to the page on the customer's site.
    const direct = await callRoute({ handler: postLoader, request: requestAt(`${ORIGIN}/b/${blogSlug}/cold-brew?ref=x`), params });
    expect([direct.status, direct.response!.headers.get("Location")]).toEqual([301, `${siteUrl}/blog/cold-brew?ref=x`]);
    const forged = { ...through, "X-Forwarded-Host": "evil.example" };
    expect((await callRoute({ handler: postLoader, request: requestAt(`${ORIGIN}/b/${blogSlug}/cold-brew`, forged), params })).status).toBe(
      301,
    );

    // Released: back at /b/, the posts' URLs with it.
    expect(await releaseBlogProxy(db, tenant, actor, "p3")).toEqual({ ok: true });
    const back = await db.selectFrom("publications").select("remote_url").where("article_id", "=", articleId).executeTakeFirstOrThrow();
    expect(back.remote_url).toBe(`${ORIGIN}/b/${blogSlug}/cold-brew`);
    const audit = await db.selectFrom("audit_log").select("action").where("target", "=", `${siteUrl}/blog`).orderBy("created_at").execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["blog_proxy.connect", "blog_proxy.release"]);
  });

  it("answers the check file only to a request through the proxy", async () => {
    const { tenant, actor, blogSlug } = await blogWithPost();
    await connectBlogProxy(db, tenant, "https://kilnandclay.com/journal", actor);
    const { token } = (await blogProxyOf(db, tenant.siteId))!;
    const params = { blogSlug, articleSlug: "inkpilot-proxy-check.txt" };
    const url = `${ORIGIN}/b/${blogSlug}/inkpilot-proxy-check.txt`;
    const through = { "Inkpilot-Proxy-Token": token, "X-Forwarded-Host": "kilnandclay.com", "X-Forwarded-Prefix": "/journal" };
    const ok = await callRoute({ handler: postLoader, request: requestAt(url, through), params });
    expect(await ok.response!.text()).toBe(proxyCheckBody(token));
    expect(ok.response!.headers.get("Cache-Control")).toBe("no-store");
    expect((await callRoute({ handler: postLoader, request: requestAt(url), params })).status).toBe(404);
  });

  it("refuses a second address, an address beside a domain, and one another blog has", async () => {
    const first = await blogWithPost();
    const second = await blogWithPost();
    expect(await connectBlogProxy(db, first.tenant, "https://northwind.com/blog", first.actor)).toEqual({ ok: true });
    expect(await connectBlogProxy(db, second.tenant, "https://NORTHWIND.com/blog/", second.actor)).toEqual({
      ok: false,
      message: "That address already shows another blog.",
    });
    expect((await connectBlogProxy(db, first.tenant, "https://northwind.com/news", first.actor)).ok).toBe(false);
    await db
      .insertInto("blog_domains")
      .values({
        site_id: second.tenant.siteId,
        hostname: "journal.northwind.com",
        ownership_token: "t",
        status: "pending_dns",
        created_by: null,
        created_at: isoNow(),
        updated_at: isoNow(),
      })
      .execute();
    expect(await connectBlogProxy(db, second.tenant, "https://northwind.com/journal", second.actor)).toEqual({
      ok: false,
      message: "This blog is on journal.northwind.com. Release that domain first.",
    });
  });
});
