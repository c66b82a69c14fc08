import { describe, expect, it } from "vitest";
import {
  articleBlocks,
  headingsRepeatingTitle,
  keywordStuffing,
  linkVerification,
  misplacedKeyword,
  repeatedSentences,
  splitSentences,
} from "./content-checks";
import { keywordShape } from "./keyword-shape";
import { scoreArticle, type SeoInput } from "./seo";

const base: Omit<SeoInput, "html"> = {
  title: "Glazing Pottery at Home",
  metaDescription: "A guide.",
  keyword: "glazing pottery",
  lengthBand: "short",
  internalLinksWanted: "none",
  externalLinksWanted: "none",
};
// Short bodies get enough neutral text not to be an empty draft (which passes no content check).
const PADDING = `<p>${Array.from({ length: 120 }, (_, i) => `w${i.toString(36)}`).join(" ")}.</p>`;
const checkOf = (html: string, id: string, extra: Partial<SeoInput> = {}) =>
  scoreArticle({ ...base, html: html.length < 2_000 ? `${html}${PADDING}` : html, ...extra }).checks.find((c) => c.id === id);

describe("keyword stuffing", () => {
  const filler = (uses: number, words: number) =>
    `${"content marketing works. ".repeat(uses)}${"Plain words fill the rest here. ".repeat(Math.ceil((words - uses * 3) / 6))}`;

  it("flags a phrase repeated more than once per 100 words, and density over 3%", () => {
    expect(keywordStuffing(filler(12, 1000), "content marketing")).toMatchObject({ uses: 12, stuffed: true, limit: 10 });
    expect(keywordStuffing(filler(8, 1000), "content marketing")).toMatchObject({ uses: 8, stuffed: false });
    // One word: repetition alone is normal ("pottery"), density decides.
    expect(keywordStuffing(`${"pottery ".repeat(20)}${"word ".repeat(980)}`, "pottery").stuffed).toBe(false);
    expect(keywordStuffing(`${"pottery ".repeat(40)}${"word ".repeat(960)}`, "pottery")).toMatchObject({ density: 4, stuffed: true });
    // A short text is never called stuffed for a handful of uses.
    expect(keywordStuffing("content marketing content marketing content marketing", "content marketing").stuffed).toBe(false);
  });

  it("explains the finding and the fix in the panel", () => {
    const check = checkOf(`<p>${filler(30, 1000)}</p>`, "keyword-stuffing", { keyword: "content marketing" })!;
    expect(check.passed).toBe(false);
    expect(check.detail).toMatch(/^“content marketing” appears 30 times in 1,\d{3} words \(\d+(\.\d)?% of the text\)/);
    expect(check.fix).toContain("about 10 in all");
  });
});

describe("repeated template sentences", () => {
  const section = (n: number, body: string) => `<h2>Part ${n}</h2><p>${body}</p>`;

  it("finds the same sentence, near copies and shared frames across sections", () => {
    const html = [
      section(1, "Clean bisque takes glaze evenly because dust blocks the pores completely."),
      section(2, "Clean bisque takes glaze evenly because dust blocks the pores completely."),
      section(3, "Glazing pottery is a great way to grow your skills as a maker."),
      section(4, "Glazing pottery is a great way to build confidence before a sale."),
    ].join("");
    const found = repeatedSentences(articleBlocks(html), "glazing pottery");
    expect(found.map((r) => r.count)).toEqual([2, 2]);
    const check = checkOf(html, "repeated-sentences")!;
    expect(check.passed).toBe(false);
    expect(check.examples?.[0]).toContain("Clean bisque takes glaze evenly");
    expect(check.fix).toMatch(/^Rewrite the copies/);
  });

  it("leaves related but different sentences, and one repeat, alone", () => {
    const html = [
      section(1, "Glaze melts into glass in the kiln. Three thin coats beat one thick one."),
      section(2, "The glaze firing melts the coating into glass. Most brush-on glazes need three coats."),
      section(3, "Wax keeps the foot ring clean so drips wipe off with a sponge."),
    ].join("");
    expect(repeatedSentences(articleBlocks(html), "glazing pottery")).toEqual([]);
    expect(checkOf(html, "repeated-sentences")?.passed).toBe(true);
  });
});

