import { describe, expect, it } from "vitest";
import { diffableText, diffArticleHtml, summariseBlocks } from "./edit-diff";

describe("diffArticleHtml", () => {
  it("marks inserted and deleted words, not tags", () => {
    const diff = diffArticleHtml("<p>Cold brew is <strong>smooth</strong> and sweet.</p>", "<p>Cold brew is rich and sweet.</p>");
    expect(diff.parts).toEqual([
      { kind: "same", text: "Cold brew is " },
      { kind: "removed", text: "smooth" },
      { kind: "added", text: "rich" },
      { kind: "same", text: " and sweet." },
    ]);
    expect(diff.added).toBe(1);
    expect(diff.removed).toBe(1);
  });

  it("keeps blocks on their own lines and counts a new paragraph as added", () => {
    const diff = diffArticleHtml("<h2>Why</h2><p>Because.</p>", "<h2>Why</h2><p>Because.</p><p>Also this.</p>");
    expect(diff.parts.map((p) => p.kind)).toEqual(["same", "added"]);
    expect(diff.parts[0]).toEqual({ kind: "same", text: "Why\nBecause." });
    expect(diff.added).toBe(2);
    expect(diff.removed).toBe(0);
  });

  it("reports no change for identical text", () => {
    const diff = diffArticleHtml("<p>Same words.</p>", "<p>Same <em>words</em>.</p>");
    expect(diff.added + diff.removed).toBe(0);
    expect(diff.parts).toEqual([{ kind: "same", text: "Same words." }]);
  });

  it("shortens long unchanged stretches to their ends around a change", () => {
    const long = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ");
    const diff = diffArticleHtml(`<p>${long} old tail</p>`, `<p>${long} new tail</p>`);
    const gap = diff.parts.find((p) => p.kind === "gap");
    expect(gap).toEqual({ kind: "gap", words: 170 });
    // The words right before the change stay visible.
    const kept = diff.parts.filter((p) => p.kind === "same").map((p) => ("text" in p ? p.text : ""));
    expect(kept.join("")).toContain("w199 ");
    expect(kept.join("")).not.toContain("w0 ");
    expect(diff.parts.filter((p) => p.kind === "removed")).toEqual([{ kind: "removed", text: "old" }]);
  });
});

describe("diffArticleHtml within its budget", () => {
  const longArticle = (seed: string) =>
    Array.from({ length: 200 }, (_, p) => `<p>${Array.from({ length: 20 }, (_, w) => `${seed}${p}x${w}`).join(" ")}</p>`).join("");

  it("summarises two long, different versions by blocks instead of diffing them word by word", () => {
    const started = performance.now();
    const diff = diffArticleHtml(longArticle("a"), longArticle("b"));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(diff.parts).toEqual([]);
    expect(diff.summary).toEqual({ blocksAdded: 200, blocksRemoved: 200, blocksKept: 0, wordsBefore: 4_000, wordsAfter: 4_000 });
  });

  it("still diffs a long article word by word when little changed", () => {
    const before = longArticle("a");
    const diff = diffArticleHtml(before, before.replace("a0x0 ", "changed "));
    expect(diff.summary).toBeUndefined();
    expect(diff).toMatchObject({ added: 1, removed: 1 });
  });

  it("counts repeated blocks as a multiset", () => {
    expect(summariseBlocks("Intro\nSame\nSame\nOld", "Intro\nSame\nNew")).toEqual({
      blocksAdded: 1,
      blocksRemoved: 2,
      blocksKept: 2,
      wordsBefore: 4,
      wordsAfter: 3,
    });
  });
});

describe("pictures and links in the diff", () => {
  it("a lost photo shows as removed, with its alt text", () => {
    const before = `<p>Our kiln.</p><p><img src="/uploads/articles/kiln.png" alt="The studio kiln at 1200 degrees"></p><p>End.</p>`;
    const after = `<p>Our kiln.</p><p>End.</p>`;
    const diff = diffArticleHtml(before, after);
    const removed = diff.parts.filter((p) => p.kind === "removed").map((p) => ("text" in p ? p.text : ""));
    expect(removed.join("")).toContain("[Image: The studio kiln at 1200 degrees]");
    expect(diff.added).toBe(0);
  });

  it("a link whose address changed shows the old and new address", () => {
    const before = `<p>See <a href="https://example.com/glaze">our glaze guide</a> first.</p>`;
    const after = `<p>See <a href="https://example.com/firing">our glaze guide</a> first.</p>`;
    const diff = diffArticleHtml(before, after);
    const text = (kind: string) =>
      diff.parts
        .filter((p) => p.kind === kind)
        .map((p) => ("text" in p ? p.text : ""))
        .join("");
    expect(text("same")).toContain("[link: https://example.com/");
    expect(text("removed")).toBe("glaze");
    expect(text("added")).toBe("firing");
  });

  it("an image without alt text is named by its file", () => {
    expect(diffableText(`<img src="/uploads/articles/a1b2.webp?v=2">`)).toBe("[Image: a1b2.webp]");
  });

  it("a rewritten sentence reads as one removal and one addition, not word by word", () => {
    const diff = diffArticleHtml(
      "<p>Glazing at Clay and Kiln starts here.</p>",
      "<p>How to Glaze Pottery: a Practical Guide starts here.</p>",
    );
    expect(diff.parts).toEqual([
      { kind: "removed", text: "Glazing at Clay and Kiln " },
      { kind: "added", text: "How to Glaze Pottery: a Practical Guide " },
      { kind: "same", text: "starts here." },
    ]);
    expect(diff.removed).toBe(5);
  });
});
