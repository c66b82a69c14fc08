import { describe, expect, it } from "vitest";
import { DEMO_ARTICLES } from "#app/modules/demo/articles";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import type { LedgerEntry, ResearchSnapshot } from "#app/modules/research/types";
import { fixtureSnapshot } from "#tests/fixtures/articles/fixture-snapshot";
import goodGlazing from "#tests/fixtures/articles/good-how-to-glaze-pottery-at-home.json";
import fillerGlazing from "#tests/fixtures/articles/offline-filler-how-to-glaze-pottery-at-home.json";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import storingResearch from "#tests/fixtures/articles/research-how-to-store-coffee-beans.json";
import { researchBasis } from "./coverage";
import { markdownToHtml } from "./markdown";
import { scoreArticle, type SeoInput } from "./seo";

/** The SEO panel's checks against the article's research: topic coverage and facts without a source, in the score. */

const basis = researchBasis(storingResearch as unknown as { snapshot: ResearchSnapshot; sources: LedgerEntry[] })!;
const filler = fillerStoring as SeoInput;
const check = (result: ReturnType<typeof scoreArticle>, id: string) => result.checks.find((c) => c.id === id);
const demo = DEMO_ARTICLES.find((a) => a.slug === "how-to-store-coffee-beans")!;
// The hand-written article as the demo stores it: the roaster's site, its links to its own posts and shop, an image.
const grounded: SeoInput = {
  ...filler,
  title: demo.title,
  keyword: demo.keyword,
  metaDescription: demo.metaDescription,
  html: `${markdownToHtml(demo.markdown)}<figure><img src="/beans.png" alt="Beans in an airtight canister" /></figure>`,
  internalLinksWanted: "few",
  externalLinksWanted: "none",
};

