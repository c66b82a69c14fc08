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
