import { describe, expect, it } from "vitest";
import { analyzeLivePage, comparableUrl, imageKey, normalizeText, type ExpectedPage, type LiveCheckId } from "./live-check-page";

const POST = "https://blog.example.com/2026/03/cold-brew-guide/";

function expected(overrides: Partial<ExpectedPage> = {}): ExpectedPage {
  return {
    platform: "wordpress",
    postUrl: POST,
    pageUrl: POST,
    title: "Cold brew at home: a beginner's guide",
    metaDescription: "Everything you need to make smooth cold brew coffee at home, from the grind to the ratio and the steeping time.",
    canonicalUrl: null,
    images: [
      { urls: ["https://blog.example.com/wp-content/uploads/2026/03/jar.png"], alt: "A jar of cold brew", featured: true },
      { urls: ["https://blog.example.com/wp-content/uploads/2026/03/grind.png"], alt: "Coarse grind", featured: false },
    ],
    links: [
      { url: "https://shop.example.com/beans?id=4", anchorText: "our beans" },
      { url: "/brew-guides/french-press", anchorText: "French press guide" },
    ],
    wordpressSeoPlugin: true,
    ...overrides,
  };
}

function page({
  head = `<title>Cold brew at home: a beginner’s guide – Northwind</title>
<meta name="description" content="Everything you need to make smooth cold brew coffee at home, from the grind to the ratio and the steeping time.">
<link rel="canonical" href="${POST}">`,
  body = `<h1>Cold brew at home: a beginner’s guide</h1>
<img src="https://blog.example.com/wp-content/uploads/2026/03/jar-1024x576.png" alt="" width="1024" height="576" class="wp-image-7">
<p>Buy <a href="https://shop.example.com/beans?utm_source=inkpilot&id=4">our beans</a> and read the
<a href="/brew-guides/french-press/">French press guide</a>.</p>
<img src="https://blog.example.com/wp-content/uploads/2026/03/grind.png?resize=800" alt="Coarse grind" width="800" height="450">`,
} = {}) {
  return `<!doctype html><html><head>${head}</head><body><article>${body}</article></body></html>`;
}

function byId(html: string, overrides: Partial<ExpectedPage> = {}) {
  const checks = analyzeLivePage(html, expected(overrides));
  return Object.fromEntries(checks.map((c) => [c.id, c])) as Record<LiveCheckId, (typeof checks)[number]>;
}

describe("helpers", () => {
  it("normalizes titles the way WordPress rewrites them", () => {
    expect(normalizeText("Cold brew -- a “guide”… it's easy")).toBe(normalizeText('Cold brew – a "guide"... it’s easy'));
  });

  it("compares URLs without tracking parameters, fragments, www. or a trailing slash", () => {
    const base = "https://example.com/post";
    expect(comparableUrl("https://www.example.com/a/?b=2&utm_campaign=x&a=1#top", base)).toBe(
      comparableUrl("https://example.com/a?a=1&b=2", base),
    );
    expect(comparableUrl("/a?fbclid=123", base)).toBe("example.com/a");
    expect(comparableUrl("https://example.com/a?id=4", base)).not.toBe(comparableUrl("https://example.com/a?id=5", base));
  });

  it("names an image's file without resize variants", () => {
    const base = "https://x.example";
    expect(imageKey("https://x.example/uploads/jar-1024x576.png?resize=1", base)).toBe("jar.png");
    expect(imageKey("https://cdn.shopify.com/s/files/1/articles/jar_800x.jpeg?v=123", base)).toBe("jar.jpg");
    expect(imageKey("/uploads/jar-scaled.png", base)).toBe("jar.png");
  });
});

