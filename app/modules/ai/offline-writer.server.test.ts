import { describe, expect, it } from "vitest";
import { misplacedKeyword, splitSentences } from "#app/modules/articles/content-checks";
import { keywordShape } from "#app/modules/articles/keyword-shape";
import { scoreArticle } from "#app/modules/articles/seo";
import { htmlToText } from "#app/modules/articles/text";
import { assemble } from "#app/modules/generation/pipeline.server";
import type { GenerationState } from "#app/modules/generation/steps";
import {
  offlineFaq,
  offlineIntroConclusion,
  offlineOutline,
  offlineRewrite,
  offlineRewriteMode,
  offlineSection,
  offlineSelectLinks,
  offlineTable,
} from "./offline-writer.server";
import type { ArticleBrief, LinkCandidate } from "./types";

function brief(keyword: string, overrides: Partial<ArticleBrief> = {}): ArticleBrief {
  return {
    keyword,
    keywords: [],
    language: "en-US",
    minWords: 1200,
    maxWords: 1600,
    sectionCount: 5,
    tone: "",
    brand: {
      name: "Claybench",
      description: "A pottery studio offering classes and kiln hire.",
      audience: "Hobby potters.",
      industry: "Education",
      tone: "",
      tags: ["pottery classes", "kiln hire"],
    },
    brandMentions: 3,
    internalLinks: 2,
    externalLinks: 3,
    instructions: "",
    exclusions: "",
    imageStyle: "",
    avoidTitles: [],
    ...overrides,
  };
}

const candidates: LinkCandidate[] = [
  { url: "https://claybench.example/classes", title: "Pottery classes for every level and every budget", kind: "internal" },
  { url: "https://claybench.example/kilns", title: "Kiln hire", kind: "internal" },
  { url: "https://en.wikipedia.org/wiki/Pottery", title: "Wikipedia: pottery", kind: "external" },
  { url: "https://www.britannica.com/search?query=pottery", title: "Encyclopaedia Britannica on pottery", kind: "external" },
];

/** The whole article the pipeline would assemble from the offline writer's parts. */
function write(b: ArticleBrief) {
  const outline = offlineOutline(b);
  const state = {
    keyword: b.keyword,
    brief: b,
    outline,
    sections: outline.sections.map((_, i) => offlineSection(b, outline, i)),
    introConclusion: offlineIntroConclusion(b, outline),
    faq: offlineFaq(b, outline),
    table: offlineTable(b, outline),
    links: offlineSelectLinks(b, outline, candidates),
    images: [],
    video: null,
  } as unknown as GenerationState;
  return { outline, html: assemble(state) };
}

// keyword → expected title and the headings that carry the keyword's shape.
const SHAPES: Array<{ keyword: string; kind: string; title: string; headings: string[] }> = [
  {
    keyword: "how to glaze pottery at home",
    kind: "how-to",
    title: "How to Glaze Pottery at Home: A Step-by-Step Guide",
    headings: ["What Glazing Pottery at Home Involves", "How to Glaze Pottery at Home: The Steps in Order"],
  },
  {
    keyword: "how do I glaze pottery",
    kind: "question",
    title: "How Do I Glaze Pottery? A Clear Answer",
    headings: ["How Do I Glaze Pottery? The Short Answer"],
  },
  {
    keyword: "content marketing",
    kind: "topic",
    title: "Getting Started with Content Marketing",
    headings: ["Content Marketing: The Basics"],
  },
  {
    keyword: "vegan recipes",
    kind: "topic",
    title: "Vegan Recipes: A Practical Guide",
    headings: ["Understanding Vegan Recipes", "Why Vegan Recipes Matter"],
  },
  { keyword: "Shopify SEO", kind: "brand", title: "Shopify SEO: A Practical Guide", headings: ["Shopify SEO: The Basics"] },
  {
    keyword: "pottery for beginners",
    kind: "topic",
    title: "A Practical Guide to Pottery for Beginners",
    headings: ["Pottery for Beginners: The Basics"],
  },
  {
    keyword: "why is my sourdough flat",
    kind: "question",
    title: "Why Is My Sourdough Flat? A Clear Answer",
    headings: ["Why Is My Sourdough Flat? The Short Answer"],
  },
  {
    keyword: "best running shoes for flat feet",
    kind: "topic",
    title: expect.stringMatching(/^(?!.*Best Best)/) as unknown as string,
    headings: [],
  },
];

