import { describe, expect, test } from "vitest";
import { htmlToRicos, imageSources, ricosViolations, type RicosNode } from "./ricos";

const files: Record<string, { id: string; width: number; height: number }> = {
  "https://static.wixstatic.com/media/abc_1~mv2.png": { id: "abc_1~mv2.png", width: 800, height: 600 },
};
const convert = (html: string) => htmlToRicos(html, { resolveImage: (src) => files[src] ?? null, baseUrl: "https://brand.example" });

const texts = (node: RicosNode): string[] =>
  node.type === "TEXT" ? [(node.textData as { text: string }).text] : node.nodes.flatMap((child) => texts(child));

describe("htmlToRicos", () => {
  test("headings and paragraphs with bold, italic, underline and links", () => {
    const { document } = convert(
      `<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p>Plain <strong>bold <em>both</em></strong> <u>under</u> <a href="/guide" target="_blank">guide</a></p>`,
    );
    expect(ricosViolations(document)).toEqual([]);
    const [h2, h3, h4, p] = document.nodes;
    expect(h2).toMatchObject({ type: "HEADING", headingData: { level: 2 } });
    expect(h3).toMatchObject({ type: "HEADING", headingData: { level: 3 } });
    expect(h4).toMatchObject({ type: "HEADING", headingData: { level: 4 } });
    expect(p!.type).toBe("PARAGRAPH");
    const leaves = p!.nodes.map((n) => n.textData as { text: string; decorations: Array<{ type: string; [k: string]: unknown }> });
    expect(leaves.map((l) => l.text).join("")).toBe("Plain bold both under guide");
    expect(leaves.find((l) => l.text === "both")!.decorations.map((d) => d.type)).toEqual(["BOLD", "ITALIC"]);
    expect(leaves.find((l) => l.text === "under")!.decorations).toEqual([{ type: "UNDERLINE", underlineData: true }]);
    expect(leaves.find((l) => l.text === "guide")!.decorations).toEqual([
      { type: "LINK", linkData: { link: { url: "https://brand.example/guide", target: "BLANK" } } },
    ]);
  });

  test("nested lists keep their items in paragraphs", () => {
    const { document } = convert(`<ul><li>One<ul><li>One.a</li></ul></li><li><p>Two</p></li></ul><ol start="3"><li>Three</li></ol>`);
    expect(ricosViolations(document)).toEqual([]);
    const [ul, ol] = document.nodes;
    expect(ul).toMatchObject({ type: "BULLETED_LIST", bulletedListData: { indentation: 0 } });
    expect(ul!.nodes[0]!.nodes.map((n) => n.type)).toEqual(["PARAGRAPH", "BULLETED_LIST"]);
    expect(ul!.nodes[0]!.nodes[1]).toMatchObject({ bulletedListData: { indentation: 1 } });
    expect(texts(ul!)).toEqual(["One", "One.a", "Two"]);
    expect(ol).toMatchObject({ type: "ORDERED_LIST", orderedListData: { indentation: 0, start: 3 } });
  });

  test("blockquote, code block and divider", () => {
    const { document } = convert(`<blockquote><p>Quoted</p></blockquote><pre><code>const a = 1;\nconst b = 2;\n</code></pre><hr>`);
    expect(ricosViolations(document)).toEqual([]);
    expect(document.nodes.map((n) => n.type)).toEqual(["BLOCKQUOTE", "CODE_BLOCK", "DIVIDER"]);
    expect(document.nodes[0]!.nodes[0]!.type).toBe("PARAGRAPH");
    expect(texts(document.nodes[1]!)).toEqual(["const a = 1;\nconst b = 2;"]);
  });

  test("images become IMAGE nodes with the Wix file id, size and alt; unknown images become links", () => {
    const { document, warnings } = convert(
      `<p>Before<img src="https://static.wixstatic.com/media/abc_1~mv2.png" alt="Chart">after</p><figure><img src="https://static.wixstatic.com/media/abc_1~mv2.png" alt="Again"><figcaption>The caption</figcaption></figure><img src="https://elsewhere.example/x.png" alt="Elsewhere">`,
    );
    expect(ricosViolations(document)).toEqual([]);
    expect(document.nodes.map((n) => n.type)).toEqual(["PARAGRAPH", "IMAGE", "PARAGRAPH", "IMAGE", "PARAGRAPH"]);
    expect(document.nodes[1]).toMatchObject({
      imageData: { image: { src: { id: "abc_1~mv2.png" }, width: 800, height: 600 }, altText: "Chart" },
    });
    expect(document.nodes[3]).toMatchObject({ imageData: { altText: "Again", caption: "The caption" } });
    expect(texts(document.nodes[4]!)).toEqual(["Elsewhere"]);
    expect(warnings).toHaveLength(1);
  });

  test("tables: rows of equal width, header row flagged, cells hold paragraphs", () => {
    const { document } = convert(
      `<table><thead><tr><th>Method</th><th>Time</th></tr></thead><tbody><tr><td>Pour-over</td><td>3 <a href="https://x.example">min</a></td></tr><tr><td>Only one</td></tr></tbody></table>`,
    );
    expect(ricosViolations(document)).toEqual([]);
    const table = document.nodes[0]!;
    expect(table.type).toBe("TABLE");
    expect(table.tableData).toMatchObject({ rowHeader: true, dimensions: { colsWidthRatio: [1, 1], rowsHeight: [47, 47, 47] } });
    expect(table.nodes.map((row) => row.nodes.length)).toEqual([2, 2, 2]);
    expect(table.nodes[0]!.nodes[0]!.nodes[0]!.type).toBe("PARAGRAPH");
    expect(texts(table)).toEqual(["Method", "Time", "Pour-over", "3 ", "min", "Only one"]);
  });

  test("YouTube iframes become VIDEO nodes, other embeds links", () => {
    const { document } = convert(
      `<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe><iframe src="https://player.vimeo.com/video/1"></iframe>`,
    );
    expect(ricosViolations(document)).toEqual([]);
    expect(document.nodes[0]).toMatchObject({
      type: "VIDEO",
      videoData: { video: { src: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } } },
    });
    expect(document.nodes[1]!.type).toBe("PARAGRAPH");
  });

  test("loose inline text and containers are wrapped, never bare TEXT at the root", () => {
    const { document } = convert(`Loose <b>text</b><div>In a div<br>next line</div>`);
    expect(ricosViolations(document)).toEqual([]);
    expect(document.nodes.map((n) => n.type)).toEqual(["PARAGRAPH", "PARAGRAPH"]);
    expect(texts(document.nodes[1]!).join("")).toBe("In a div\nnext line");
  });

  test("imageSources lists images with their size attributes", () => {
    expect(imageSources(`<p><img src="/a.png" alt="A" width="10" height="20"></p><img src="/b.png">`)).toEqual([
      { src: "/a.png", alt: "A", width: 10, height: 20 },
      { src: "/b.png", alt: "", width: null, height: null },
    ]);
  });
});

describe("ricosViolations", () => {
  test("refuses text outside paragraphs, images without size or with external src, ragged tables", () => {
    expect(ricosViolations({ nodes: [{ type: "TEXT", id: "", nodes: [], textData: { text: "x" } }] })).toEqual([
      "richContent.nodes[0]: TEXT cannot be inside ROOT",
    ]);
    const problems = ricosViolations({
      nodes: [
        { type: "IMAGE", id: "1", nodes: [], imageData: { image: { src: { url: "https://x/y.png" } } } },
        {
          type: "TABLE",
          id: "2",
          tableData: { dimensions: { colsWidthRatio: [1] } },
          nodes: [
            { type: "TABLE_ROW", id: "3", nodes: [{ type: "TABLE_CELL", id: "4", nodes: [] }] },
            { type: "TABLE_ROW", id: "5", nodes: [] },
          ],
        },
      ],
    });
    expect(problems.join("\n")).toMatch(/needs image.src.id/);
    expect(problems.join("\n")).toMatch(/external src/);
    expect(problems.join("\n")).toMatch(/width and height/);
    expect(problems.join("\n")).toMatch(/different numbers of cells/);
  });
});
