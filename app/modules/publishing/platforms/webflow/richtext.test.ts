import { describe, expect, it } from "vitest";
import { htmlToWebflowRichText } from "./richtext";

const base = { baseUrl: "https://app.inkpilot.example" };

describe("htmlToWebflowRichText", () => {
  it("keeps headings, paragraphs, links, bold and italic", () => {
    const { html, warnings } = htmlToWebflowRichText(
      '<h2>Beans</h2><p>Read <a href="https://example.com/beans" class="x">about <b>beans</b></a> and <i>grind</i>.</p>',
      base,
    );
    expect(html).toBe('<h2>Beans</h2><p>Read <a href="https://example.com/beans">about <strong>beans</strong></a> and <em>grind</em>.</p>');
    expect(warnings).toEqual([]);
  });

  it("turns a code block into a quote that keeps lines and indentation", () => {
    const { html, warnings } = htmlToWebflowRichText('<pre><code class="language-js">if (a &lt; b) {\n  go();\n}\n</code></pre>');
    expect(html).toBe("<blockquote>if (a &lt; b) {<br>&nbsp;&nbsp;go();<br>}</blockquote>");
    expect(warnings.join()).toMatch(/code block became a quote/);
  });

  it("turns a table into a list with one item per row", () => {
    const { html, warnings } = htmlToWebflowRichText(
      "<table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Pour over</td><td>3 min</td></tr>" +
        "<tr><td>French <em>press</em></td><td>4 min</td></tr></tbody></table>",
    );
    expect(html).toBe(
      "<ul><li><strong>Method:</strong> Pour over; <strong>Time:</strong> 3 min</li>" +
        "<li><strong>Method:</strong> French <em>press</em>; <strong>Time:</strong> 4 min</li></ul>",
    );
    expect(warnings.join()).toMatch(/table became a list/);
  });

  it("makes figures with absolute image URLs and lifts images out of paragraphs", () => {
    const { html } = htmlToWebflowRichText(
      '<p>Look <img src="/uploads/articles/a.png" alt="A &quot;cup&quot;"> here</p>' +
        '<figure><img src="https://cdn.example/b.png" alt="B" width="1200" height="630"><figcaption>A <strong>cup</strong></figcaption></figure>',
      base,
    );
    expect(html).toBe(
      "<p>Look  here</p>" +
        '<figure class="w-richtext-figure-type-image w-richtext-align-fullwidth"><div><img src="https://app.inkpilot.example/uploads/articles/a.png" alt="A &quot;cup&quot;"></div></figure>' +
        '<figure class="w-richtext-figure-type-image w-richtext-align-fullwidth" style="max-width:1200px"><div><img src="https://cdn.example/b.png" alt="B" width="1200" height="630"></div><figcaption>A <strong>cup</strong></figcaption></figure>',
    );
  });

  it("flattens nested lists, drops scripts and turns iframes into links", () => {
    const { html, warnings } = htmlToWebflowRichText(
      '<ul><li>One<ul><li>Nested</li></ul></li><li><p>Two</p></li></ul><script>alert(1)</script><iframe src="https://www.youtube.com/embed/x"></iframe><hr>',
    );
    expect(html).toBe(
      '<ul><li>One</li><li>Nested</li><li>Two</li></ul><p><a href="https://www.youtube.com/embed/x">https://www.youtube.com/embed/x</a></p>',
    );
    expect(warnings.join(" ")).toMatch(/nested lists/);
    expect(warnings.join(" ")).toMatch(/<script>/);
  });

  it("leaves relative links out without a base and wraps loose text in paragraphs", () => {
    const { html } = htmlToWebflowRichText('Loose <a href="/x">text</a> and <code>code</code><blockquote><p>A</p><p>B</p></blockquote>');
    expect(html).toBe("<p>Loose text and code</p><blockquote>A<br>B</blockquote>");
  });
});