describe("analyzeLivePage", () => {
  it("passes a page where everything arrived intact (curly quotes, resized images, utm params, relative links)", () => {
    const checks = analyzeLivePage(page(), expected());
    expect(checks.map((c) => [c.id, c.state])).toEqual([
      ["title", "ok"],
      ["h1", "ok"],
      ["meta_description", "ok"],
      ["canonical", "ok"],
      ["images", "ok"],
      ["image_layout", "ok"],
      ["links", "ok"],
    ]);
    expect(checks.every((c) => !c.fix)).toBe(true);
  });

  it("flags a page title without the article's title", () => {
    const checks = byId(page({ head: `<title>Northwind – Blog</title><link rel="canonical" href="${POST}">` }));
    expect(checks.title.state).toBe("problem");
    expect(checks.title.detail).toContain("Northwind – Blog");
    expect(checks.title.fix).toContain("Yoast");
  });

  it("flags a missing H1 and an H1 that is not the title", () => {
    expect(byId(page({ body: "<h2>Cold brew at home: a beginner’s guide</h2>" })).h1.state).toBe("problem");
    const other = byId(page({ body: "<h1>Northwind blog</h1>" })).h1;
    expect(other.state).toBe("problem");
    expect(other.detail).toContain("Northwind blog");
  });

  it("asks for Yoast or Rank Math when WordPress has no SEO plugin and the description is missing", () => {
    const head = `<title>Cold brew at home: a beginner's guide</title><link rel="canonical" href="${POST}">`;
    const meta = byId(page({ head }), { wordpressSeoPlugin: false }).meta_description;
    expect(meta.state).toBe("problem");
    expect(meta.fix).toBe(
      "Install Yoast SEO or Rank Math so Inkpilot can set the meta description, then run Check again on the connection and publish again.",
    );
    expect(byId(page({ head }), { wordpressSeoPlugin: true }).meta_description.fix).toContain("cache");
  });

  it("accepts a description the platform cut short, and flags a different one", () => {
    const cut = page({
      head: `<title>Cold brew at home: a beginner's guide</title><meta name="description" content="Everything you need to make smooth cold brew coffee at home, from the grind to the ratio…">`,
    });
    expect(byId(cut).meta_description.state).toBe("ok");
    const other = page({
      head: `<title>Cold brew at home: a beginner's guide</title><meta name="description" content="Northwind roasts coffee in Portland.">`,
    });
    expect(byId(other).meta_description.state).toBe("problem");
  });

  it("says 'not applicable' for the meta description on Notion and webhooks", () => {
    expect(byId(page({ head: "<title>x</title>" }), { platform: "webhook" }).meta_description.state).toBe("not_applicable");
    const notion = byId(page({ head: "<title>Cold brew at home: a beginner's guide</title>", body: "" }), { platform: "notion" });
    expect(notion.meta_description.state).toBe("not_applicable");
    // Notion draws its pages in the browser: the body checks cannot be judged.
    expect(notion.images.state).toBe("not_applicable");
    expect(notion.title.state).toBe("ok");
  });

  it("flags a missing canonical, one pointing elsewhere, and one on http://", () => {
    const missing = byId(page({ head: "<title>Cold brew at home: a beginner's guide</title>" })).canonical;
    expect(missing.state).toBe("problem");
    expect(missing.detail).toContain("no canonical link");
    const home = byId(page({ head: `<link rel="canonical" href="https://blog.example.com/">` }), { platform: "shopify" }).canonical;
    expect(home.state).toBe("problem");
    expect(home.fix).toContain("canonical_url");
    const http = byId(page({ head: `<link rel="canonical" href="http://blog.example.com/2026/03/cold-brew-guide/">` })).canonical;
    expect(http.state).toBe("problem");
    expect(http.detail).toContain("http://");
  });

  it("accepts a canonical to the final address after a redirect, or to the original the customer set", () => {
    const moved = "https://blog.example.com/cold-brew-guide/";
    expect(byId(page({ head: `<link rel="canonical" href="${moved}">` }), { pageUrl: moved }).canonical.state).toBe("ok");
    const original = "https://original.example/cold-brew";
    expect(byId(page({ head: `<link rel="canonical" href="${original}">` }), { canonicalUrl: original }).canonical.state).toBe("ok");
    const wix = byId(page(), { canonicalUrl: original, platform: "wix" }).canonical;
    expect(wix.state).toBe("problem");
    expect(wix.fix).toContain("cannot set a canonical");
  });

  it("counts the images and names a featured image the theme does not show", () => {
    const noFeatured = byId(
      page({ body: `<h1>Cold brew at home: a beginner's guide</h1><img src="/wp-content/uploads/2026/03/grind.png">` }),
    );
    expect(noFeatured.images.state).toBe("problem");
    expect(noFeatured.images.detail).toContain("1 of 2 images");
    expect(noFeatured.images.detail).toContain("the featured image");
    expect(noFeatured.images.fix).toContain("theme does not show it");
  });

  it("finds an image by srcset, lazy-load attributes or its alt text", () => {
    const body = `<img data-src="https://cdn.example/other-name.webp" alt="A jar of cold brew">
<img srcset="https://blog.example.com/wp-content/uploads/2026/03/grind-300x200.png 300w, https://blog.example.com/x.png 800w">`;
    expect(byId(page({ body })).images.state).toBe("ok");
  });

  it("flags links that are missing or point elsewhere, ignoring tracking parameters", () => {
    const body = `<h1>Cold brew at home: a beginner's guide</h1>
<a href="https://shop.example.com/beans?id=4&utm_medium=email&gclid=1">our beans</a>
<a href="https://go.example/r/abc">French press guide</a>`;
    const links = byId(page({ body })).links;
    expect(links.state).toBe("problem");
    expect(links.detail).toContain("1 of 2 links");
    expect(links.detail).toContain("points to https://go.example/r/abc instead of /brew-guides/french-press");
    expect(links.fix).toContain("rewrote");
    const dropped = byId(page({ body: "<p>no links</p>" }), { platform: "webflow" }).links;
    expect(dropped.detail).toContain("Missing: https://shop.example.com/beans?id=4, /brew-guides/french-press");
    expect(dropped.fix).toContain("rich text");
  });

  it("resolves relative links against the page, not our app", () => {
    const body = `<a href="https://blog.example.com/brew-guides/french-press">French press guide</a><a href="https://shop.example.com/beans?id=4">our beans</a>`;
    expect(byId(page({ body })).links.state).toBe("ok");
  });
});

