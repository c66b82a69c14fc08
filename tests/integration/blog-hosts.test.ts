import http from "node:http";
import express from "express";
import { Window } from "happy-dom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { blogAddressOf, postUrlsOf } from "#app/modules/hosted-blog/address.server";
import { withPageCache } from "#app/modules/site-content/page-cache.server";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as missingLoader } from "#app/routes/hosted-blog/missing";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { loader as robotsLoader } from "#app/routes/hosted-blog/robots";
import { loader as rssLoader } from "#app/routes/hosted-blog/rss";
import { loader as sitemapLoader } from "#app/routes/hosted-blog/sitemap";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { callRoute, ORIGIN } from "#tests/setup/route-harness";
import { serveBlogHosts } from "../../server/blog-hosts";
import type { AddressInfo } from "node:net";

/**
 * The hosted blog on its own domain: the server maps a customer's Host to that blog's routes (and nothing else),
 * the blog's pages name the domain in every canonical, feed and sitemap URL, and its /b/ address answers 301.
 */

let db: DB;
let server: http.Server;
let base: string;
const parser = new new Window().DOMParser();
const DOMAIN = "blog.northwind.example";

/** The blog's routes stand behind the host middleware; this handler shows what reached them and tries a cookie. */
beforeAll(async () => {
  db = await testDb();
  const app = express();
  app.use(serveBlogHosts());
  app.use((req, res) => {
    res.cookie("tracker", "1");
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    res.json({ url: req.url, originalUrl: req.originalUrl });
  });
  server = http.createServer(withPageCache(app));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function blogWithDomain(hostname: string, status: "active" | "issuing" | "pending_dns" = "active") {
  const user = await makeUser(db);
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  await db
    .insertInto("blog_domains")
    .values({
      site_id: user.siteId,
      hostname,
      ownership_token: "token",
      status,
      created_by: user.userId,
      created_at: isoNow(),
      updated_at: isoNow(),
    })
    .execute();
  const articleId = await makeArticle(db, user.siteId, { title: "Cold brew at home", slug: "cold-brew", content_html: "<p>Steep it.</p>" });
  await makePublication(db, user.siteId, articleId, { mode: "live", status: "published", publishedAt: isoNow(), remoteId: articleId });
  return { ...user, blogSlug: site.blog_slug!, articleId };
}

function hostGet(host: string, path: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.get(`${base}${path}`, { headers: { Host: host } }, (res) => {
      let body = "";
      res.on("data", (chunk: Buffer) => (body += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    request.on("error", reject);
  });
}

async function render(handler: Parameters<typeof callRoute>[0]["handler"], url: string, params: Record<string, string>) {
  const result = await callRoute({ handler, request: new Request(url), params });
  const response = result.response!;
  return { status: result.status, headers: response.headers, text: await response.text() };
}

describe("requests by host", () => {
  it("moves a customer's domain under its blog's routes, with no cookie and HSTS for that host alone", async () => {
    const { blogSlug } = await blogWithDomain("blog.moved.example");
    const home = await hostGet("blog.moved.example", "/");
    expect(JSON.parse(home.body)).toEqual({ url: `/b/${blogSlug}`, originalUrl: `/b/${blogSlug}` });
    const post = await hostGet("Blog.Moved.Example:443", "/cold-brew?utm=x");
    expect(JSON.parse(post.body).url).toBe(`/b/${blogSlug}/cold-brew?utm=x`);
    // The dashboard's path is just another path under the blog there (its 404 page).
    expect(JSON.parse((await hostGet("blog.moved.example", "/dashboard")).body).url).toBe(`/b/${blogSlug}/dashboard`);
    expect(post.headers["set-cookie"]).toBeUndefined();
    expect(post.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("sends the www name beside an apex (and the apex beside www) to the blog's own name", async () => {
    await blogWithDomain("kilnandclay.com");
    const www = await hostGet("www.kilnandclay.com", "/cold-brew?ref=x");
    expect(www.status).toBe(301);
    expect(www.headers.location).toBe("https://kilnandclay.com/cold-brew?ref=x");
    await blogWithDomain("www.thewaxroom.com");
    const apex = await hostGet("thewaxroom.com", "/");
    expect(apex.status).toBe(301);
    expect(apex.headers.location).toBe("https://www.thewaxroom.com/");
    // Only www pairs: another subdomain of a connected name is nobody's.
    expect((await hostGet("shop.kilnandclay.com", "/")).status).toBe(404);
  });

  it("leaves the app's own hosts alone", async () => {
    for (const host of ["127.0.0.1", "localhost:3000", new URL(ORIGIN).host]) {
      const res = await hostGet(host, "/pricing");
      expect(JSON.parse(res.body).url).toBe("/pricing");
      expect(res.headers["set-cookie"]).toBeDefined();
    }
  });

  it("answers any other name, and a domain whose certificate is not issued yet, with a plain 404", async () => {
    await blogWithDomain("blog.waiting.example", "issuing");
    for (const host of ["blog.waiting.example", "evil.example", "bad host!"]) {
      const res = await hostGet(host, "/");
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/plain/);
      expect(res.body).toBe("Not found");
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });
});

describe("a blog on its own domain", () => {
  it("serves its posts with canonical, Open Graph, JSON-LD and feed links on the domain", async () => {
    const { blogSlug } = await blogWithDomain(DOMAIN);
    const page = await render(postLoader, `https://${DOMAIN}/b/${blogSlug}/cold-brew`, { blogSlug, articleSlug: "cold-brew" });
    expect(page.status).toBe(200);
    const doc = parser.parseFromString(page.text, "text/html");
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(`https://${DOMAIN}/cold-brew`);
    expect(doc.querySelector('meta[property="og:url"]')!.getAttribute("content")).toBe(`https://${DOMAIN}/cold-brew`);
    expect(doc.querySelector('link[type="application/rss+xml"]')!.getAttribute("href")).toBe(`https://${DOMAIN}/rss.xml`);
    expect(doc.querySelector("a.brand")!.getAttribute("href")).toBe("/");
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!) as { url: string };
    expect(ld.url).toBe(`https://${DOMAIN}/cold-brew`);

    const index = await render(indexLoader, `https://${DOMAIN}/b/${blogSlug}`, { blogSlug });
    const indexDoc = parser.parseFromString(index.text, "text/html");
    expect(indexDoc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(`https://${DOMAIN}/`);
    expect(indexDoc.querySelector(".posts h2 a")!.getAttribute("href")).toBe("/cold-brew");
  });

  it("names the domain in its sitemap, feed and robots.txt", async () => {
    const { blogSlug, siteId } = await blogWithDomain("blog.feeds.example");
    const at = (path: string) => `https://blog.feeds.example/b/${blogSlug}${path}`;
    const sitemap = await render(sitemapLoader, at("/sitemap.xml"), { blogSlug });
    expect(sitemap.text).toContain("<loc>https://blog.feeds.example/</loc>");
    expect(sitemap.text).toContain("<loc>https://blog.feeds.example/cold-brew</loc>");
    expect(sitemap.text).not.toContain("/b/");
    const rss = await render(rssLoader, at("/rss.xml"), { blogSlug });
    expect(rss.text).toContain("<link>https://blog.feeds.example/cold-brew</link>");
    expect(rss.text).toContain('atom:link href="https://blog.feeds.example/rss.xml"');
    const robots = await render(robotsLoader, at("/robots.txt"), { blogSlug });
    expect(robots.text).toBe("User-agent: *\nAllow: /\n\nSitemap: https://blog.feeds.example/sitemap.xml\n");
    // The IndexNow key at the domain's root, where a search engine looks for it.
    const key = "0f3a9c1e5b7d4f2a8c6e0b1d3f5a7c9e";
    await db.insertInto("indexnow_keys").values({ site_id: siteId, key, created_at: isoNow() }).execute();
    const keyFile = await render(postLoader, at(`/${key}.txt`), { blogSlug, articleSlug: `${key}.txt` });
    expect(keyFile.text).toBe(key);
    // Under /b/ on the app's host there is no robots file (robots.txt lives at a host's root).
    const here = await render(robotsLoader, `${ORIGIN}/b/${blogSlug}/robots.txt`, { blogSlug });
    expect(here.status).toBe(301);
  });

  it("answers its old /b/ addresses with 301 to the same page on the domain", async () => {
    const { blogSlug } = await blogWithDomain("blog.redirects.example");
    const post = await render(postLoader, `${ORIGIN}/b/${blogSlug}/cold-brew?ref=x`, { blogSlug, articleSlug: "cold-brew" });
    expect(post.status).toBe(301);
    expect(post.headers.get("Location")).toBe("https://blog.redirects.example/cold-brew?ref=x");
    const index = await render(indexLoader, `${ORIGIN}/b/${blogSlug}`, { blogSlug });
    expect(index.headers.get("Location")).toBe("https://blog.redirects.example/");
    const feed = await render(rssLoader, `${ORIGIN}/b/${blogSlug}/rss.xml`, { blogSlug });
    expect(feed.headers.get("Location")).toBe("https://blog.redirects.example/rss.xml");
  });

  it("shows its own 404 page for any deeper path there", async () => {
    const { blogSlug } = await blogWithDomain("blog.deep.example");
    const page = await render(missingLoader, `https://blog.deep.example/b/${blogSlug}/dashboard/settings`, {
      blogSlug,
      "*": "dashboard/settings",
    });
    expect(page.status).toBe(404);
    expect(page.text).toContain("Page not found");
  });

  it("gives publications, IndexNow and the results both addresses where each belongs", async () => {
    const { siteId, blogSlug } = await blogWithDomain("blog.search.example");
    expect(await blogAddressOf(db, siteId)).toEqual({
      origin: "https://blog.search.example",
      basePath: "",
      assetOrigin: "https://blog.search.example",
    });
    const urls = await postUrlsOf(db, siteId, ["cold-brew"]);
    expect(urls.get("cold-brew")).toEqual([`${ORIGIN}/b/${blogSlug}/cold-brew`, "https://blog.search.example/cold-brew"]);
  });
});