describe("the keyword in ungrammatical places", () => {
  const howTo = keywordShape("how to glaze pottery at home");
  const question = keywordShape("how do I glaze pottery");
  const wrong = (texts: string[], shape = howTo) => misplacedKeyword(texts, shape).map((m) => m.sentence);

  it("flags a how-to used as a noun: after articles, prepositions, wh-words, or modifying a noun", () => {
    expect(
      wrong([
        "It explains what how to glaze pottery at home is, and why.",
        "Key Benefits of How to Glaze Pottery at Home",
        "The teams that keep how to glaze pottery at home simple win.",
        "Is how to glaze pottery at home worth it?",
        "How to Glaze Pottery at Home Pitfalls and How to Avoid Them",
        "Getting Started with How to Glaze Pottery at Home",
      ]),
    ).toHaveLength(6);
  });

  it("accepts a how-to where a clause reads: at the start, after learn/show/about, or quoted", () => {
    expect(
      wrong([
        "How to Glaze Pottery at Home: A Beginner's Walkthrough",
        "This guide shows how to glaze pottery at home on a budget.",
        "Learn how to glaze pottery at home in an afternoon.",
        "People often ask about how to glaze pottery at home.",
        "Search for “how to glaze pottery at home” and you get kiln ads.",
      ]),
    ).toEqual([]);
  });

  it("accepts a question only as a sentence of its own", () => {
    expect(wrong(["How do I glaze pottery? Start with bisque ware.", "Readers ask: how do I glaze pottery?"], question)).toEqual([]);
    expect(
      wrong(
        ["Results with how do I glaze pottery come in weeks.", "How do I glaze pottery is easiest to understand with an example."],
        question,
      ),
    ).toHaveLength(2);
  });

  it("never flags topic or brand keywords, and the panel suggests the noun form", () => {
    expect(misplacedKeyword(["The basics of content marketing."], keywordShape("content marketing"))).toEqual([]);
    expect(misplacedKeyword(["Tips for Shopify SEO."], keywordShape("Shopify SEO"))).toEqual([]);
    const check = checkOf("<h2>What it is</h2><p>It explains what how to glaze pottery at home is.</p>", "keyword-grammar", {
      keyword: "how to glaze pottery at home",
    })!;
    expect(check.passed).toBe(false);
    expect(check.detail).toContain("is a how-to phrase, not a noun");
    expect(check.fix).toContain("“glazing pottery at home”");
    expect(check.examples).toEqual(["“It explains what how to glaze pottery at home is.”"]);
  });
});

describe("links checked and working", () => {
  const html = `<p><a href="https://a.example/">a</a> <a href="/about">b</a> <a href="https://c.example/x">c</a> <a href="mailto:x@y.z">m</a></p>`;

  it("counts a never-checked link as unverified and a failed check as unreachable", () => {
    expect(
      linkVerification(["https://a.example/", "/about", "https://c.example/x"], { "https://a.example/": "ok", "/about": "unreachable" }),
    ).toEqual({
      unverified: ["https://c.example/x"],
      unreachable: ["/about"],
    });
    const check = checkOf(html, "links-verified", { linkChecks: { "https://a.example/": "ok", "/about": "unreachable" } })!;
    expect(check.passed).toBe(false);
    expect(check.detail).toBe(
      "1 link failed its last check and 1 link has not been checked yet. A link nobody has opened may lead nowhere, and readers who hit a dead link stop trusting the page.",
    );
    expect(check.fix).toContain("Backlinks page");
  });

  it("passes when every link answered, and is left out when no check data was loaded", () => {
    const all = { "https://a.example/": "ok", "/about": "ok", "https://c.example/x": "ok" } as const;
    expect(checkOf(html, "links-verified", { linkChecks: all })?.passed).toBe(true);
    expect(checkOf(html, "links-verified")).toBeUndefined();
  });
});

describe("headings that repeat the title", () => {
  it("flags a heading that copies the title, or the keyword in most headings", () => {
    expect(headingsRepeatingTitle(["Glazing Pottery at Home", "Tools"], "Glazing Pottery at Home", "glazing pottery").copies).toEqual([
      "Glazing Pottery at Home",
    ]);
    const many = ["Glazing Pottery Basics", "Glazing Pottery Tools", "Glazing Pottery Mistakes", "Firing"];
    expect(headingsRepeatingTitle(many, "A Guide", "glazing pottery")).toMatchObject({ failed: true, repeating: many.slice(0, 3) });
    expect(
      headingsRepeatingTitle(["Why glazing pottery pays off", "Tools", "Firing", "Mistakes"], "A Guide", "glazing pottery").failed,
    ).toBe(false);
    const check = checkOf(many.map((h) => `<h2>${h}</h2><p>Text.</p>`).join(""), "headings-title")!;
    expect(check.detail).toMatch(/^3 of 4 headings repeat “glazing pottery” from the title/);
  });
});

describe("sentences", () => {
  it("splits after end punctuation and keeps closing quotes", () => {
    expect(splitSentences("One. “Two?” Three! four")).toEqual(["One.", "“Two?”", "Three!", "four"]);
  });
});
