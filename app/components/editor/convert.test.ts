// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableIframePageLoading": true}}
import { createHeadlessEditor } from "@lexical/headless";
import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "#app/modules/articles/sanitize.server";
import { EDITOR_NODES } from "./config";
import { $exportHtml, $exportMarkdown, $importHtml, $importMarkdown } from "./convert";
import { toVideoEmbedUrl } from "./video-url";

function editor() {
  return createHeadlessEditor({
    nodes: EDITOR_NODES,
    onError: (error) => {
      throw error;
    },
  });
}

function htmlToMarkdown(html: string) {
  const e = editor();
  e.update(() => $importHtml(e, html), { discrete: true });
  return e.getEditorState().read(() => $exportMarkdown());
}

function markdownToHtml(markdown: string) {
  const e = editor();
  e.update(() => $importMarkdown(markdown), { discrete: true });
  return sanitizeArticleHtml(e.getEditorState().read(() => $exportHtml(e)));
}

const ARTICLE = [
  `<h2>Brewing basics</h2>`,
  `<p>Start with <strong>fresh</strong> beans and <em>clean</em> water. Read <a href="https://example.com/guide">the guide</a>.</p>`,
  `<h3>What you need</h3>`,
  `<ul><li>A grinder</li><li>A kettle</li></ul>`,
  `<ol><li>Grind</li><li>Pour</li></ol>`,
  `<blockquote>Coffee is a language in itself.</blockquote>`,
  `<pre><code class="language-js">const cups = 2;</code></pre>`,
  `<p><img src="https://cdn.example.com/cup.jpg" alt="A cup of coffee" /></p>`,
  `<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="How to brew" allowfullscreen></iframe>`,
].join("");

describe("editor conversions", () => {
  it("keeps headings, lists, links, bold/italic, code, quote, image and video through HTML → Markdown → HTML → Markdown", () => {
    const markdown = htmlToMarkdown(ARTICLE);
    expect(markdown).toContain("## Brewing basics");
    expect(markdown).toContain("### What you need");
    expect(markdown).toContain("**fresh**");
    expect(markdown).toMatch(/\*clean\*|_clean_/);
    expect(markdown).toContain("[the guide](https://example.com/guide)");
    expect(markdown).toMatch(/^- A grinder$/m);
    expect(markdown).toMatch(/^1\. Grind$/m);
    expect(markdown).toContain("> Coffee is a language in itself.");
    expect(markdown).toContain("```");
    expect(markdown).toContain("const cups = 2;");
    expect(markdown).toContain("![A cup of coffee](https://cdn.example.com/cup.jpg)");
    expect(markdown).toContain(`<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="How to brew" allowfullscreen></iframe>`);

    const html = markdownToHtml(markdown);
    expect(html).toMatch(/<h2[^>]*>Brewing basics/);
    expect(html).toMatch(/<h3[^>]*>What you need/);
    expect(html).toMatch(/<(strong|b)>(<strong>)?fresh/);
    expect(html).toMatch(/<(em|i)>(<em>)?clean/);
    expect(html).toContain(`href="https://example.com/guide"`);
    expect(html).toMatch(/<ul[^>]*><li[^>]*>A grinder/);
    expect(html).toMatch(/<ol[^>]*><li[^>]*>Grind/);
    expect(html).toMatch(/<blockquote[^>]*>Coffee is a language/);
    expect(html).toMatch(/<pre[^>]*>[\s\S]*const[\s\S]*cups/);
    expect(html).toContain(`<img src="https://cdn.example.com/cup.jpg" alt="A cup of coffee"`);
    expect(html).toContain(`<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="How to brew" allowfullscreen=""></iframe>`);

    // A second trip changes nothing: the conversion is stable.
    expect(htmlToMarkdown(html)).toBe(markdown);
  });

  it("keeps tables and horizontal rules", () => {
    const markdown = htmlToMarkdown(
      `<p>Intro</p><table><tr><th>Method</th><th>Time</th></tr><tr><td>Pour-over</td><td>3 min</td></tr></table><hr /><p>End</p>`,
    );
    expect(markdown).toContain("<table><tr><th>Method</th><th>Time</th></tr><tr><td>Pour-over</td><td>3 min</td></tr></table>");
    expect(markdown).toContain("***");
    // Markdown → editor → Markdown keeps them. (The editor's table HTML export is
    // exercised in the browser; happy-dom's DOM drops it.)
    const e = editor();
    e.update(() => $importMarkdown(markdown), { discrete: true });
    expect(e.getEditorState().read(() => $exportMarkdown())).toBe(markdown);
    expect(markdownToHtml(markdown)).toContain("<hr />");
  });
});

describe("toVideoEmbedUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "https://www.youtube.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://evil.example/watch?v=dQw4w9WgXcQ", null],
    ["javascript:alert(1)", null],
  ])("%s", (input, expected) => {
    expect(toVideoEmbedUrl(input)).toBe(expected);
  });
});
