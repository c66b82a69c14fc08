import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { loader as postLoader } from "#app/routes/hosted-blog/post";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeTopic, makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * The blog's pages in its theme (docs/decisions/077-blog-themes.md): the theme and the brand's accent in the page's
 * stylesheet, a preview with ?theme= that is kept out of search results and caches and changes nothing, a contents
 * list on long posts, the brand as the author, and related posts from the same blog's public posts only.
 */

let db: DB;
const parser = new new Window().DOMParser();
const html = (text: string) => parser.parseFromString(text, "text/html");

beforeAll(async () => {
  db = await testDb();
});

async function newBlog(brand: { brand_name?: string; description?: string; logo_path?: string | null; accent_color?: string } = {}) {
  const user = await makeUser(db);
  if (Object.keys(brand).length) await db.updateTable("brand_settings").set(brand).where("site_id", "=", user.siteId).execute();
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  return { ...user, blogSlug: site.blog_slug! };
}

async function publishPost(siteId: string, fields: Parameters<typeof makeArticle>[2], at = isoNow()) {
  const id = await makeArticle(db, siteId, { content_html: "<p>Text.</p>", ...fields });
  await makePublication(db, siteId, id, { publishedAt: at, remoteId: id });
  return id;
}

async function page(handler: typeof indexLoader | typeof postLoader, path: string, params: Record<string, string>) {
  const result = await callRoute({ handler, request: get(path), params });
  const response = result.response!;
  const text = await response.text();
  return { status: result.status, headers: response.headers, text, doc: html(text) };
}

const LONG_POST =
  "<p>Intro.</p><h2>Why grind size matters</h2><p>a</p><h2>The chart</h2><p>b</p><h3>Espresso</h3><p>c</p>" +
  "<h2>Dialling in</h2><p>d</p><h2>Frequently asked questions</h2><p>e</p>";

