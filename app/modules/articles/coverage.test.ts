import { describe, expect, it } from "vitest";
import { DEMO_ARTICLES } from "#app/modules/demo/articles";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import type { LedgerEntry, ResearchSnapshot } from "#app/modules/research/types";
import { fixtureSnapshot } from "#tests/fixtures/articles/fixture-snapshot";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import storingResearch from "#tests/fixtures/articles/research-how-to-store-coffee-beans.json";
import { researchBasis, sameTopic, sharedTerms, topicCoverage } from "./coverage";
import { markdownToHtml } from "./markdown";
import { COVERAGE_MIN } from "./score/checks/coverage";

const research = storingResearch as unknown as { snapshot: ResearchSnapshot; sources: LedgerEntry[] };
const demoStoring = DEMO_ARTICLES.find((a) => a.slug === "how-to-store-coffee-beans")!;

function snapshot(results: Array<{ title: string; headings?: string[] }>, peopleAlsoAsk: string[] = []): ResearchSnapshot {
  return {
    keyword: "how to store coffee beans",
    provider: "fake",
    serp: {
      keyword: "how to store coffee beans",
      results: results.map((r, i) => ({
        position: i + 1,
        url: `https://r${i}.example/`,
        domain: `r${i}.example`,
        title: r.title,
        snippet: "",
      })),
      peopleAlsoAsk,
      relatedSearches: [],
    },
    pages: results.map((r, i) => ({ url: `https://r${i}.example/`, title: r.title, headings: r.headings ?? null })),
    keywordData: null,
    sitePages: [],
    gatheredAt: "2026-11-20T08:00:00.000Z",
  };
}

describe("the terms the top results share", () => {
  it("keeps phrases found in two or more results' titles and headings, less stop words and the keyword's own words", () => {
    const terms = sharedTerms(
      snapshot([
        { title: "How to Store Coffee Beans", headings: ["Use an airtight container", "The freezer"] },
        { title: "Storing coffee: airtight containers and the freezer", headings: ["Roast date"] },
        { title: "Coffee beans guide", headings: ["Check the roast date", "Grinders"] },
      ]),
    );
    // "airtight" alone is inside "airtight container" as often; "grinders" is in one result only; "coffee beans" is the keyword.
    expect(terms).toEqual(["airtight container", "roast date", "freezer"]);
  });

  it("reads the research fixture: what the top results for 'how to store coffee beans' share", () => {
    const basis = researchBasis(research)!;
    expect(basis.terms).toEqual(
      expect.arrayContaining(["freezer", "airtight container", "roast date", "vacuum canister", "fridge", "heat", "light"]),
    );
    expect(basis.terms.join(" ")).not.toMatch(/\b(how|the|guide|coffee|beans|keep)\b/);
    expect(basis.entities).toEqual(["Northwind Airtight Canister", "House Blend"]);
    expect(basis.questions).toHaveLength(5);
    expect(basis.claims).toHaveLength(2);
    expect(basis.results).toBe(8);
  });

  it("counts the ledger's claims and the facts the research handed the writer as sources", () => {
    const facts = [
      { text: "Whole beans keep for about a month after the roast date.", source: { url: "https://x.example/", title: "X", kind: "web" } },
    ];
    const basis = researchBasis({ snapshot: { ...research.snapshot, facts } as ResearchSnapshot, sources: research.sources })!;
    expect(basis.claims).toEqual([...research.sources.flatMap((s) => s.claims), facts[0]!.text]);
  });

  it("tells whether the research was gathered for the article's topic", () => {
    expect(sameTopic("store coffee beans", "how to store coffee beans")).toBe(true);
    expect(sameTopic("How to store coffee beans", "how to  store coffee beans")).toBe(true);
    expect(sameTopic("coffee canister", "how to store coffee beans")).toBe(false);
  });

  it("has nothing to measure against without research", () => {
    expect(researchBasis(null)).toBeNull();
  });
});

