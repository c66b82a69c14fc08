import { describe, expect, it } from "vitest";
import { batchBlocks, htmlToNotionBlocks, MAX_TEXT, splitText, type NotionBlock, type RichText } from "./blocks";

const body = (block: NotionBlock | undefined) =>
  block?.[block.type] as { rich_text: RichText[]; children?: NotionBlock[] } & Record<string, unknown>;
const text = (block: NotionBlock | undefined) =>
  body(block)
    .rich_text.map((r) => r.text.content)
    .join("");

describe("htmlToNotionBlocks", () => {
  it("converts headings, paragraphs with annotations and links", () => {
    const { blocks } = htmlToNotionBlocks(
      '<h2>Intro</h2><p>Plain <strong>bold</strong> <em>it</em> <code>x()</code> <a href="/docs">docs</a> <a href="https://a.example/">abs</a></p><h3>Sub</h3><h4>Small</h4><h5>Tiny</h5>',
      { baseUrl: "https://blog.example.com" },
    );
    expect(blocks.map((b) => b.type)).toEqual(["heading_2", "paragraph", "heading_3", "heading_3", "paragraph"]);
    const rich = body(blocks[1]).rich_text;
    expect(rich.map((r) => r.text.content).join("")).toBe("Plain bold it x() docs abs");
    expect(rich.find((r) => r.text.content === "bold")?.annotations.bold).toBe(true);
    expect(rich.find((r) => r.text.content === "it")?.annotations.italic).toBe(true);
    expect(rich.find((r) => r.text.content === "x()")?.annotations.code).toBe(true);
    expect(rich.find((r) => r.text.content === "docs")?.text.link).toEqual({ url: "https://blog.example.com/docs" });
    expect(rich.find((r) => r.text.content === "abs")?.text.link).toEqual({ url: "https://a.example/" });
    expect(body(blocks[4]).rich_text[0]?.annotations.bold).toBe(true);
  });

  it("drops links it cannot make absolute and keeps their text", () => {
    const { blocks } = htmlToNotionBlocks('<p><a href="javascript:alert(1)">x</a> <a href="/rel">y</a></p>');
    expect(body(blocks[0]).rich_text.every((r) => r.text.link === null)).toBe(true);
    expect(text(blocks[0])).toBe("x y");
  });

  it("splits text longer than 2,000 characters into several rich-text items", () => {
    const long = "a".repeat(4500);
    const { blocks } = htmlToNotionBlocks(`<p>${long}</p>`);
    const rich = body(blocks[0]).rich_text;
    expect(rich.map((r) => r.text.content.length)).toEqual([2000, 2000, 500]);
    expect(text(blocks[0])).toBe(long);
  });

  it("never cuts a surrogate pair", () => {
    const pieces = splitText("a".repeat(MAX_TEXT - 1) + "😀" + "b");
    expect(pieces[0]).toHaveLength(MAX_TEXT - 1);
    expect(pieces.join("")).toBe("a".repeat(MAX_TEXT - 1) + "😀b");
  });

  it("continues a paragraph with more than 100 rich-text items in a further paragraph", () => {
    const html = `<p>${Array.from({ length: 150 }, (_, i) => (i % 2 ? `<b>b${i}</b>` : `t${i}`)).join("")}</p>`;
    const { blocks } = htmlToNotionBlocks(html);
    expect(blocks).toHaveLength(2);
    expect(body(blocks[0]).rich_text).toHaveLength(100);
    expect(body(blocks[1]).rich_text).toHaveLength(50);
  });

  it("nests lists one level and flattens deeper levels into it", () => {
    const { blocks } = htmlToNotionBlocks(
      "<ul><li>one<ul><li>two<ol><li>three</li></ol></li></ul></li><li>four</li></ul><ol><li>n</li></ol>",
    );
    expect(blocks.map((b) => b.type)).toEqual(["bulleted_list_item", "bulleted_list_item", "numbered_list_item"]);
    expect(text(blocks[0])).toBe("one");
    const children = body(blocks[0]).children!;
    expect(children.map((c) => [c.type, text(c)])).toEqual([
      ["bulleted_list_item", "two"],
      ["numbered_list_item", "three"],
    ]);
    expect(children.every((c) => body(c).children === undefined)).toBe(true);
  });

  it("converts quotes, code with language, dividers, images with captions and videos", () => {
    const { blocks, warnings } = htmlToNotionBlocks(
      '<blockquote><p>Quoted</p><p>Two</p></blockquote><pre><code class="language-ts">const a = 1;\n  b();\n</code></pre><hr>' +
        '<figure><img src="https://cdn.example/a.png" alt="A"><figcaption>Cap</figcaption></figure>' +
        '<p>before<img src="/uploads/b.png">after</p><img src="data:image/png;base64,AAAA">' +
        '<iframe src="https://www.youtube.com/embed/abcdef123"></iframe>',
      { baseUrl: "https://app.example" },
    );
    expect(blocks.map((b) => b.type)).toEqual(["quote", "code", "divider", "image", "paragraph", "image", "paragraph", "video"]);
    expect(text(blocks[0])).toBe("Quoted\nTwo");
    expect(body(blocks[1]).language).toBe("typescript");
    expect(text(blocks[1])).toBe("const a = 1;\n  b();");
    expect(body(blocks[3])).toMatchObject({ type: "external", external: { url: "https://cdn.example/a.png" } });
    expect((body(blocks[3]).caption as RichText[])[0]?.text.content).toBe("Cap");
    expect(body(blocks[5])).toMatchObject({ external: { url: "https://app.example/uploads/b.png" } });
    expect(body(blocks[7])).toMatchObject({ external: { url: "https://www.youtube.com/watch?v=abcdef123" } });
    expect(warnings).toHaveLength(1);
  });

  it("converts tables with a header row and pads short rows", () => {
    const { blocks } = htmlToNotionBlocks(
      "<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td><b>1</b></td><td>2</td></tr><tr><td>3</td></tr></tbody></table>",
    );
    expect(blocks).toHaveLength(1);
    const table = body(blocks[0]) as unknown as { table_width: number; has_column_header: boolean; children: NotionBlock[] };
    expect(table.table_width).toBe(2);
    expect(table.has_column_header).toBe(true);
    const cells = table.children.map((row) =>
      (row.table_row as { cells: RichText[][] }).cells.map((c) => c.map((r) => r.text.content).join("")),
    );
    expect(cells).toEqual([
      ["A", "B"],
      ["1", "2"],
      ["3", ""],
    ]);
  });

  it("splits a table longer than 100 rows, repeating the header", () => {
    const rows = Array.from({ length: 150 }, (_, i) => `<tr><td>${i}</td></tr>`).join("");
    const { blocks } = htmlToNotionBlocks(`<table><tr><th>H</th></tr>${rows}</table>`);
    expect(blocks).toHaveLength(2);
    const sizes = blocks.map((b) => (body(b).children ?? []).length);
    expect(sizes).toEqual([100, 52]);
  });
});

describe("batchBlocks", () => {
  it("cuts at 100 blocks and at 1,000 elements", () => {
    const para = (i: number): NotionBlock => ({
      object: "block",
      type: "paragraph",
      paragraph: { rich_text: [{ text: { content: `${i}` } }] },
    });
    expect(batchBlocks(Array.from({ length: 250 }, (_, i) => para(i))).map((b) => b.length)).toEqual([100, 100, 50]);
    const table = (): NotionBlock => ({
      object: "block",
      type: "table",
      table: { children: Array.from({ length: 99 }, (_, i) => para(i)) },
    });
    expect(batchBlocks(Array.from({ length: 12 }, table)).map((b) => b.length)).toEqual([10, 2]);
  });
});
