import { describe, expect, it } from "vitest";
import { qualityGate, type GateArticle } from "./gate";

const good: GateArticle = {
  title: "Cold brew at home",
  contentHtml: "<p>Steep the coffee for twelve hours.</p>",
  wordCount: 1400,
  seoScore: 86,
  source: "ai",
};
const settings = { minScore: 70, articleLength: "medium" as const };

describe("qualityGate", () => {
  it("lets a good AI-written article through", () => {
    expect(qualityGate(good, settings)).toEqual([]);
  });

  it("never lets the offline writer's article out on its own", () => {
    expect(qualityGate({ ...good, source: "offline" }, settings)).toEqual([
      expect.stringMatching(/^Needs an AI provider: .*offline writer/),
    ]);
  });

  it("holds a score under the customer's bar, a length outside the band (with 10% leeway) and placeholders", () => {
    expect(qualityGate({ ...good, seoScore: 69 }, settings)).toEqual(["Its SEO score is 69, below your minimum of 70."]);
    expect(qualityGate({ ...good, wordCount: 1100 }, settings)).toEqual([]);
    expect(qualityGate({ ...good, wordCount: 1050 }, settings)).toEqual(["It has 1050 words; the medium length is 1200-1600."]);
    for (const text of ["Lorem ipsum dolor", "Call [insert phone number] today", "Hi {{first_name}}", "TODO: add a source"])
      expect(qualityGate({ ...good, contentHtml: `<p>${text}</p>` }, settings)).toEqual([expect.stringContaining("placeholder text")]);
    expect(qualityGate({ ...good, contentHtml: "<p>A todo list app and a tbd-free plan.</p>" }, settings)).toEqual([]);
  });
});

describe("qualityGate and the SEO panel's content findings", () => {
  it("adds the failed specificity and duplicate-content checks in the panel's words", () => {
    const findings = [
      { label: "Sentences about the topic", detail: "77 of 89 sentences (87%) name nothing of the topic." },
      { label: "No text copied from your other articles", detail: "5 of 80 sentences (6%) appear word for word in “Cold brew”." },
    ];
    expect(qualityGate({ ...good, findings }, settings)).toEqual([
      "Sentences about the topic: 77 of 89 sentences (87%) name nothing of the topic.",
      "No text copied from your other articles: 5 of 80 sentences (6%) appear word for word in “Cold brew”.",
    ]);
    expect(qualityGate({ ...good, findings: [] }, settings)).toEqual([]);
  });

  it("adds topic coverage and facts without a source, each with one example", () => {
    const findings = [
      {
        label: "Covers what searchers look for",
        detail: "It covers 2 of 19 topics (11%) that the top 8 search results cover.",
        example: "Missing terms: “freezer” and “roast date”. Unanswered: “Can you freeze coffee beans?”.",
      },
      {
        label: "Facts have a source",
        detail: "3 of 3 figures and findings it states have no source.",
        example: "For example: “Beans lose 60% of their aroma within 15 days.” (a percentage).",
      },
    ];
    expect(qualityGate({ ...good, findings }, settings)).toEqual([
      "Covers what searchers look for: It covers 2 of 19 topics (11%) that the top 8 search results cover. Missing terms: “freezer” and “roast date”. Unanswered: “Can you freeze coffee beans?”.",
      "Facts have a source: 3 of 3 figures and findings it states have no source. For example: “Beans lose 60% of their aroma within 15 days.” (a percentage).",
    ]);
  });
});

describe("qualityGate and the content plan", () => {
  it("holds a keyword the content plan flagged as competing with an article", () => {
    expect(qualityGate({ ...good, competesWith: "“Cold brew guide”" }, settings)).toEqual([
      expect.stringContaining("competes with “Cold brew guide”"),
    ]);
  });
});

describe("qualityGate with strict links", () => {
  it("holds unverified external links only when strict links is on", () => {
    expect(qualityGate({ ...good, unverifiedLinks: 2 }, settings)).toEqual([]);
    expect(qualityGate({ ...good, unverifiedLinks: 2 }, { ...settings, strictLinks: true })).toEqual([
      "2 of its links to other websites are not verified working (strict links is on).",
    ]);
    expect(qualityGate({ ...good, unverifiedLinks: 0 }, { ...settings, strictLinks: true })).toEqual([]);
  });
});
