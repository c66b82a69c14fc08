import { describe, expect, test } from "vitest";
import { countWords, headingId, parsePost, readingTime, renderMarkdown } from "./markdown.server";
import { listPosts } from "./posts.server";

describe("reading time", () => {
  test("is words / 200 rounded up, at least one minute", () => {
    expect(readingTime(0)).toBe(1);
    expect(readingTime(200)).toBe(1);
    expect(readingTime(201)).toBe(2);
    expect(readingTime(1000)).toBe(5);
  });

  test("counts visible words, not markup, link targets or code", () => {
    expect(countWords("## A heading\n\nOne **two** [three](https://example.com/four-five) six.")).toBe(6);
    expect(countWords("Text\n\n```js\nconst ignored = true;\n```\n\n| a | b |\n|---|---|\n| c | d |")).toBe(5);
  });
});

describe("table of contents", () => {
  test("h2 and h3 get unique ids and appear in order; h1 and h4 stay out", () => {
    const { html, toc } = renderMarkdown(
      "# Title\n\n## Why it matters: 3 tips\n\ntext\n\n### The *first* step\n\n## Why it matters: 3 tips\n\n#### Deep",
    );
    expect(toc).toEqual([
      { id: "why-it-matters-3-tips", text: "Why it matters: 3 tips", depth: 2 },
      { id: "the-first-step", text: "The first step", depth: 3 },
      { id: "why-it-matters-3-tips-2", text: "Why it matters: 3 tips", depth: 2 },
    ]);
    expect(html).toContain('<h2 id="why-it-matters-3-tips">Why it matters: 3 tips</h2>');
    expect(html).toContain('<h3 id="the-first-step">The <em>first</em> step</h3>');
    expect(html).toContain('<h2 id="why-it-matters-3-tips-2">');
  });

  test("heading anchors drop accents, punctuation, inline tags and entities (the one slug rule: apostrophes are dropped)", () => {
    expect(headingId("Café &amp; Crème: l'été!")).toBe("cafe-creme-lete");
    expect(headingId("The <em>first</em> step")).toBe("the-first-step");
    expect(headingId("!!!")).toBe("section");
  });
});

describe("posts", () => {
  test("frontmatter is parsed and required", () => {
    const post = parsePost(
      "demo",
      "---\ntitle: Demo\ndescription: A demo post\ndate: 2025-01-02\nauthor: Ann\nimage: /og-image.png\n---\n\n## Intro\n\nHello world.",
    );
    expect(post).toMatchObject({ slug: "demo", title: "Demo", date: "2025-01-02", author: "Ann", wordCount: 3, readingMinutes: 1 });
    expect(() => parsePost("bad", "---\ntitle: Only a title\n---\ntext")).toThrow();
  });

  test("the product blog has at least two real articles of 800+ words, newest first", () => {
    const posts = listPosts();
    expect(posts.length).toBeGreaterThanOrEqual(2);
    for (const post of posts) {
      expect(post.wordCount).toBeGreaterThanOrEqual(800);
      expect(post.toc.length).toBeGreaterThan(3);
      expect(post.readingMinutes).toBe(Math.ceil(post.wordCount / 200));
    }
    expect([...posts].sort((a, b) => b.date.localeCompare(a.date)).map((p) => p.slug)).toEqual(posts.map((p) => p.slug));
  });
});
