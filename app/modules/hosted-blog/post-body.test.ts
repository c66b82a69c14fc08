import { describe, expect, it } from "vitest";
import { headingSlug, postBody } from "./post-body";

describe("headingSlug", () => {
  it("keeps a heading's words, in any script, without accents or punctuation", () => {
    expect(headingSlug("Grind size & brew time")).toBe("grind-size-brew-time");
    expect(headingSlug("  Café crème: the 3 rules!  ")).toBe("cafe-creme-the-3-rules");
    expect(headingSlug("Kaffeemühle reinigen")).toBe("kaffeemuhle-reinigen");
    expect(headingSlug("コーヒーの淹れ方")).toBe("コーヒーの淹れ方");
    expect(headingSlug("Как заварить кофе")).toBe("как-заварить-кофе");
    expect(headingSlug("?!")).toBe("section");
    expect(headingSlug("a".repeat(80))).toHaveLength(60);
  });
});

describe("postBody", () => {
  it("gives every h2 a stable id from its words and lists the headings in order", () => {
    const html = "<h2>Why it matters</h2><p>x</p><h2>The <em>right</em> grind</h2><h3>Sub</h3><h2>Why it matters</h2>";
    const first = postBody(html);
    expect(first.headings).toEqual([
      { id: "why-it-matters", text: "Why it matters" },
      { id: "the-right-grind", text: "The right grind" },
      { id: "why-it-matters-2", text: "Why it matters" },
    ]);
    expect(first.html).toContain('<h2 id="the-right-grind">The <em>right</em> grind</h2>');
    expect(first.html).toContain("<h3>Sub</h3>");
    // The same body gives the same ids every time, so links to a section keep working.
    expect(postBody(html).html).toBe(first.html);
  });

  it("keeps ids a heading already has, and never takes the page's own or another element's", () => {
    const html = '<h2 id="start">Start</h2><p id="main-idea">x</p><h2>Main</h2><h2>Main idea</h2><h2 id="main">Contents</h2>';
    const { headings } = postBody(html, { reserved: ["main", "contents"] });
    expect(headings.map((h) => h.id)).toEqual(["start", "main-2", "main-idea-2", "contents-2"]);
  });

  it("turns body h1s into h2s, which count as sections", () => {
    const { html, headings } = postBody("<h1>Big</h1><p>x</p>");
    expect(html).toBe('<h2 id="big">Big</h2><p>x</p>');
    expect(headings).toHaveLength(1);
  });

  it("wraps each table in a named, focusable scrolling box", () => {
    const { html } = postBody("<table><caption>Grind sizes</caption><tr><td>1</td></tr></table><table><tr><td>2</td></tr></table>");
    expect(html).toContain('<div class="table-scroll" role="region" tabindex="0" aria-label="Grind sizes"><table><caption>');
    expect(html).toContain('aria-label="Table"><table><tr><td>2</td></tr></table></div>');
  });

  it("loads the lead image (the cover the body starts with) at once, and leaves the others lazy", () => {
    const { html } = postBody(
      '<p><img src="/uploads/articles/cover.png" alt="Cover" loading="lazy" decoding="async"></p><p><img src="/uploads/articles/b.png" alt="B" loading="lazy"></p>',
      { lead: "/uploads/articles/cover.png" },
    );
    expect(html).toContain('<img src="/uploads/articles/cover.png" alt="Cover" decoding="async" fetchpriority="high">');
    expect(html).toContain('<img src="/uploads/articles/b.png" alt="B" loading="lazy">');
  });
});
