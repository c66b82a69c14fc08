import { describe, expect, it } from "vitest";
import { absolutizeUrls, escapeXml } from "./feeds";
import { excerptOf } from "./queries.server";
import { jsonLdText } from "./structured-data";
import { blogAddress, blogFileUrl, blogPageUrl, blogPath, blogUrl } from "./urls";

describe("escaping for the hosted blog", () => {
  it("escapes titles with < and & for XML, and drops characters XML forbids", () => {
    expect(escapeXml(`Tom & Jerry <live> "quoted" 'single'`)).toBe("Tom &amp; Jerry &lt;live&gt; &quot;quoted&quot; &apos;single&apos;");
    expect(escapeXml("a\u0001b\u000Bc\td\ne")).toBe("abc\td\ne");
    expect(escapeXml("already &amp; escaped")).toBe("already &amp;amp; escaped");
    // A lone surrogate is not a character; a pair is kept.
    expect(escapeXml("x\uD83Dy 😀")).toBe("xy 😀");
  });

  it("keeps page text inside JSON-LD from closing the script element", () => {
    const text = jsonLdText({ headline: "</script><script>alert(1)</script> & more" });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ headline: "</script><script>alert(1)</script> & more" });
  });

  it("makes our own root-relative URLs absolute for feed readers", () => {
    const html =
      '<a href="/b/x/y">a</a><img src="/uploads/articles/a.png" alt=""><a href="//cdn.example/x">b</a><a href="https://e.com/">c</a>';
    expect(absolutizeUrls(html, "https://app.example/")).toBe(
      '<a href="https://app.example/b/x/y">a</a><img src="https://app.example/uploads/articles/a.png" alt=""><a href="//cdn.example/x">b</a><a href="https://e.com/">c</a>',
    );
  });
});

describe("hosted blog URLs", () => {
  it("builds absolute addresses with encoded segments and one URL for page 1", () => {
    const here = blogAddress("https://app.example/", "my-blog-3fa9c1");
    expect(blogUrl(here)).toBe("https://app.example/b/my-blog-3fa9c1");
    expect(blogUrl(blogAddress("https://app.example", "blog"), "café au lait")).toBe("https://app.example/b/blog/caf%C3%A9%20au%20lait");
    expect(blogPageUrl(blogAddress("https://app.example", "blog"), 1)).toBe("https://app.example/b/blog");
    expect(blogPageUrl(blogAddress("https://app.example", "blog"), 3)).toBe("https://app.example/b/blog?page=3");
    expect(blogFileUrl(here, "rss.xml")).toBe("https://app.example/b/my-blog-3fa9c1/rss.xml");
  });

  it("puts a blog with its own domain at that domain's root, over https", () => {
    const own = blogAddress("http://localhost:3000", "blog", "blog.example.com");
    expect(blogUrl(own)).toBe("https://blog.example.com/");
    expect(blogPath(own)).toBe("/");
    expect(blogUrl(own, "first-post")).toBe("https://blog.example.com/first-post");
    expect(blogPageUrl(own, 2)).toBe("https://blog.example.com/?page=2");
    expect(blogFileUrl(own, "sitemap.xml")).toBe("https://blog.example.com/sitemap.xml");
  });
});

describe("excerpts", () => {
  it("prefers the meta description, else cuts the body's text at a word", () => {
    expect(excerptOf("  Given.  ", "<p>Body</p>")).toBe("Given.");
    expect(excerptOf("", "<h2>Title</h2><p>Short &amp; sweet.</p>")).toBe("Title Short & sweet.");
    const long = `<p>${"word ".repeat(100)}</p>`;
    const cut = excerptOf("", long, 50);
    expect(cut.length).toBeLessThanOrEqual(51);
    expect(cut.endsWith("word…")).toBe(true);
  });
});