describe("topic coverage in the score", () => {
  it("holds today's offline filler further below 'Good', listing what the top results cover and it misses", () => {
    const without = scoreArticle(filler);
    const result = scoreArticle({ ...filler, research: basis });
    const coverage = check(result, "coverage")!;
    expect(coverage.passed).toBe(false);
    expect(coverage.weight).toBe(15);
    expect(coverage.detail).toMatch(/^It covers 2 of 19 topics \(11%\) that the top 8 search results cover/);
    expect(coverage.detail).toContain("Until this is fixed the score stays below 80.");
    expect(coverage.examples![0]).toMatch(/^Missing terms: “freezer”, “fresh”, “airtight container”/);
    expect(coverage.examples).toContain("Missing products: “Northwind Airtight Canister”");
    expect(coverage.examples).toContain("Unanswered: “Can you freeze coffee beans?”");
    expect(coverage.examples!.at(-1)).toBe("Covered: “House Blend”");
    expect(coverage.fix).toBeDefined();
    // Figures for the report: 77 'Needs work' before (79 before the judge's substance checks), lower with its research.
    expect(without.score).toBe(77);
    expect(result.score).toBeLessThan(without.score);
    expect(result.verdict.id).not.toBe("good");
    // Even with every link the settings ask for, it stays below 'Good'.
    expect(scoreArticle({ ...filler, research: basis, internalLinksWanted: "none", externalLinksWanted: "none" }).verdict.id).toBe(
      "needs-work",
    );
  });

  it("lets a well-grounded article reach 'Good'", () => {
    const result = scoreArticle({ ...grounded, research: basis });
    expect(check(result, "coverage")).toMatchObject({ passed: true, detail: expect.stringMatching(/^It covers 17 of 19 topics \(89%\)/) });
    expect(check(result, "unsourced")?.passed).toBe(true);
    expect(result.verdict.id, `${result.score}: ${result.checks.filter((c) => !c.passed).map((c) => c.id)}`).toBe("good");
  });

  it("against the pottery fixture's results: the good glazing article keeps 100, the offline filler drops from 65 to 62", () => {
    const pottery = researchBasis({ snapshot: fixtureSnapshot(RESEARCH_FIXTURES.pottery, "how to glaze pottery at home"), sources: [] })!;
    const good = scoreArticle({ ...(goodGlazing as SeoInput), research: pottery });
    expect(check(good, "coverage")?.detail).toMatch(/^It covers 14 of 15 topics \(93%\) that the top 10 search results cover/);
    expect(good.score).toBe(100);
    const filler = scoreArticle({ ...(fillerGlazing as SeoInput), research: pottery });
    expect(check(filler, "coverage")?.detail).toMatch(/^It covers 1 of 15 topics \(7%\)/);
    expect([scoreArticle(fillerGlazing as SeoInput).score, filler.score]).toEqual([65, 62]);
  });

  it("does not score coverage for an article without research: it says so and the score is unchanged", () => {
    const none = scoreArticle({ ...grounded, research: null });
    const coverage = check(none, "coverage")!;
    expect(coverage).toMatchObject({ passed: true, counted: false, weight: 0 });
    expect(coverage.detail).toContain("There is no research for this article to measure against");
    expect(none.score).toBe(scoreArticle({ ...grounded, research: undefined }).score);
    expect(check(scoreArticle(grounded), "coverage")).toBeUndefined();
    // Research for another keyword (the customer retargeted the article) is no measure of it.
    const retargeted = check(scoreArticle({ ...filler, keyword: "coffee canister", research: basis }), "coverage")!;
    expect(retargeted).toMatchObject({ counted: false, weight: 0 });
    expect(retargeted.detail).toContain("Its research was gathered for “how to store coffee beans”, not for its keyword “coffee canister”");
    // Research without search results (no research service): the site's products alone are no target.
    const siteOnly = check(scoreArticle({ ...filler, research: { ...basis, terms: [], questions: [], results: 0 } }), "coverage")!;
    expect(siteOnly).toMatchObject({ counted: false, weight: 0 });
    expect(siteOnly.detail).toContain("Its research has no search results to measure against");
    // An empty draft with no research still says why coverage is not scored.
    expect(check(scoreArticle({ ...grounded, html: "", research: null }), "coverage")?.detail).toContain("no research");
    expect(check(scoreArticle({ ...grounded, html: "", research: basis }), "coverage")).toMatchObject({
      passed: false,
      detail: "There is no text to check yet: write the article first.",
    });
  });
});

describe("facts without a source in the score", () => {
  it("lists unsourced figures with examples, and the ledger's claims count as sources", () => {
    const html = `${grounded.html}<p>Coffee's greatest enemies are air, moisture, heat and light, 100% of roasters agree.</p>`;
    const plain = check(scoreArticle({ ...grounded, html }), "unsourced")!;
    expect(plain.examples![0]).toBe(
      "“Coffee's greatest enemies are air, moisture, heat and light, 100% of roasters agree.” (a percentage)",
    );
    expect(plain.detail).toMatch(/^5 of 5 figures and findings it states have no source/);
    const claimed = check(
      scoreArticle({
        ...grounded,
        html,
        research: { ...basis, claims: ["100% of roasters agree that air, moisture, heat and light are the enemies."] },
      }),
      "unsourced",
    )!;
    expect(claimed.detail).toMatch(/^4 of 5 figures/);
  });

  it("fails an article that states figures nobody can check, and costs it points", () => {
    const figures = [
      "Beans lose 60% of their aroma within 15 days of roasting.",
      "A 2019 study found that frozen beans keep 95% of their flavour.",
      "Sales of vacuum canisters grew 3 times faster than bags in 2023.",
    ];
    const result = scoreArticle({ ...grounded, html: `${grounded.html}<p>${figures.join(" ")}</p>` });
    const unsourced = check(result, "unsourced")!;
    expect(unsourced).toMatchObject({ passed: false, weight: 10 });
    expect(unsourced.examples).toHaveLength(3);
    expect(result.score).toBeLessThan(scoreArticle(grounded).score);
  });
});
