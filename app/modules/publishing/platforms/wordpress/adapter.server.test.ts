import { describe, expect, it } from "vitest";
import { pickExisting, uploadFilename, wpGmt, wpSlug } from "./posts.server";
import { restRootFromHtml, restRootFromLinkHeader, routeUrl } from "./client.server";
import { plainMessage } from "./errors.server";

describe("routeUrl", () => {
  it("appends the route to a /wp-json/ root and the query after it", () => {
    expect(routeUrl("https://example.com/wp-json/", "wp/v2/posts", { per_page: 100, status: "draft,publish" })).toBe(
      "https://example.com/wp-json/wp/v2/posts?per_page=100&status=draft%2Cpublish",
    );
    expect(routeUrl("https://example.com/blog/wp-json/", "/")).toBe("https://example.com/blog/wp-json/");
  });

  it("puts the route in rest_route for plain permalinks, other parameters after &", () => {
    expect(routeUrl("https://example.com/?rest_route=/", "wp/v2/posts", { slug: "a,b", context: "edit" })).toBe(
      "https://example.com/?rest_route=/wp/v2/posts&slug=a%2Cb&context=edit",
    );
    expect(routeUrl("https://example.com/blog/index.php?rest_route=/", "/")).toBe("https://example.com/blog/index.php?rest_route=/");
  });
});

describe("discovery parsing", () => {
  it("reads the api.w.org Link among several, comma-joined or not", () => {
    const joined = '<https://example.com/?p=2>; rel=shortlink, <https://example.com/wp-json/>; rel="https://api.w.org/"';
    expect(restRootFromLinkHeader(joined, "https://example.com/")).toBe("https://example.com/wp-json/");
    expect(restRootFromLinkHeader(['<https://example.com/?rest_route=/>; rel="https://api.w.org/"'], "https://example.com/")).toBe(
      "https://example.com/?rest_route=/",
    );
    expect(restRootFromLinkHeader('<https://example.com/feed/>; rel="alternate"', "https://example.com/")).toBeNull();
  });

  it("reads the <link> tag with attributes in any order and entities in href", () => {
    expect(restRootFromHtml(`<head><link href='/?rest_route=/&amp;x=1' rel="https://api.w.org/"></head>`, "https://example.com/")).toBe(
      "https://example.com/?rest_route=/&x=1",
    );
    expect(restRootFromHtml(`<link rel="alternate" href="/feed/">`, "https://example.com/")).toBeNull();
  });
});

describe("pickExisting", () => {
  const post = (id: number, slug: string, title: string, author = 1) => ({ id, slug, status: "draft", author, title: { raw: title } });

  it("takes our exact slug from the connected user only with our title (a hand-written post may hold the slug)", () => {
    expect(pickExisting([post(1, "my-post", "My Post")], "my-post", "My Post", 1)?.id).toBe(1);
    expect(pickExisting([post(1, "my-post", "Anything")], "my-post", "My Post", 1)).toBeNull();
    expect(pickExisting([post(1, "my-post", "My Post", 7)], "my-post", "My Post", 1)).toBeNull();
  });

  it("takes the -2 suffix only when the title matches", () => {
    expect(pickExisting([post(2, "my-post-2", "My Post &amp; More")], "my-post", "My Post & More", 1)?.id).toBe(2);
    expect(pickExisting([post(2, "my-post-2", "Another")], "my-post", "My Post", 1)).toBeNull();
    expect(pickExisting([post(3, "my-post-3", "My Post")], "my-post", "My Post", 1)).toBeNull();
  });
});

describe("small converters", () => {
  it("formats date_gmt in UTC without an offset", () => {
    expect(wpGmt(new Date("2026-05-01T10:20:30.456+02:00"))).toBe("2026-05-01T08:20:30");
  });

  it("strips HTML and entities from WordPress messages", () => {
    expect(plainMessage("<strong>Error:</strong> The password for <strong>bob</strong> is incorrect. &amp; more")).toBe(
      "Error: The password for bob is incorrect. & more",
    );
    expect(plainMessage(undefined)).toBe("");
  });

  it("makes slugs and upload file names WordPress accepts", () => {
    expect(wpSlug("Café Tips & Tricks")).toBe("cafe-tips-tricks");
    expect(uploadFilename("Ünïcode file (1).png", "image/png")).toBe("Unicode-file-1.png");
    expect(uploadFilename("cover", "image/jpeg")).toBe("cover.jpg");
    expect(uploadFilename("", "image/webp")).toBe("image.webp");
  });
});
