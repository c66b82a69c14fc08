import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { followBrandName } from "#app/modules/hosted-blog/blog-slug.server";
import { POSTS_PER_PAGE } from "#app/modules/hosted-blog/queries.server";
import { saveBrandFromScan } from "#app/modules/onboarding/scan.server";
import { hostedAdapter } from "#app/modules/publishing/platforms/hosted/adapter.server";
import type { AdapterContext, PostInput } from "#app/modules/publishing/types";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { loader as rssLoader } from "#app/routes/hosted-blog/rss";
import { loader as sitemapLoader } from "#app/routes/hosted-blog/sitemap";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { callRoute, get, ORIGIN } from "#tests/setup/route-harness";

/**
 * The hosted blog as the server serves it: index, post, sitemap and feed
 * loaders called through the route harness over real rows; a post is public
 * only with a live, published publication on its own site's hosted connection.
 */

let db: DB;
const window = new Window();
const parser = new window.DOMParser();

beforeAll(async () => {
  db = await testDb();
});

async function hostedConnection(siteId: string) {
  const row = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A publication on the site's hosted blog, as the publishing engine leaves it. */
function publish(
  siteId: string,
  articleId: string,
  {
    mode = "live",
    status = "published",
    at = isoNow(),
  }: { mode?: "draft" | "live"; status?: "published" | "scheduled" | "failed"; at?: string } = {},
) {
  return makePublication(db, siteId, articleId, { mode, status, publishedAt: at, remoteId: articleId });
}

async function blogOf(siteId: string) {
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", siteId).executeTakeFirstOrThrow();
  return site.blog_slug!;
}

async function newBlog(brand: { brand_name?: string; description?: string; logo_path?: string | null } = {}) {
  const user = await makeUser(db, { site: { timezone: "America/New_York", language: "en-US" } });
  if (Object.keys(brand).length) await db.updateTable("brand_settings").set(brand).where("site_id", "=", user.siteId).execute();
  return { ...user, blogSlug: await blogOf(user.siteId) };
}

async function render(
  handler: Parameters<typeof callRoute>[0]["handler"],
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const result = await callRoute({ handler, request: get(path, undefined, headers), params });
  const response = result.response!;
  return { status: result.status, headers: response.headers, text: await response.text() };
}

const html = (text: string) => parser.parseFromString(text, "text/html");
function xml(text: string) {
  const doc = parser.parseFromString(text, "application/xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  return doc;
}

const ARTICLE_HTML =
  '<h2>Why it matters</h2><p>Fresh beans &amp; <a href="/b/elsewhere">good water</a>.</p><figure><img src="/uploads/articles/beans.png" alt="Roasted beans" /></figure><table><thead><tr><th>Grind</th></tr></thead><tbody><tr><td>Fine</td></tr></tbody></table>';

describe("post page", () => {
  it("renders one public post with SEO meta, canonical, Open Graph and JSON-LD", async () => {
    const { siteId, blogSlug } = await newBlog({
      brand_name: "Northwind Coffee",
      description: "Coffee notes.",
      logo_path: "/uploads/logos/nw.png",
    });
    const id = await makeArticle(db, siteId, {
      title: "Brewing <better> coffee & tea",
      slug: "brewing-better-coffee",
      content_html: ARTICLE_HTML,
      meta_description: "How to brew better coffee at home.",
      target_keyword: "brew coffee",
      featured_image: "/uploads/articles/cover.png",
    });
    await db
      .insertInto("article_images")
      .values({
        id: newId(),
        article_id: id,
        path: "/uploads/articles/cover.png",
        alt: "A cup of coffee",
        prompt: null,
        created_at: isoNow(),
      })
      .execute();
    await publish(siteId, id, { at: "2026-11-20T03:30:00.000Z" });

    const page = await render(postLoader, `/b/${blogSlug}/brewing-better-coffee`, { blogSlug, articleSlug: "brewing-better-coffee" });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("Cache-Control")).toMatch(/max-age=60/);
    expect(page.headers.get("ETag")).toBeTruthy();
    // No framework JavaScript: the only script element is the JSON-LD data.
    expect(page.text).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(page.text).toContain("Brewing &lt;better&gt; coffee &amp; tea");

    const doc = html(page.text);
    const url = `${ORIGIN}/b/${blogSlug}/brewing-better-coffee`;
    expect(doc.documentElement.getAttribute("lang")).toBe("en-US");
    expect(doc.title).toBe("Brewing <better> coffee & tea | Northwind Coffee");
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(doc.querySelector("h1")!.textContent).toBe("Brewing <better> coffee & tea");
    expect(doc.querySelector("main")).not.toBeNull();
    expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(doc.querySelector('meta[name="description"]')!.getAttribute("content")).toBe("How to brew better coffee at home.");
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(url);
    expect(doc.querySelector('link[rel="alternate"][type="application/rss+xml"]')!.getAttribute("href")).toBe(
      `${ORIGIN}/b/${blogSlug}/rss.xml`,
    );
    expect(doc.querySelector('meta[property="og:url"]')!.getAttribute("content")).toBe(url);
    expect(doc.querySelector('meta[property="og:type"]')!.getAttribute("content")).toBe("article");
    expect(doc.querySelector('meta[property="og:image"]')!.getAttribute("content")).toBe(`${ORIGIN}/uploads/articles/cover.png`);
    expect(doc.querySelector('meta[name="twitter:card"]')!.getAttribute("content")).toBe("summary_large_image");
    expect(doc.querySelector('meta[name="robots"]')).toBeNull();
    // The brand header, the cover with its stored alt text, the body and its images with alt text.
    expect(doc.querySelector("header .brand")!.textContent).toBe("Northwind Coffee");
    expect(doc.querySelector("img.cover")!.getAttribute("alt")).toBe("A cup of coffee");
    for (const img of doc.querySelectorAll("img")) expect(img.hasAttribute("alt")).toBe(true);
    expect(doc.querySelector(".prose table")).not.toBeNull();
    // The date in the site's zone: 03:30 UTC on the 20th is still the 19th in New York.
    expect(doc.querySelector("article time")!.textContent).toBe("19 Nov 2026");

    const ld = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
    const posting = ld.find((item) => item["@type"] === "BlogPosting");
    expect(posting).toMatchObject({
      headline: "Brewing <better> coffee & tea",
      datePublished: "2026-11-20T03:30:00.000Z",
      mainEntityOfPage: { "@id": url },
      image: [`${ORIGIN}/uploads/articles/cover.png`],
      author: { name: "Northwind Coffee" },
      publisher: { name: "Northwind Coffee", logo: { url: `${ORIGIN}/uploads/logos/nw.png` } },
    });
    expect(posting.dateModified >= posting.datePublished).toBe(true);
    const crumbs = ld.find((item) => item["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string; item: string }) => [i.name, i.item])).toEqual([
      ["Blog", `${ORIGIN}/b/${blogSlug}`],
      ["Brewing <better> coffee & tea", url],
    ]);
    // Page text can never close the data block.
    expect(page.text).not.toContain('"headline":"Brewing <better>');

    const again = await render(
      postLoader,
      `/b/${blogSlug}/brewing-better-coffee`,
      { blogSlug, articleSlug: "brewing-better-coffee" },
      {
        "If-None-Match": page.headers.get("ETag")!,
      },
    );
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
  });

  it("answers the blog's own 404 for drafts, unpublished and unknown posts, and other sites' articles", async () => {
    const mine = await newBlog({ brand_name: "Mine" });
    const theirs = await newBlog({ brand_name: "Theirs" });
    const draftMode = await makeArticle(db, mine.siteId, { slug: "in-review", content_html: "<p>x</p>" });
    await publish(mine.siteId, draftMode, { mode: "draft" });
    const scheduled = await makeArticle(db, mine.siteId, { slug: "later", content_html: "<p>x</p>" });
    await publish(mine.siteId, scheduled, { status: "scheduled" });
    await makeArticle(db, mine.siteId, { slug: "never-published", content_html: "<p>x</p>" });
    const foreign = await makeArticle(db, theirs.siteId, { slug: "their-post", content_html: "<p>x</p>" });
    await publish(theirs.siteId, foreign);

    for (const articleSlug of ["in-review", "later", "never-published", "their-post", "nothing-here"]) {
      const page = await render(postLoader, `/b/${mine.blogSlug}/${articleSlug}`, { blogSlug: mine.blogSlug, articleSlug });
      expect(page.status, articleSlug).toBe(404);
      const doc = html(page.text);
      expect(doc.querySelector("h1")!.textContent).toBe("Page not found");
      expect(doc.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
      expect(doc.querySelector(`a[href="/b/${mine.blogSlug}"]`)).not.toBeNull();
    }
    // The other site's post is on its own blog.
    expect(
      (await render(postLoader, `/b/${theirs.blogSlug}/their-post`, { blogSlug: theirs.blogSlug, articleSlug: "their-post" })).status,
    ).toBe(200);

    const unknown = await render(indexLoader, "/b/no-such-blog", { blogSlug: "no-such-blog" });
    expect(unknown.status).toBe(404);
    expect(html(unknown.text).querySelector("h1")!.textContent).toBe("Page not found");
    for (const handler of [rssLoader, sitemapLoader])
      expect((await render(handler, "/b/no-such-blog/x", { blogSlug: "no-such-blog" })).status).toBe(404);
  });

  it("hides the whole blog once its hosted connection is disconnected", async () => {
    const { siteId, blogSlug } = await newBlog();
    const id = await makeArticle(db, siteId, { slug: "gone-soon", content_html: "<p>x</p>" });
    await publish(siteId, id);
    expect((await render(postLoader, `/b/${blogSlug}/gone-soon`, { blogSlug, articleSlug: "gone-soon" })).status).toBe(200);
    await db.updateTable("cms_connections").set({ status: "disconnected" }).where("site_id", "=", siteId).execute();
    expect((await render(postLoader, `/b/${blogSlug}/gone-soon`, { blogSlug, articleSlug: "gone-soon" })).status).toBe(404);
    expect((await render(indexLoader, `/b/${blogSlug}`, { blogSlug })).status).toBe(404);
  });
});

describe("index", () => {
  it("lists public posts newest first with dates, excerpts and covers, in pages with rel prev/next", async () => {
    const { siteId, blogSlug } = await newBlog({ brand_name: "Pager", logo_path: "/uploads/logos/p.png" });
    const total = POSTS_PER_PAGE + 2;
    for (let i = 0; i < total; i++) {
      const id = await makeArticle(db, siteId, {
        title: `Post ${i}`,
        slug: `post-${i}`,
        content_html: `<p>Body of post ${i} with enough words.</p>`,
        featured_image: i === 0 ? "/uploads/articles/zero.png" : null,
      });
      await publish(siteId, id, { at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString() });
    }
    const hidden = await makeArticle(db, siteId, { title: "Hidden draft", slug: "hidden", content_html: "<p>x</p>" });
    await publish(siteId, hidden, { mode: "draft" });

    const first = await render(indexLoader, `/b/${blogSlug}`, { blogSlug });
    expect(first.status).toBe(200);
    const doc = html(first.text);
    expect(doc.querySelectorAll("h1")).toHaveLength(1);
    expect(doc.querySelector("h1")!.textContent).toBe("Pager");
    expect(doc.querySelector("header img")!.getAttribute("src")).toBe("/uploads/logos/p.png");
    const titles = [...doc.querySelectorAll(".posts h2")].map((h) => h.textContent);
    expect(titles).toHaveLength(POSTS_PER_PAGE);
    expect(titles[0]).toBe(`Post ${total - 1}`);
    expect(first.text).not.toContain("Hidden draft");
    expect(doc.querySelector(".posts p:not(.meta)")!.textContent).toBe(`Body of post ${total - 1} with enough words.`);
    expect(doc.querySelector('link[rel="next"]')!.getAttribute("href")).toBe(`${ORIGIN}/b/${blogSlug}?page=2`);
    expect(doc.querySelector('link[rel="prev"]')).toBeNull();
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(`${ORIGIN}/b/${blogSlug}`);

    const second = html((await render(indexLoader, `/b/${blogSlug}?page=2`, { blogSlug })).text);
    expect([...second.querySelectorAll(".posts h2")].map((h) => h.textContent)).toEqual(["Post 1", "Post 0"]);
    expect(second.querySelector('link[rel="prev"]')!.getAttribute("href")).toBe(`${ORIGIN}/b/${blogSlug}`);
    expect(second.querySelector('link[rel="next"]')).toBeNull();
    expect(second.querySelector(".posts img")!.getAttribute("alt")).toBe("Post 0");

    expect((await render(indexLoader, `/b/${blogSlug}?page=3`, { blogSlug })).status).toBe(404);
    expect((await render(indexLoader, `/b/${blogSlug}?page=abc`, { blogSlug })).status).toBe(404);
    const one = await callRoute({ handler: indexLoader, request: get(`/b/${blogSlug}?page=1`), params: { blogSlug } });
    expect(one.status).toBe(301);
    expect(one.headers.get("Location")).toBe(`/b/${blogSlug}`);
  });

  it("shows an empty state (kept out of search results) before the first post", async () => {
    const { blogSlug } = await newBlog();
    const page = await render(indexLoader, `/b/${blogSlug}`, { blogSlug });
    expect(page.status).toBe(200);
    const doc = html(page.text);
    expect(doc.querySelector("h1")!.textContent).toBe("My website");
    expect(doc.querySelector("main")!.textContent).toContain("No posts yet");
    expect(doc.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
  });
});

describe("feeds", () => {
  it("serves a well-formed sitemap and RSS 2.0 feed with full, absolute content", async () => {
    const { siteId, blogSlug } = await newBlog({
      brand_name: "Feeds & <Co>",
      description: "All about feeds.",
      logo_path: "/uploads/logos/f.png",
    });
    const a = await makeArticle(db, siteId, { title: "Tom & Jerry <live>", slug: "tom-and-jerry", content_html: ARTICLE_HTML });
    await publish(siteId, a, { at: "2026-03-01T10:00:00.000Z" });
    const b = await makeArticle(db, siteId, { title: "Second", slug: "second", content_html: "<p>Two]]>three\u0001</p>" });
    await publish(siteId, b, { at: "2026-03-02T10:00:00.000Z" });
    const draft = await makeArticle(db, siteId, { title: "Draft", slug: "draft-only", content_html: "<p>x</p>" });
    await publish(siteId, draft, { mode: "draft" });

    const sitemap = await render(sitemapLoader, `/b/${blogSlug}/sitemap.xml`, { blogSlug });
    expect(sitemap.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const locs = [...xml(sitemap.text).getElementsByTagName("loc")].map((l) => l.textContent);
    expect(locs).toEqual([`${ORIGIN}/b/${blogSlug}`, `${ORIGIN}/b/${blogSlug}/second`, `${ORIGIN}/b/${blogSlug}/tom-and-jerry`]);
    expect(xml(sitemap.text).getElementsByTagName("lastmod")).toHaveLength(3);

    const rss = await render(rssLoader, `/b/${blogSlug}/rss.xml`, { blogSlug });
    expect(rss.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const feed = xml(rss.text);
    expect(feed.documentElement.getAttribute("version")).toBe("2.0");
    const channel = feed.getElementsByTagName("channel")[0]!;
    expect(channel.getElementsByTagName("title")[0]!.textContent).toBe("Feeds & <Co>");
    const items = [...feed.getElementsByTagName("item")];
    expect(items.map((i) => i.getElementsByTagName("title")[0]!.textContent)).toEqual(["Second", "Tom & Jerry <live>"]);
    const tom = items[1]!;
    expect(tom.getElementsByTagName("link")[0]!.textContent).toBe(`${ORIGIN}/b/${blogSlug}/tom-and-jerry`);
    expect(tom.getElementsByTagName("pubDate")[0]!.textContent).toBe("Sun, 01 Mar 2026 10:00:00 GMT");
    const body = tom.getElementsByTagName("content:encoded")[0]!.textContent!;
    expect(body).toContain(`<img src="${ORIGIN}/uploads/articles/beans.png" alt="Roasted beans" />`);
    expect(body).toContain(`<a href="${ORIGIN}/b/elsewhere">`);
    expect(items[0]!.getElementsByTagName("content:encoded")[0]!.textContent).toBe("<p>Two]]>three</p>");
  });
});

describe("hosted adapter", () => {
  const ctxFor = (siteId: string, connectionId: string): AdapterContext => ({
    connectionId,
    siteId,
    siteUrl: "",
    config: {},
    credentials: {},
    correlationId: "abcd1234",
    signal: new AbortController().signal,
    saveCredentials: async () => {},
    log: async () => {},
  });
  const input = (articleId: string, mode: "draft" | "live"): PostInput => ({
    articleId,
    title: "T",
    slug: "ignored-slug",
    html: "<p>x</p>",
    markdown: "x",
    excerpt: "x",
    metaTitle: "T",
    metaDescription: "x",
    keyword: "",
    tags: [],
    featuredImage: null,
    images: [],
    mode,
    scheduleAt: null,
    canonicalUrl: null,
    publicationId: "p",
    correlationId: "abcd1234",
    brandName: "B",
  });

  it("places posts on the blog without side effects and reads them back from the publication", async () => {
    const { siteId, blogSlug } = await newBlog({ brand_name: "Adapter" });
    const connectionId = await hostedConnection(siteId);
    const ctx = ctxFor(siteId, connectionId);
    const id = await makeArticle(db, siteId, { slug: "adapter-post", content_html: "<p>x</p>" });

    expect(await hostedAdapter.findExisting(ctx, input(id, "live"))).toBeNull();
    const live = await hostedAdapter.create(ctx, input(id, "live"), null);
    expect(live).toEqual({ remoteId: id, url: `${ORIGIN}/b/${blogSlug}/adapter-post`, status: "published", live: true });
    const draft = await hostedAdapter.update(ctx, { remoteId: id, version: null }, input(id, "draft"), null);
    expect(draft).toMatchObject({ remoteId: id, status: "draft", live: false, url: `${ORIGIN}/dashboard/write?edit=${id}` });

    await publish(siteId, id);
    expect(await hostedAdapter.findExisting(ctx, input(id, "live"))).toMatchObject({ remoteId: id, live: true });
    expect(await hostedAdapter.read(ctx, id)).toMatchObject({ status: "published", url: `${ORIGIN}/b/${blogSlug}/adapter-post` });
    expect(await hostedAdapter.read(ctx, "missing")).toBeNull();

    const media = await hostedAdapter.uploadMedia(ctx, {
      localPath: "/uploads/articles/a.png",
      publicUrl: `${ORIGIN}/uploads/articles/a.png`,
      filename: "a.png",
      mimeType: "image/png",
      bytes: Buffer.from(""),
      alt: "A",
      width: null,
      height: null,
    });
    expect(media).toEqual({ remoteId: "/uploads/articles/a.png", url: "/uploads/articles/a.png" });

    // Another site's article cannot be placed through this connection.
    const other = await newBlog();
    const foreign = await makeArticle(db, other.siteId, { slug: "x" });
    await expect(hostedAdapter.create(ctx, input(foreign, "live"), null)).rejects.toMatchObject({ kind: "invalid" });
  });

  it("doctor: address and serving pass, brand and a local APP_URL warn, a disconnected blog fails", async () => {
    const { siteId, blogSlug } = await newBlog();
    const ctx = ctxFor(siteId, await hostedConnection(siteId));
    const checks = await hostedAdapter.doctor(ctx);
    expect(Object.fromEntries(checks.map((c) => [c.id, c.state]))).toEqual({
      address: "pass",
      serving: "pass",
      brand: "warn",
      public: "warn",
    });
    expect(checks[0]!.detail).toContain(`${ORIGIN}/b/${blogSlug}`);
    for (const c of checks.filter((c) => c.state !== "pass")) expect(c.fix).toBeTruthy();

    await db
      .updateTable("brand_settings")
      .set({ brand_name: "Full", logo_path: "/uploads/logos/x.png" })
      .where("site_id", "=", siteId)
      .execute();
    expect((await hostedAdapter.doctor(ctx)).find((c) => c.id === "brand")!.state).toBe("pass");

    await db.updateTable("cms_connections").set({ status: "disconnected" }).where("site_id", "=", siteId).execute();
    expect((await hostedAdapter.doctor(ctx)).find((c) => c.id === "serving")!.state).toBe("fail");
  });
});

describe("blog address follows the brand", () => {
  it("takes the brand name from onboarding while nothing is public, then stays put", async () => {
    const { siteId, blogSlug } = await newBlog();
    expect(blogSlug).toMatch(/^my-website-[0-9a-f]{6}$/);
    const scan = {
      brandName: "Northwind Coffee",
      industry: "",
      toneOfVoice: "",
      tags: [],
      description: "",
      targetAudience: "",
      language: "en-US",
      url: "https://northwind.example/",
      internalLinks: [],
    };
    await saveBrandFromScan(db, siteId, scan);
    const renamed = await blogOf(siteId);
    expect(renamed).toMatch(/^northwind-coffee-[0-9a-f]{6}$/);
    // A rescan with the same name keeps the address.
    await saveBrandFromScan(db, siteId, scan);
    expect(await blogOf(siteId)).toBe(renamed);

    const id = await makeArticle(db, siteId, { slug: "first" });
    await publish(siteId, id);
    await saveBrandFromScan(db, siteId, { ...scan, brandName: "Southwind Tea" });
    expect(await blogOf(siteId)).toBe(renamed);
    expect(await followBrandName(db, siteId, "Another")).toBe(renamed);
  });
});
