import { describe, expect, test } from "vitest";
import {
  ARTICLE_TAGS,
  BLOCK_TAGS,
  childElements,
  EMBED_TAGS,
  eachElement,
  findElement,
  INLINE_TAGS,
  isElement,
  P_CLOSING_TAGS,
  parseHtml,
  tableRows,
  textOf,
  walkBlocks,
} from "./html-tree";
import type { ChildNode, Element } from "domhandler";

const describeNode = (node: ChildNode) => (isElement(node) ? `<${node.name}>` : node.type === "text" ? node.data : node.type);

function walk(html: string, extra: Partial<Parameters<typeof walkBlocks>[1]> = {}) {
  const seen: string[] = [];
  walkBlocks(parseHtml(html), {
    run: (nodes) => seen.push(`run(${nodes.map(describeNode).join("")})`),
    block: (element) => seen.push(`block(${element.name})`),
    ...extra,
  });
  return seen;
}

describe("the vocabulary", () => {
  test("a tag is inline or block, never both; embeds are blocks that leave a paragraph open", () => {
    expect([...INLINE_TAGS].filter((tag) => BLOCK_TAGS.has(tag))).toEqual([]);
    expect([...EMBED_TAGS].filter((tag) => P_CLOSING_TAGS.has(tag))).toEqual([]);
    expect([...P_CLOSING_TAGS, ...EMBED_TAGS].every((tag) => BLOCK_TAGS.has(tag))).toBe(true);
  });

  test("every tag an article may hold outside tables and lists has a kind", () => {
    const structural = new Set(["thead", "tbody", "tfoot", "tr", "th", "td", "img"]);
    expect(ARTICLE_TAGS.filter((tag) => !structural.has(tag) && !INLINE_TAGS.has(tag) && !BLOCK_TAGS.has(tag))).toEqual([]);
  });
});

describe("walkBlocks", () => {
  test("gathers consecutive inline nodes into one run and hands the rest over as blocks, in order", () => {
    expect(walk("a <b>bold</b><p>para</p>tail<hr>")).toEqual(["run(a <b>)", "block(p)", "run(tail)", "block(hr)"]);
  });

  test("a comment ends the run unless skipped; skipped nodes keep the run whole", () => {
    expect(walk("one<!-- x -->two")).toEqual(["run(one)", "run(two)"]);
    expect(walk("one<!-- x -->two", { skip: (node) => node.type === "comment" })).toEqual(["run(onetwo)"]);
  });

  test("a converter's own grammar decides what is inline", () => {
    expect(walk("x<img src=a>y", { isInline: (node) => !isElement(node) || node.name !== "img" })).toEqual([
      "run(x)",
      "block(img)",
      "run(y)",
    ]);
    expect(walk("<li>stray</li>", { isInline: () => true })).toEqual(["run(<li>)"]);
  });

  test("an element without content ends the run but is not handed over", () => {
    expect(walk("a<script>x</script>b<template><p>t</p></template><p>c</p>")).toEqual(["run(a)", "run(b)", "block(p)"]);
  });

  test("nothing, or only blocks, gives no empty run", () => {
    expect(walk("")).toEqual([]);
    expect(walk("<p>a</p><p>b</p>")).toEqual(["block(p)", "block(p)"]);
  });
});

describe("tree helpers", () => {
  const root = () =>
    parseHtml("<figure><div><img src=x></div><figcaption>Cap<br>tion</figcaption><figcaption>2</figcaption></figure>")[0] as Element;

  test("textOf joins descendant text and counts a <br> as the given line break", () => {
    const caption = childElements(root(), "figcaption")[0]!;
    expect(textOf(caption)).toBe("Caption");
    expect(textOf(caption, "\n")).toBe("Cap\ntion");
  });

  test("findElement looks depth first; childElements only at the first level", () => {
    expect(findElement(root(), "img")?.attribs.src).toBe("x");
    expect(childElements(root(), "img")).toEqual([]);
    expect(childElements(root(), "figcaption", "div").map((e) => e.name)).toEqual(["div", "figcaption", "figcaption"]);
  });

  test("eachElement visits parents before children", () => {
    const names: string[] = [];
    eachElement([root()], (element) => names.push(element.name));
    expect(names).toEqual(["figure", "div", "img", "figcaption", "br", "figcaption"]);
  });

  test("entities are decoded and <script> counts as an element", () => {
    const [p, script] = parseHtml("<p>a &amp; b</p><script>x</script>");
    expect(textOf(p!)).toBe("a & b");
    expect(script && isElement(script)).toBe(true);
  });
});

describe("tableRows", () => {
  test("reads rows through thead, tbody and tfoot; a row is a header inside thead or when all its cells are th", () => {
    const [table] = parseHtml(
      "<table><thead><tr><td>h</td></tr></thead><tbody><tr><th>a</th><td>b</td></tr><tr><th>c</th></tr></tbody><tfoot><tr></tr></tfoot></table>",
    );
    const rows = tableRows(table as Element).map((row) => ({ cells: row.cells.map((cell) => textOf(cell)), header: row.header }));
    expect(rows).toEqual([
      { cells: ["h"], header: true },
      { cells: ["a", "b"], header: false },
      { cells: ["c"], header: true },
      { cells: [], header: false },
    ]);
  });
});