describe("image sizes on the page", () => {
  const JAR = "https://blog.example.com/wp-content/uploads/2026/03/jar.png";
  const one = (img: string) => `<html><head><title>T</title></head><body><h1>T</h1><p>Start with</p>${img}</body></html>`;
  const layout = (img: string, overrides: Partial<ExpectedPage> = {}) =>
    byId(one(img), { images: [{ urls: [JAR], alt: "A jar of cold brew", featured: false }], links: [], ...overrides }).image_layout;

  it("passes an image with its size that the element holds to the column", () => {
    expect(layout(`<img src="${JAR}" alt="A jar" width="1200" height="630" style="max-width:100%;height:auto">`).state).toBe("ok");
    expect(layout(`<figure class="wp-block-image"><img src="${JAR}" alt="A jar" width="1200" height="630"></figure>`).state).toBe("ok");
    expect(layout(`<img src="${JAR}" alt="A jar" width="640" height="336">`).state).toBe("ok");
  });

  it("flags an image without width and height, and a wide one nothing holds to the column", () => {
    const bare = layout(`<img src="${JAR}" alt="A jar">`);
    expect(bare.state).toBe("problem");
    expect(bare.detail).toContain("has no width and height");
    expect(bare.detail).toContain("stylesheet is not applied");
    const wide = layout(`<img src="${JAR}" alt="A jar" width="1200" height="630">`);
    expect(wide.state).toBe("problem");
    expect(wide.detail).toContain("1200 px wide with nothing holding it to the column");
    expect(wide.fix).toContain("image blocks");
  });

  it("never advises publishing again when the image is still the block the latest publication sent", () => {
    const stripped = layout(`<figure class="wp-block-image size-full"><img src="${JAR}" alt="A jar" class="wp-image-12"></figure>`);
    expect(stripped.state).toBe("problem");
    expect(stripped.fix).not.toMatch(/^Publish again/);
    expect(stripped.fix).toContain("the theme or a plugin");
    expect(stripped.fix).toContain("publishing again would send the same");
  });

  it("flags an image that does not load", () => {
    const gone = layout(`<img src="${JAR}" alt="A jar" width="1200" height="630" style="max-width:100%">`, {
      imageLoads: [{ url: JAR, status: 404 }],
    });
    expect(gone.state).toBe("problem");
    expect(gone.detail).toContain("answers 404");
    expect(layout(`<img src="${JAR}" alt="A jar" width="10" height="10">`, { imageLoads: [{ url: JAR, status: null }] }).detail).toContain(
      "does not answer",
    );
  });

  it("says when none of the article's images is on the page to look at", () => {
    expect(layout(`<img src="https://elsewhere.example/logo.png" alt="Logo">`).state).toBe("not_applicable");
  });
});
