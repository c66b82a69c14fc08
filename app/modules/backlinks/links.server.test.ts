import { describe, expect, it } from "vitest";
import { classifyLink, extractLinks, resolveLink, retryAfterSeconds } from "./links.server";

describe("extractLinks", () => {
  it("finds http(s) and relative links once each, with their anchor text", () => {
    const html = `<p>See <a href="https://example.com/a">the  <strong>guide</strong></a>, <a href="/shop">our shop</a>,
      <a href="about">about</a> and <a href="https://example.com/a">again</a>.</p>
      <a href="#top">Top</a><a href="mailto:x@example.com">Mail</a><a href="tel:123">Call</a><a href="javascript:alert(1)">x</a><a>no href</a>
      <a href="HTTP://Example.org/Up">Upper</a>`;
    expect(extractLinks(html)).toEqual([
      { url: "https://example.com/a", anchorText: "the guide" },
      { url: "/shop", anchorText: "our shop" },
      { url: "about", anchorText: "about" },
      { url: "HTTP://Example.org/Up", anchorText: "Upper" },
    ]);
  });

  it("returns nothing for content without links", () => {
    expect(extractLinks("")).toEqual([]);
    expect(extractLinks("<p>Plain text</p>")).toEqual([]);
  });
});

describe("classifyLink", () => {
  const site = "https://www.northwind.example";
  it("treats relative links and the site's own host (any scheme, with or without www.) as internal", () => {
    expect(classifyLink("/shop", site)).toBe("internal");
    expect(classifyLink("about", site)).toBe("internal");
    expect(classifyLink("?q=1", null)).toBe("internal");
    expect(classifyLink("https://northwind.example/blog", site)).toBe("internal");
    expect(classifyLink("http://www.northwind.example/", site)).toBe("internal");
    expect(classifyLink("//northwind.example/x", site)).toBe("internal");
  });
  it("treats other hosts as external, and every absolute link when the site has no address", () => {
    expect(classifyLink("https://example.com/", site)).toBe("external");
    expect(classifyLink("https://shop.northwind.example/", site)).toBe("external");
    expect(classifyLink("https://northwind.example/", null)).toBe("external");
    expect(classifyLink("//cdn.example/x", site)).toBe("external");
  });
});

describe("resolveLink", () => {
  it("resolves relative links against the site and drops the fragment", () => {
    expect(resolveLink("/about#story", "https://northwind.example/blog/")).toBe("https://northwind.example/about");
    expect(resolveLink("https://example.com/x#y", null)).toBe("https://example.com/x");
    expect(resolveLink("/about", null)).toBeNull();
  });
});

describe("retryAfterSeconds", () => {
  it("reads seconds or an HTTP date, and nothing else", () => {
    const now = Date.parse("2031-05-01T10:00:00Z");
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
    expect(retryAfterSeconds("Thu, 01 May 2031 10:05:00 GMT", now)).toBe(300);
    expect(retryAfterSeconds("Thu, 01 May 2031 09:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(undefined, now)).toBeNull();
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });
});
