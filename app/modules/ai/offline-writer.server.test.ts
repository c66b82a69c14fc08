import { describe, expect, it } from "vitest";
import { misplacedKeyword, splitSentences } from "#app/modules/articles/content-checks";
import { keywordShape } from "#app/modules/articles/keyword-shape";
import { htmlToText } from "#app/utils/text";
import { assemble } from "#app/modules/generation/assemble";
import type { GenerationState } from "#app/modules/generation/steps";
import type { ArticleGrounding } from "#app/modules/research/types";
import {
  offlineFaq,
  offlineGaps,
  offlineImages,
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

// keyword → expected title, from the keyword's shape.
const SHAPES: Array<{ keyword: string; kind: string; title: string }> = [
  { keyword: "how to glaze pottery at home", kind: "how-to", title: "How to Glaze Pottery at Home: A Step-by-Step Guide" },
  { keyword: "how do I glaze pottery", kind: "question", title: "How Do I Glaze Pottery? A Clear Answer" },
  { keyword: "content marketing", kind: "topic", title: "Getting Started with Content Marketing" },
  { keyword: "vegan recipes", kind: "topic", title: "Vegan Recipes: A Practical Guide" },
  { keyword: "Shopify SEO", kind: "brand", title: "Shopify SEO: A Practical Guide" },
  { keyword: "pottery for beginners", kind: "topic", title: "A Practical Guide to Pottery for Beginners" },
  { keyword: "why is my sourdough flat", kind: "question", title: "Why Is My Sourdough Flat? A Clear Answer" },
  { keyword: "best running shoes for flat feet", kind: "topic", title: expect.stringMatching(/^(?!.*Best Best)/) as unknown as string },
];

/** Research for a pottery keyword, as the research step hands it over. */
const glazing: ArticleGrounding = {
  coveredByResults: ["Choosing a glaze", "Applying the glaze", "Firing glazed pottery"],
  questions: ["Can you glaze pottery without a kiln?", "How many coats of glaze should I apply?"],
  relatedSearches: [],
  facts: [
    {
      text: "Most brush-on glazes need three coats, each left to dry before the next.",
      source: { url: "https://glaze-guide.example/coats", title: "Glaze guide: coats", kind: "web" },
    },
    {
      text: "Claybench fires glazed work to cone 6, about 1,220 °C, every Friday.",
      source: { url: "https://claybench.example/kilns", title: "Kiln hire", kind: "own" },
    },
    {
      text: "A gift card for the studio costs €25 and never expires.",
      source: { url: "https://claybench.example/gift-cards", title: "Gift cards", kind: "own" },
    },
  ],
  sitePages: [
    {
      url: "https://claybench.example/classes",
      title: "Pottery classes for every level and every budget",
      kind: "product",
      summary: "A six-week wheel and glazing course in small groups.",
      faq: [],
    },
  ],
  keywordData: null,
  gaps: [],
};

describe("the offline writer and the keyword's shape", () => {
  it.each(SHAPES)("$keyword: a grammatical title", ({ keyword, kind, title }) => {
    expect(keywordShape(keyword).kind).toBe(kind);
    const { outline } = write(brief(keyword));
    expect(outline.title).toEqual(title);
    expect(outline.title.toLowerCase()).toContain(keyword.toLowerCase());
    expect(outline.title.length).toBeLessThanOrEqual(60);
    expect(outline.title).not.toMatch(/How to Get How to|Guide to .* for Beginners for Beginners/);
  });

  it.each(SHAPES)("$keyword: no sentence forces the keyword in", ({ keyword }) => {
    for (const grounding of [undefined, glazing]) {
      const { outline, html } = write(brief(keyword, { grounding }));
      const shape = keywordShape(keyword);
      const texts = [outline.title, outline.metaDescription, ...htmlToText(html).split("\n")];
      expect(misplacedKeyword(texts, shape)).toEqual([]);
      expect(htmlToText(html)).not.toMatch(/what how to|what how do|with how to|of how to/i);
    }
  });

  it("writes from the research: its headings, its facts with their sources, the FAQ only where it holds an answer", () => {
    const { outline, html } = write(brief("how to glaze pottery at home", { grounding: glazing }));
    expect(outline.sections.map((s) => s.heading)).toEqual(["Firing glazed pottery", "How to Glaze Pottery at Home with Claybench"]);
    expect(html).toContain("Most brush-on glazes need three coats");
    expect(html).toContain('href="https://glaze-guide.example/coats"');
    expect(html).toContain("cone 6");
    // A fact of the site that says nothing on the keyword is left out.
    expect(html).not.toContain("gift card");
    expect(outline.faqQuestions).toEqual(["How many coats of glaze should I apply?"]);
    // Nothing about kilns-free glazing in the research: the question is left out, and the gaps say so.
    expect(html).not.toMatch(/without a kiln/);
    expect(offlineGaps(brief("how to glaze pottery at home", { grounding: glazing })).join(" ")).toMatch(
      /Searchers also ask “Can you glaze pottery without a kiln\?”/,
    );
  });

  it("without research writes only from the brand settings, and says so", () => {
    const text = htmlToText(write(brief("content marketing")).html);
    expect(text).toContain("Claybench describes itself this way: “A pottery studio offering classes and kiln hire.”");
    expect(text.split(/\s+/).length).toBeLessThan(100);
    const plain = htmlToText(write(brief("content marketing", { brand: null, brandMentions: 0 })).html);
    expect(plain).not.toMatch(/Claybench|our team/);
    expect(offlineGaps(brief("content marketing")).join(" ")).toMatch(/No research was available/);
    // Research that found nothing (no provider, no page that fits) reads the same.
    const nothing = { coveredByResults: [], questions: [], relatedSearches: [], facts: [], sitePages: [], keywordData: null, gaps: [] };
    expect(htmlToText(write(brief("content marketing", { grounding: nothing })).html)).toBe(text);
  });

  it("links only to the site's own pages, with whole titles as anchors", () => {
    const b = brief("pottery for beginners");
    const links = offlineSelectLinks(b, offlineOutline(b), candidates);
    expect(links.map((l) => l.kind)).toEqual(["internal", "internal"]);
    expect(links.map((l) => l.anchor)).toContain("Pottery classes for every level and every budget");
    expect(write(b).html).not.toMatch(/wikipedia|britannica|scholar\.google/);
  });

  it("calls its section pictures title cards, and draws no words on the cover", async () => {
    const { outline } = write(brief("how to glaze pottery at home", { grounding: glazing }));
    // The cover follows the keyword, not the title: a renamed article never shows its old title in the picture,
    // and a platform that shows the title above the cover never shows it twice.
    expect(outline.imagePrompts[0]).toEqual({
      prompt: "how to glaze pottery at home",
      alt: "Cover pattern for an article on how to glaze pottery at home",
    });
    expect(outline.imagePrompts.slice(1).every((i) => i.alt.startsWith("Title card reading"))).toBe(true);
    const cover = new TextDecoder().decode((await offlineImages.image(outline.title, "photorealistic", { cover: true })).bytes);
    expect(cover).not.toContain("<text");
    const card = new TextDecoder().decode((await offlineImages.image(outline.sections[0]!.heading, "photorealistic")).bytes);
    expect(card).toContain("<text");
  });

  it("never repeats a sentence within an article", () => {
    const { html } = write(brief("how to glaze pottery at home", { grounding: glazing }));
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

  it("touches no punctuation it was not asked to", () => {
    // A quotation cut in half is closed again; a one-sentence paragraph is left exactly as it is.
    // (cheerio writes curly quotes as character references: the same text.)
    expect(offlineRewrite("<p>“Glaze thin. Fire slow. Then wait.” Unload cold.</p>", "shorten")).toBe(
      "<p>&#x201c;Glaze thin. Fire slow.&#x201d;</p>",
    );
    expect(offlineRewrite("<p>“Glaze thin, fire slow.”</p><p>Two. Sentences.</p>", "shorten")).toBe(
      "<p>&#x201c;Glaze thin, fire slow.&#x201d;</p><p>Two.</p>",
    );
    // Nothing to shorten at all: it says so instead of changing a mark.
    expect(() => offlineRewrite("<p>“Glaze thin, fire slow.”</p>", "shorten")).toThrow(/Nothing was changed/);
    // Simplifying keeps a question a question.
    expect(offlineRewrite("<p>Is it food safe, and can it go in the dishwasher?</p>", "simplify")).toBe(
      "<p>Is it food safe? Can it go in the dishwasher?</p>",
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
