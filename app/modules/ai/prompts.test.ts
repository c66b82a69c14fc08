import { expect, test } from "vitest";
import { imageCount, languageName, outlinePrompt, sectionPrompt, sectionWordTarget, systemPrompt } from "./prompts";
import { offlineOutline } from "./offline-writer.server";
import type { ArticleBrief, Outline } from "./types";

const brief: ArticleBrief = {
  keyword: "cold brew coffee",
  keywords: ["iced coffee"],
  language: "fr-FR",
  minWords: 1200,
  maxWords: 1600,
  sectionCount: 5,
  tone: "friendly",
  brand: {
    name: "Northwind",
    description: "A roastery.",
    audience: "Home baristas.",
    industry: "Food & Beverage",
    tone: "warm",
    tags: ["coffee"],
  },
  brandMentions: 1,
  internalLinks: 3,
  externalLinks: 3,
  instructions: "Use metric units.",
  exclusions: "Starbucks",
  imageStyle: "minimalist",
  avoidTitles: ["Cold Brew Coffee: The Complete Guide"],
};

test("the system prompt carries language, tone, brand, instructions and exclusions", () => {
  const system = systemPrompt(brief);
  expect(languageName("fr-FR")).toBe("French (France)");
  for (const part of [
    "French (France) (fr-FR)",
    "friendly",
    "Northwind",
    "about 1 time(s)",
    "Use metric units.",
    "Never mention or recommend: Starbucks",
  ])
    expect(system).toContain(part);
  expect(systemPrompt({ ...brief, brand: null })).toContain("Do not mention any brand");
});

test("the outline prompt states the structure and avoids existing titles", () => {
  const { user } = outlinePrompt(brief);
  expect(user).toContain('containing "cold brew coffee"');
  expect(user).toContain("exactly 5 H2 sections");
  expect(user).toContain("iced coffee");
  expect(user).toContain("- Cold Brew Coffee: The Complete Guide");
  expect(imageCount(5)).toBe(3);
  expect(sectionWordTarget(brief)).toBe(190);
});

test("the section prompt names its section and target length", () => {
  const headings = ["The ratio", "Grind size", "Steeping time", "Filtering", "Keeping it"];
  const outline: Outline = {
    title: "Cold Brew Coffee: A Practical Guide",
    metaDescription: "",
    slug: "cold-brew-coffee",
    sections: headings.map((heading) => ({ heading, intent: "", targetWords: 190, subheadings: [] })),
    faqQuestions: [],
    table: null,
    imagePrompts: [],
  };
  const { user } = sectionPrompt(brief, outline, 2);
  expect(user).toContain(`Write section 3: "Steeping time"`);
  expect(user).toContain("Target length: 190 words.");
  expect(offlineOutline(brief).title).not.toBe("Cold Brew Coffee: The Complete Guide");
});

test("with research, the prompts follow the results, feed the FAQ and allow a fact only with its source", () => {
  const grounded: ArticleBrief = {
    ...brief,
    grounding: {
      coveredByResults: ["Cold brew ratio", "Steeping time"],
      questions: ["How long does cold brew last?"],
      relatedSearches: ["cold brew concentrate dilution"],
      facts: [
        {
          text: "The Cold Brew Kit makes 1 litre per batch.",
          source: { url: "https://northwind.example/kit", title: "Cold Brew Kit", kind: "own" },
        },
      ],
      sitePages: [{ url: "https://northwind.example/kit", title: "Cold Brew Kit", kind: "product", summary: "Brew overnight.", faq: [] }],
      keywordData: { keyword: "cold brew coffee", volume: 880, difficulty: 23, cpc: 1.2, intent: "informational" },
      gaps: [],
    },
  };
  const outline = outlinePrompt(grounded).user;
  expect(outline).toContain("- Cold brew ratio\n- Steeping time");
  expect(outline).toContain("which the top results do not cover");
  expect(outline).toContain("- How long does cold brew last?");
  expect(outline).toContain("about 880 searches a month, difficulty 23/100");
  const section = sectionPrompt(grounded, offlineOutline(brief), 0);
  expect(section.system).toContain("only when it is in the research's list of facts, and link it to its source");
  expect(section.user).toContain(
    "The Cold Brew Kit makes 1 litre per batch. — source: Cold Brew Kit, the site's own page (https://northwind.example/kit)",
  );
  expect(section.user).toContain("no links except a fact's source");
  // Without research, nothing changes.
  expect(outlinePrompt(brief).user).not.toContain("top search results");
  expect(sectionPrompt(brief, offlineOutline(brief), 0).user).toContain("no links, no images");
});