describe("the offline writer and the keyword's shape", () => {
  it.each(SHAPES)("$keyword: a grammatical title and headings", ({ keyword, kind, title, headings }) => {
    expect(keywordShape(keyword).kind).toBe(kind);
    const { outline } = write(brief(keyword));
    expect(outline.title).toEqual(title);
    expect(outline.title.toLowerCase()).toContain(keyword.toLowerCase());
    expect(outline.title.length).toBeLessThanOrEqual(60);
    for (const heading of headings) expect(outline.sections.map((s) => s.heading)).toContain(heading);
    expect(outline.title).not.toMatch(/How to Get How to|Guide to .* for Beginners for Beginners/);
  });

  it.each(SHAPES)("$keyword: no sentence forces the keyword in, and the score's content checks pass", ({ keyword }) => {
    const { outline, html } = write(brief(keyword));
    const shape = keywordShape(keyword);
    const texts = [outline.title, outline.metaDescription, ...htmlToText(html).split("\n")];
    expect(misplacedKeyword(texts, shape)).toEqual([]);
    expect(htmlToText(html)).not.toMatch(/what how to|what how do|with how to|of how to/i);
    const result = scoreArticle({
      title: outline.title,
      metaDescription: outline.metaDescription,
      html,
      keyword,
      lengthBand: "medium",
      internalLinksWanted: "few",
      externalLinksWanted: "none",
      siteOrigin: "https://claybench.example",
      linkChecks: { "https://claybench.example/classes": "ok", "https://claybench.example/kilns": "ok" },
    });
    const failed = result.checks.filter((c) => !c.passed).map((c) => c.id);
    // The harness adds no images (the pipeline does). Without a model or research the writer's sentences rarely name
    // the topic, and the specificity check says so; everything else passes.
    expect(failed.filter((id) => id !== "specificity")).toEqual(["image-alt"]);
    expect(result.stats.words).toBeGreaterThanOrEqual(1200);
    expect(result.stats.words).toBeLessThanOrEqual(1600);
  });

  it("writes from the brand settings", () => {
    const text = htmlToText(write(brief("content marketing")).html);
    expect(text).toContain("It is written with hobby potters in mind.");
    expect(text).toContain("At Claybench, this comes up every day in our work with pottery classes and kiln hire.");
    expect(text).toContain("“A pottery studio offering classes and kiln hire.”");
    // No brand settings: no brand lines at all (no made-up "our team").
    const plain = htmlToText(write(brief("content marketing", { brand: null, brandMentions: 0 })).html);
    expect(plain).not.toMatch(/Claybench|our team/);
  });

  it("links only to the site's own pages, with whole titles as anchors", () => {
    const b = brief("pottery for beginners");
    const links = offlineSelectLinks(b, offlineOutline(b), candidates);
    expect(links.map((l) => l.kind)).toEqual(["internal", "internal"]);
    expect(links.map((l) => l.anchor)).toContain("Pottery classes for every level and every budget");
    expect(write(b).html).not.toMatch(/wikipedia|britannica|scholar\.google/);
  });

  it("calls its pictures title cards", () => {
    const { outline } = write(brief("vegan recipes"));
    expect(outline.imagePrompts[0]!.alt).toBe(`Title card reading “${outline.title}”`);
    expect(outline.imagePrompts.every((i) => i.alt.startsWith("Title card reading"))).toBe(true);
  });

  it("never repeats a sentence when an article has more sections than roles", () => {
    const b = brief("content marketing", { sectionCount: 10, minWords: 2000, maxWords: 2600 });
    const { html } = write(b);
    const sentences = htmlToText(html)
      .split("\n")
      .flatMap((line) => splitSentences(line))
      .filter((s) => s.split(" ").length > 5);
    expect(new Set(sentences).size).toBe(sentences.length);
  });

  it("says honestly what it cannot do instead of rewriting something else", () => {
    const html = "<p>Whole beans keep. Ground coffee goes stale fast, and you should grind it fresh.</p>";
    for (const instruction of [
      "mention that whole beans stay fresh for about a month",
      "Make it shorter but mention the price",
      "cut the jargon and mention decaf",
      "don't make it shorter",
      "shorten it and make it longer",
      "translate to French",
    ]) {
      expect(offlineRewriteMode(instruction), instruction).toBeNull();
      expect(() => offlineRewrite(html, instruction), instruction).toThrow(
        /Nothing was changed: the offline writer can only shorten, expand or simplify text/,
      );
    }
    expect(() => offlineRewrite(html, "mention that whole beans stay fresh for about a month")).toThrow(
      "so it cannot “mention that whole beans stay fresh for about a month”",
    );
  });

  it("still shortens, expands and simplifies when that is all it is asked", () => {
    const html = "<p>Whole beans keep. Ground coffee goes stale fast, and you should grind it fresh.</p>";
    expect(offlineRewriteMode("Make it shorter, please.")).toBe("shorten");
    expect(offlineRewriteMode("Make this paragraph a bit more concise")).toBe("shorten");
    expect(offlineRewriteMode("Expand the section with more detail")).toBe("expand");
    expect(offlineRewriteMode("Make it easier to read")).toBe("simplify");
    expect(offlineRewrite(html, "shorten")).toBe("<p>Whole beans keep.</p>");
    expect(offlineRewrite(html, "make it simpler")).toBe(
      "<p>Whole beans keep. Ground coffee goes stale fast. You should grind it fresh.</p>",
    );
  });

  it("keeps lists and tables what they are when it rewrites them", () => {
    expect(offlineRewrite("<ul><li>Fresh beans</li><li>A good grinder</li></ul>", "expand")).toBe(
      "<ul><li>Fresh beans In practice, this makes the next step clearer.</li><li>A good grinder That small detail often makes the biggest difference.</li></ul>",
    );
    expect(offlineRewrite("<table><tr><td>One. Two.</td><td>Three. Four.</td></tr></table>", "shorten")).toBe(
      "<table><tr><td>One.</td><td>Three.</td></tr></table>",
    );
  });

  it("rewrites without naming settings the customer cannot see", async () => {
    expect(() => offlineRewrite("<p>Hi.</p>", "make it funny")).toThrow(/need an AI provider/);
    expect(() => offlineRewrite("<p>Hi.</p>", "make it funny")).not.toThrow(/OPENAI/);
  });
});
