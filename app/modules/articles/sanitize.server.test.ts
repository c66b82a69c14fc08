import { describe, expect, it } from "vitest";
import { limitNesting } from "./nesting.server";
import { ARTICLE_HTML_MAX_BYTES, ArticleTooLargeError, sanitizeArticleHtml } from "./sanitize.server";

/** What must never survive, whatever is posted. */
function assertInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<style/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/vbscript:/i);
  expect(html).not.toMatch(/data:(?!image\/(png|jpeg|gif|webp);base64,)/i);
  expect(html).not.toMatch(/expression\s*\(/i);
  expect(html).not.toMatch(/url\s*\(/i);
}

const PAYLOADS = [
  `<script>alert(1)</script><p>x</p>`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<p onclick="alert(1)" onmouseover='alert(2)'>hi</p>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="javascript:alert(1)">`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt&colon;alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href=" javascript:alert(1)">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<svg onload="alert(1)"><circle r="1"/></svg>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><script>alert(1)</script></mtext></math>`,
  `<iframe src="https://evil.example/embed/x"></iframe>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>`,
  `<span style="color: expression(alert(1))">x</span>`,
  `<span style="background-image: url(javascript:alert(1))">x</span>`,
  `<span style="font-family: x;behavior:url(x.htc)">x</span>`,
  `<p style="text-align: center; position: fixed">x</p>`,
  `<style>body{display:none}</style>`,
  `<object data="x.swf"></object><embed src="x.swf">`,
  `<form action="https://evil.example"><input name="a"><button formaction="javascript:alert(1)">b</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="x.css"><base href="https://evil.example/">`,
  `<a href="https://ok.example" onfocus="alert(1)" autofocus>x</a>`,
  `<div onmouseover="alert(1)"><p>y</p></div>`,
  `<<script>script>alert(1)<</script>/script>`,
  `<img src="x.png" alt="a" style="behavior:url(x)">`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<template><script>alert(1)</script></template>`,
];

describe("sanitizeArticleHtml: hostile input", () => {
  it.each(PAYLOADS)("neutralises %s", (payload) => {
    assertInert(sanitizeArticleHtml(payload));
  });

  it("keeps the text around removed markup", () => {
    expect(sanitizeArticleHtml(`<p onclick="x()">Hello <script>bad()</script>world</p>`)).toBe("<p>Hello world</p>");
  });

  it("drops iframes from other hosts and keeps YouTube/Vimeo embeds", () => {
    const html = sanitizeArticleHtml(
      `<iframe src="https://evil.example/x"></iframe><iframe src="https://www.youtube.com/embed/abc123" allowfullscreen title="Demo" onload="x()"></iframe><iframe src="https://player.vimeo.com/video/42"></iframe><iframe src="https://www.youtube.com/watch?v=abc"></iframe><iframe src="https://www.youtube-nocookie.com/embed/zz"></iframe>`,
    );
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain("watch?v=");
    expect(html).toContain(`<iframe src="https://www.youtube.com/embed/abc123" allowfullscreen="" title="Demo"></iframe>`);
    expect(html).toContain(`src="https://player.vimeo.com/video/42"`);
    expect(html).toContain(`src="https://www.youtube-nocookie.com/embed/zz"`);
  });

  it("allows only safe link schemes and marks external links", () => {
    const html = sanitizeArticleHtml(
      `<a href="https://example.com/a">e</a> <a href="/blog/post">r</a> <a href="mailto:a@b.c">m</a> <a href="//evil.example">p</a> <a href="ftp://x">f</a> <a href="tel:1">t</a>`,
    );
    expect(html).toContain(`<a href="https://example.com/a" rel="noopener noreferrer">e</a>`);
    expect(html).toContain(`<a href="/blog/post">r</a>`);
    expect(html).toContain(`<a href="mailto:a@b.c">m</a>`);
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain("ftp:");
    expect(html).not.toContain("tel:");
  });

  it("keeps safe image sources only", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    const html = sanitizeArticleHtml(
      `<img src="${png}" alt="dot"><img src="https://cdn.example/a.jpg" alt="a"><img src="/uploads/b.webp" alt="b"><img src="data:image/svg+xml;base64,AAAA" alt="svg">`,
    );
    expect(html).toContain(png);
    expect(html).toContain("https://cdn.example/a.jpg");
    expect(html).toContain("/uploads/b.webp");
    expect(html).not.toContain("svg");
  });

  it("limits styles to safe typography and layout values", () => {
    const html = sanitizeArticleHtml(
      `<p style="text-align: right; direction: rtl; color: red" dir="rtl"><span style="color: #ff0000; font-size: 18px; font-family: Georgia, serif; position: absolute">x</span></p><p dir="evil">y</p>`,
    );
    expect(html).toContain(`<p style="text-align:right;direction:rtl" dir="rtl">`);
    expect(html).toContain(`<span style="color:#ff0000;font-size:18px;font-family:Georgia, serif">x</span>`);
    expect(html).toContain("<p>y</p>");
  });
});

describe("sanitizeArticleHtml: the product's normalisation (docs/product.md)", () => {
  it("turns text divs into paragraphs and unwraps divs around blocks", () => {
    expect(sanitizeArticleHtml(`<div>one</div><div><p>two</p><div>three</div></div>`)).toBe("<p>one</p><p>two</p><p>three</p>");
  });

  it("keeps alignment of a converted div", () => {
    expect(sanitizeArticleHtml(`<div style="text-align:center">c</div>`)).toBe(`<p style="text-align:center">c</p>`);
  });

  it("gives images without a class the default classes and keeps existing ones", () => {
    expect(sanitizeArticleHtml(`<p><img src="/a.png" alt="a"></p>`)).toBe(
      `<p><img src="/a.png" alt="a" class="wp-image aligncenter" /></p>`,
    );
    expect(sanitizeArticleHtml(`<img src="/a.png" alt="a" class="alignleft">`)).toBe(`<img src="/a.png" alt="a" class="alignleft" />`);
  });

  it("writes line breaks self-closing", () => {
    expect(sanitizeArticleHtml(`<p>a<br>b<br/>c</p>`)).toBe("<p>a<br />b<br />c</p>");
  });

  it("collapses runs of empty paragraphs, line breaks and blank lines", () => {
    expect(sanitizeArticleHtml(`<p></p><p>a</p><p></p><p><br></p><p>&nbsp;</p><p>b<br><br><br><br>c</p>\n\n\n\n<p>d</p><p></p>`)).toBe(
      "<p>a</p><p><br /></p>\n<p>b<br /><br />c</p>\n\n<p>d</p>",
    );
  });

  it("leaves code blocks alone", () => {
    const code = `<pre><code class="language-js">a\n\n\n\nb</code></pre>`;
    expect(sanitizeArticleHtml(code)).toBe(code);
  });

  it("turns h1 into h2 and keeps the allowed structure", () => {
    const html = `<h2>A</h2><h3>B</h3><ul><li>x</li></ul><ol><li>y</li></ol><blockquote><p>q</p></blockquote><table><thead><tr><th colspan="2">h</th></tr></thead><tbody><tr><td rowspan="1">c</td></tr></tbody></table><figure><img src="/a.png" alt="a" class="wp-image aligncenter" /><figcaption>cap</figcaption></figure><hr /><p><strong>s</strong><b>b</b><em>e</em><i>i</i><u>u</u><s>s</s><del>d</del><sub>2</sub><sup>3</sup><code>c</code></p>`;
    expect(sanitizeArticleHtml(`<h1>T</h1>${html}`)).toBe(`<h2>T</h2>${html}`);
  });
});

describe("sanitizeArticleHtml: cost grows with the size of the input, not its square", () => {
  // Each shape once cost seconds to minutes at this size (one span level stripped per pass, and
  // htmlparser2's open-element stack is an unshifted array). The bound is generous: a quadratic
  // pass does not come close to it on any machine, a linear one always does.
  const n = 30_000;
  const shapes: Record<string, string> = {
    "nested bare spans": "<span>".repeat(n) + "x" + "</span>".repeat(n),
    "nested styled spans": '<span style="color:red">'.repeat(n / 4) + "x" + "</span>".repeat(n / 4),
    "nested divs": "<div>".repeat(n) + "x" + "</div>".repeat(n),
    "unclosed bold": "<b>".repeat(n * 4) + "x",
    "nested lists": "<ul><li>".repeat(n / 2) + "x",
    "sibling divs": "<div>x</div>".repeat(n),
  };
  it.each(Object.entries(shapes))("%s", (_name, html) => {
    expect(Buffer.byteLength(html)).toBeLessThanOrEqual(ARTICLE_HTML_MAX_BYTES);
    const started = performance.now();
    const out = sanitizeArticleHtml(html);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(out).toContain("x");
  });

  it("unwraps nested bare spans completely and keeps styled ones", () => {
    expect(sanitizeArticleHtml('<p><span><span><span>a</span></span> <span style="color:red"><span>b</span></span></span></p>')).toBe(
      '<p>a <span style="color:red">b</span></p>',
    );
  });

  it("refuses more than 512 KB of HTML", () => {
    expect(() => sanitizeArticleHtml("x".repeat(ARTICLE_HTML_MAX_BYTES + 1))).toThrow(ArticleTooLargeError);
    expect(() => sanitizeArticleHtml("x".repeat(ARTICLE_HTML_MAX_BYTES))).not.toThrow();
  });
});

describe("limitNesting", () => {
  it("drops tags nested past the limit and keeps their text", () => {
    expect(limitNesting("<b><i><u>deep</u></i></b>", 2)).toBe("<b><i>deep</i></b>");
  });

  it("does not count unclosed paragraphs and list items as nesting", () => {
    const html = "<ul>" + "<li>item".repeat(50) + "</ul>" + "<p>para".repeat(50);
    expect(limitNesting(html, 3)).toBe(html);
  });

  it("keeps quoted '>' inside attributes intact", () => {
    expect(limitNesting('<a title="a>b"><b>x</b></a>', 1)).toBe('<a title="a>b">x</a>');
  });
});

describe("sanitizeArticleHtml: image classes", () => {
  it("keeps alignment and WordPress image classes only", () => {
    expect(sanitizeArticleHtml('<img src="/a.png" alt="a" class="alignright wp-image-42 size-large fixed inset-0 z-50">')).toBe(
      '<img src="/a.png" alt="a" class="alignright wp-image-42 size-large" />',
    );
    expect(sanitizeArticleHtml('<img src="/a.png" alt="a" class="fixed inset-0 h-screen w-screen">')).toBe(
      '<img src="/a.png" alt="a" class="wp-image aligncenter" />',
    );
  });
});