describe("theme", () => {
  it("renders the blog in its theme, with the brand's accent made readable for links", async () => {
    const { siteId, blogSlug } = await newBlog({ accent_color: "#F4A261" });
    await db.insertInto("blog_appearance").values({ site_id: siteId, theme: "journal", updated_by: null, updated_at: isoNow() }).execute();
    await publishPost(siteId, { slug: "one", title: "One" });
    const index = await page(indexLoader, `/b/${blogSlug}`, { blogSlug });
    expect(index.doc.body.getAttribute("data-theme")).toBe("journal");
    const css = index.doc.querySelector("style")!.textContent!;
    // #F4A261 is 2.1:1 on white: in light mode the links use a darker shade of it (on a dark page it reads as it is).
    const [light, dark] = [/^:root\{([^}]*)\}/, /prefers-color-scheme:dark\)\{:root\{([^}]*)\}/].map((re) => re.exec(css)![1]!);
    expect(light).toMatch(/--accent:#(?!F4A261)[0-9A-F]{6};/);
    expect(dark).toContain("--accent:#F4A261;");
    expect(css).not.toMatch(/@font-face|url\(/);
    // The shop journal's cards carry their call to read, hidden from screen readers (the title is the link).
    expect(index.doc.querySelector(".posts .more")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("falls back to the default theme for a blog that chose none or holds an unknown one", async () => {
    const { siteId, blogSlug } = await newBlog();
    expect((await page(indexLoader, `/b/${blogSlug}`, { blogSlug })).doc.body.getAttribute("data-theme")).toBe("longread");
    await db.insertInto("blog_appearance").values({ site_id: siteId, theme: "gone", updated_by: null, updated_at: isoNow() }).execute();
    expect((await page(indexLoader, `/b/${blogSlug}`, { blogSlug })).doc.body.getAttribute("data-theme")).toBe("longread");
  });
});

describe("preview", () => {
  it("shows the index and a post in the asked theme, noindex and never cached, its links keeping the preview", async () => {
    const { siteId, blogSlug } = await newBlog({ brand_name: "Preview Roasters" });
    await publishPost(siteId, { slug: "cold-brew", title: "Cold brew" });
    const normal = await page(indexLoader, `/b/${blogSlug}`, { blogSlug });
    expect(normal.headers.get("Cache-Control")).toMatch(/^public/);

    const preview = await page(indexLoader, `/b/${blogSlug}?theme=magazine`, { blogSlug });
    expect(preview.status).toBe(200);
    expect(preview.doc.body.getAttribute("data-theme")).toBe("magazine");
    expect(preview.headers.get("Cache-Control")).toBe("private, no-store");
    expect(preview.headers.get("ETag")).toBeNull();
    expect(preview.headers.get("X-Robots-Tag")).toBe("noindex");
    expect(preview.doc.querySelector('meta[name="robots"]')!.getAttribute("content")).toBe("noindex");
    // The canonical URL stays the blog's own; the links within keep the theme being tried.
    expect(preview.doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toMatch(new RegExp(`/b/${blogSlug}$`));
    expect(preview.doc.querySelector(".posts h2 a")!.getAttribute("href")).toBe(`/b/${blogSlug}/cold-brew?theme=magazine`);
    expect(preview.doc.querySelector(".preview-bar")!.textContent).toContain("Magazine");

    const post = await page(postLoader, `/b/${blogSlug}/cold-brew?theme=journal`, { blogSlug, articleSlug: "cold-brew" });
    expect(post.doc.body.getAttribute("data-theme")).toBe("journal");
    expect(post.headers.get("Cache-Control")).toBe("private, no-store");
    expect(post.doc.querySelector("a.brand")!.getAttribute("href")).toBe(`/b/${blogSlug}?theme=journal`);

    // Nothing was chosen by looking.
    expect(await db.selectFrom("blog_appearance").selectAll().where("site_id", "=", siteId).executeTakeFirst()).toBeUndefined();
    expect((await page(indexLoader, `/b/${blogSlug}`, { blogSlug })).doc.body.getAttribute("data-theme")).toBe("longread");
  });

  it("ignores an unknown theme: the page as readers see it, cached and indexable", async () => {
    const { siteId, blogSlug } = await newBlog();
    await publishPost(siteId, { slug: "x" });
    const unknown = await page(indexLoader, `/b/${blogSlug}?theme=neon`, { blogSlug });
    expect(unknown.status).toBe(200);
    expect(unknown.doc.body.getAttribute("data-theme")).toBe("longread");
    expect(unknown.headers.get("Cache-Control")).toMatch(/^public/);
    expect(unknown.doc.querySelector('meta[name="robots"]')).toBeNull();
    expect(unknown.doc.querySelector(".preview-bar")).toBeNull();
    expect(unknown.doc.querySelector(".posts h2 a")!.getAttribute("href")).toBe(`/b/${blogSlug}/x`);
  });
});

describe("post page", () => {
  it("lists a long post's sections, each linked to its heading's id", async () => {
    const { siteId, blogSlug } = await newBlog();
    await publishPost(siteId, { slug: "long", content_html: LONG_POST });
    await publishPost(siteId, { slug: "short", content_html: "<h2>One</h2><p>a</p><h2>Two</h2><p>b</p><h2>Three</h2>" });

    const { doc } = await page(postLoader, `/b/${blogSlug}/long`, { blogSlug, articleSlug: "long" });
    const links = [...doc.querySelectorAll("nav.toc a")].map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual([
      ["#why-grind-size-matters", "Why grind size matters"],
      ["#the-chart", "The chart"],
      ["#dialling-in", "Dialling in"],
      ["#frequently-asked-questions", "Frequently asked questions"],
    ]);
    for (const [href] of links) expect(doc.querySelector(`.prose h2${href}`)).not.toBeNull();
    expect(doc.querySelector("nav.toc")!.getAttribute("aria-labelledby")).toBe("contents-title");

    const short = (await page(postLoader, `/b/${blogSlug}/short`, { blogSlug, articleSlug: "short" })).doc;
    expect(short.querySelector("nav.toc")).toBeNull();
    expect(short.querySelector(".prose h2")!.id).toBe("one");
  });

  it("ends with the brand as the author: logo, name, description and its other articles", async () => {
    const { siteId, blogSlug } = await newBlog({
      brand_name: "Northwind Coffee",
      description: "Small-batch roasters in Rotterdam.",
      logo_path: "/uploads/logos/nw.png",
    });
    await publishPost(siteId, { slug: "p" });
    const { doc } = await page(postLoader, `/b/${blogSlug}/p`, { blogSlug, articleSlug: "p" });
    const box = doc.querySelector("article section.author")!;
    expect(box.querySelector("h2")!.textContent).toBe("Northwind Coffee");
    expect(box.textContent).toContain("Small-batch roasters in Rotterdam.");
    const logo = box.querySelector("img")!;
    expect([logo.getAttribute("src"), logo.getAttribute("alt"), logo.getAttribute("width"), logo.getAttribute("height")]).toEqual([
      "/uploads/logos/nw.png",
      "",
      "64",
      "64",
    ]);
    expect(box.querySelector("a")!.getAttribute("href")).toBe(`/b/${blogSlug}`);
  });

  it("offers up to three related posts of the same blog, public ones only: same topic first, then shared keyword words", async () => {
    const { siteId, blogSlug } = await newBlog();
    const brewing = await makeTopic(db, siteId, { name: "Brewing methods" });
    const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
    await publishPost(
      siteId,
      { slug: "cold-brew-ratio", title: "Cold brew ratio", target_keyword: "cold brew ratio", topic_id: brewing },
      day(1),
    );
    await publishPost(siteId, { slug: "newest", title: "Newest, unrelated", target_keyword: "opening hours" }, day(9));
    await publishPost(
      siteId,
      { slug: "cold-brew-jar", title: "Cold brew in a jar", target_keyword: "how to make cold brew in a jar" },
      day(3),
    );
    await publishPost(siteId, { slug: "pour-over", title: "Pour-over", target_keyword: "pour over", topic_id: brewing }, day(2));
    await publishPost(siteId, { slug: "coffee-news", title: "Coffee news", target_keyword: "coffee news" }, day(8));
    // Not public here: a draft-mode publication, an article never published, and another blog's post on the topic's words.
    const review = await makeArticle(db, siteId, { slug: "in-review", target_keyword: "cold brew at home", topic_id: brewing });
    await makePublication(db, siteId, review, { mode: "draft" });
    await makeArticle(db, siteId, { slug: "draft", target_keyword: "cold brew at home", topic_id: brewing });
    const other = await newBlog();
    await publishPost(other.siteId, { slug: "their-cold-brew", title: "Their cold brew", target_keyword: "cold brew at home" }, day(10));

    await publishPost(
      siteId,
      { slug: "cold-brew-home", title: "Cold brew at home", target_keyword: "how to make cold brew at home", topic_id: brewing },
      day(5),
    );
    const { doc } = await page(postLoader, `/b/${blogSlug}/cold-brew-home`, { blogSlug, articleSlug: "cold-brew-home" });
    const related = [...doc.querySelectorAll("section.related .posts h3 a")].map((a) => a.getAttribute("href"));
    // The topic's posts (the one sharing "cold brew" first), then the other sharing words ("how", "to" are stop words).
    expect(related).toEqual([`/b/${blogSlug}/cold-brew-ratio`, `/b/${blogSlug}/pour-over`, `/b/${blogSlug}/cold-brew-jar`]);
    expect(doc.querySelector("section.related h2")!.textContent).toBe("Keep reading");
    expect(doc.querySelector("section.related .topic")!.textContent).toBe("Brewing methods");

    // A blog with one post offers nothing to read next.
    const lonely = await newBlog();
    await publishPost(lonely.siteId, { slug: "only" });
    const alone = (await page(postLoader, `/b/${lonely.blogSlug}/only`, { blogSlug: lonely.blogSlug, articleSlug: "only" })).doc;
    expect(alone.querySelector("section.related")).toBeNull();
  });
});
