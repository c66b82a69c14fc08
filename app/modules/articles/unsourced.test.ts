import { describe, expect, it } from "vitest";
import { DEMO_ARTICLES } from "#app/modules/demo/articles";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import { articleBlocks } from "./content-checks";
import { markdownToHtml } from "./markdown";
import { unsourcedFinding } from "./score/checks/unsourced";
import { longSentences } from "./specificity";
import { factKind, unsourcedFacts } from "./unsourced";

describe("checkable facts", () => {
  it("finds percentages, statistics, studies, dates and measured figures", () => {
    expect(factKind("About 40% of coffee drinkers buy whole beans.")).toBe("percentage");
    expect(factKind("Sales grew to 3 million bags last year in Europe.")).toBe("statistic");
    expect(factKind("Ground coffee goes stale 4 times faster than whole beans.")).toBe("statistic");
    expect(factKind("Studies show that light breaks down aroma compounds.")).toBe("study");
    expect(factKind("According to the National Coffee Association, air is the first enemy.")).toBe("study");
    expect(factKind("The first espresso machine was patented in 1884 in Turin.")).toBe("year");
    expect(factKind("Frozen beans keep most of their flavour for two to three months.")).toBe("figure");
    expect(factKind("Espresso is brewed at around nine bar of pressure.")).toBe("figure");
  });

  it("does not ask a source of instructions, short table cells or plain sentences", () => {
    expect(factKind("Use 18 g of coffee to 300 g of water.")).toBeNull();
    expect(factKind("For a small jar, use 50 g of coffee and 400 g of water.")).toBeNull();
    expect(factKind("Then, pour 50 g of water and wait 30 seconds.")).toBeNull();
    expect(factKind("Still sour: let the shot run longer, to about 40 g.")).toBeNull();
    expect(factKind("Up to 7 days")).toBeNull();
    expect(factKind("Descale according to your water hardness.")).toBeNull();
    expect(factKind("A clear routine removes small decisions from your week.")).toBeNull();
  });

  it("counts a fact as sourced with a link in its sentence or paragraph, or a claim of the ledger", () => {
    const html = [
      `<p>About 40% of drinkers buy whole beans (<a href="https://ncausa.org/report">NCA</a>). Ground coffee goes stale 4 times faster.</p>`,
      "<p>The Northwind Airtight Canister holds 500 g of whole beans and keeps out light.</p>",
      "<p>Frozen beans keep most of their flavour for two to three months.</p>",
      "<p>A decent burr grinder costs about $120 in most shops.</p>",
    ].join("");
    const found = unsourcedFacts(html, ["The Northwind Airtight Canister holds 500 g of whole beans."]);
    expect(found).toMatchObject({ facts: 5, sourced: 3 });
    expect(found.unsourced).toEqual([
      { sentence: "Frozen beans keep most of their flavour for two to three months.", kind: "figure" },
      { sentence: "A decent burr grinder costs about $120 in most shops.", kind: "statistic" },
    ]);
    // A claim with other figures does not back the sentence.
    expect(unsourcedFacts(html, ["The canister holds 250 g of whole beans."]).sourced).toBe(2);
  });

  it("keeps a decimal inside its sentence", () => {
    const found = unsourcedFacts("<p>That is a ratio of about 1 to 16.7, close to 60 g per litre for most people.</p>");
    expect(found.unsourced.map((f) => f.sentence)).toEqual([
      "That is a ratio of about 1 to 16.7, close to 60 g per litre for most people.",
    ]);
  });
});

describe("the unsourced-facts check", () => {
  const check = (html: string, claims: string[] = []) => unsourcedFinding(html, claims, longSentences(articleBlocks(html)).length);

  it("fails when unsourced facts pass a tenth of the sentences, or three claims readers check first have none", () => {
    const plain = Array.from({ length: 20 }, (_, i) => `Sentence ${i} about grinding and brewing coffee beans at home.`).join(" ");
    const figures = Array.from({ length: 4 }, (_, i) => `Beans stay fresh for ${i + 2} weeks in a sealed bag.`).join(" ");
    const failed = check(`<p>${plain}</p><p>${figures}</p>`);
    expect(failed.passed).toBe(false);
    expect(failed.detail).toMatch(/^4 of 4 figures and findings it states have no source/);
    expect(failed.examples).toHaveLength(3);
    expect(failed.fix).toContain("Link each one");
    const fine = check(`<p>${plain} ${plain}</p><p>${figures}</p>`);
    expect(fine.passed).toBe(true);
    expect(fine.examples).toHaveLength(3);
    const strong = check(
      `<p>${plain} ${plain}</p><p>About 40% of drinkers buy whole beans. Sales reached 3 million bags in Europe. Studies show that light harms the aroma.</p>`,
    );
    expect(strong.passed).toBe(false);
    expect(check(`<p>${plain}</p>`)).toMatchObject({ passed: true, detail: expect.stringContaining("states no figure") });
  });

  it("does not flag the demo's hand-written articles unfairly, and the offline filler states almost nothing", () => {
    // Figures for the report: [facts, unsourced, sentences] of each hand-written article.
    const figures = Object.fromEntries(
      DEMO_ARTICLES.map((a) => {
        const html = markdownToHtml(a.markdown);
        const found = unsourcedFacts(html);
        expect(check(html).passed, a.title).toBe(true);
        return [a.slug, [found.facts, found.unsourced.length, longSentences(articleBlocks(html)).length]];
      }),
    );
    expect(figures).toEqual({
      "how-to-brew-pour-over-coffee": [4, 3, 97],
      "cold-brew-coffee-at-home": [2, 2, 98],
      "coffee-grind-size-guide": [3, 3, 90],
      "ethiopian-coffee-regions-and-flavour": [2, 1, 91],
      "espresso-at-home-for-beginners": [6, 6, 95],
      "french-press-coffee-guide": [2, 2, 88],
      "is-a-coffee-subscription-worth-it": [8, 7, 91],
      "how-to-store-coffee-beans": [4, 4, 93],
    });
    expect(unsourcedFacts(fillerStoring.html).facts).toBe(0);
  });
});