describe("the terms of the shared research fixtures", () => {
  it("are the topic's own words, not the keyword's or the result pages' furniture", () => {
    expect(sharedTerms(fixtureSnapshot(RESEARCH_FIXTURES.coffee, "how to store coffee beans"))).toEqual([
      "opaque container",
      "airtight",
      "canisters",
      "valve",
      "roast date",
      "freeze",
      "fridge",
      "fresh",
      "heat",
      "light",
      "moisture",
      "glass jar",
    ]);
    expect(sharedTerms(fixtureSnapshot(RESEARCH_FIXTURES.pottery, "how to glaze pottery at home"))).toEqual(
      expect.arrayContaining(["kiln", "wax", "foot ring", "bisque fire", "food safe"]),
    );
    for (const fixture of Object.values(RESEARCH_FIXTURES))
      for (const raw of fixture.serps) {
        const keyword = (raw as { keyword: string }).keyword;
        const terms = sharedTerms(fixtureSnapshot(fixture, keyword)).join("; ");
        expect(terms, keyword).not.toMatch(
          /\b(learned|takeaways|bottom line|related|beginner|buyer|reviewed|shop online|actually|right way)\b/,
        );
      }
  });

  it("tell the offline filler from the demo's hand-written article against the coffee fixture's results", () => {
    const snapshot = fixtureSnapshot(RESEARCH_FIXTURES.coffee, "how to store coffee beans");
    const basis = researchBasis({ snapshot, sources: [] })!;
    const filler = topicCoverage(fillerStoring.html, fillerStoring.title, fillerStoring.keyword, basis);
    const demo = topicCoverage(markdownToHtml(demoStoring.markdown), demoStoring.title, demoStoring.keyword, basis);
    // Figures for the report: of 12 terms and 4 questions, the filler covers none and the hand-written article all but one question.
    expect([filler.covered, filler.total]).toEqual([0, 16]);
    expect([demo.covered, demo.total]).toEqual([15, 16]);
    expect(demo.missing.questions).toEqual(["Do coffee canisters with a valve work?"]);
  });
});

describe("topic coverage", () => {
  const basis = {
    terms: ["airtight container", "freezer"],
    entities: ["Cold Brew Kit"],
    questions: ["Can you freeze coffee beans?"],
    claims: [],
    results: 2,
    keyword: "store coffee beans",
  };

  it("covers a term when one sentence or heading holds all its words, stemmed", () => {
    const found = topicCoverage(
      "<p>Keep them in airtight, opaque containers. The kit is great.</p>",
      "Storing beans",
      "store coffee beans",
      basis,
    );
    expect(found).toMatchObject({ covered: 1, total: 4 });
    expect(found.missing).toEqual({ terms: ["freezer"], entities: ["Cold Brew Kit"], questions: ["Can you freeze coffee beans?"] });
    const full = topicCoverage(
      "<h2>Freezing beans</h2><p>The freezer works for months. Our Cold Brew Kit ships with an airtight container.</p>",
      "Storing beans",
      "store coffee beans",
      basis,
    );
    expect(full).toMatchObject({ covered: 4, total: 4, share: 1 });
  });

  it("tells today's offline filler from the demo's hand-written article on the same keyword", () => {
    const basis = researchBasis(research)!;
    const filler = topicCoverage(fillerStoring.html, fillerStoring.title, fillerStoring.keyword, basis);
    const demo = topicCoverage(markdownToHtml(demoStoring.markdown), demoStoring.title, demoStoring.keyword, basis);
    // Figures for the report: the filler covers 2 of 19 (11%), the hand-written article 17 of 19 (89%, its shop's products aside).
    expect([filler.covered, filler.total]).toEqual([2, 19]);
    expect(filler.missing.terms).toEqual(expect.arrayContaining(["freezer", "airtight container", "roast date", "fridge"]));
    expect(filler.missing.questions).toContain("Can you freeze coffee beans?");
    expect(filler.share).toBeLessThan(COVERAGE_MIN);
    expect([demo.covered, demo.total]).toEqual([17, 19]);
    expect(demo.missing).toEqual({ terms: [], entities: ["Northwind Airtight Canister", "House Blend"], questions: [] });
    expect(demo.share).toBeGreaterThanOrEqual(COVERAGE_MIN);
  });
});
