import { describe, expect, it } from "vitest";
import { DEMO_ARTICLES } from "#app/modules/demo/articles";
import fillerStoring from "#tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json";
import { articleBlocks } from "./content-checks";
import { markdownToHtml } from "./markdown";
import { specificity, SPECIFICITY_MAX_OFF_TOPIC, stem, topicTerms } from "./specificity";

describe("stemming", () => {
  it("matches plurals and common endings", () => {
    for (const [a, b] of [
      ["beans", "bean"],
      ["storing", "store"],
      ["storage", "stores"],
      ["brewed", "brew"],
      ["grinders", "grinder"],
      ["stopped", "stop"],
      ["berries", "berry"],
      ["coffee's", "coffee"],
    ])
      expect(stem(a!), `${a} ~ ${b}`).toBe(stem(b!));
    expect(stem("bean")).not.toBe(stem("brew"));
    expect(stem("glass")).toBe("glass");
  });

  it("takes the topic's terms from the keyword, the title and the headings, less stop and scaffolding words", () => {
    expect([
      ...topicTerms("how to store coffee beans", "How to Store Coffee Beans: A Practical Guide", ["What You Gain", "The freezer"]),
    ]).toEqual([stem("store"), stem("coffee"), stem("beans"), stem("freezer")]);
  });
});

describe("specificity", () => {
  const blocks = (...paragraphs: string[]) => articleBlocks(paragraphs.map((p) => `<p>${p}</p>`).join(""));

  it("counts sentences of five or more words that name no topic term, with up to three examples", () => {
    const found = specificity(
      blocks(
        "Store the beans in an airtight jar. Keep them away from light. A clear routine removes dozens of small decisions. Yes, really.",
        "Small improvements add up over a few months. Consistency matters more than anything else here. Most advice is too vague to act on.",
      ),
      "how to store coffee beans",
      "How to Store Coffee Beans",
    );
    // "Keep them away from light." has five words and no term; "Yes, really." is too short to judge.
    expect(found).toMatchObject({ sentences: 6, offTopic: 5 });
    expect(found.examples).toEqual([
      "Keep them away from light.",
      "A clear routine removes dozens of small decisions.",
      "Small improvements add up over a few months.",
    ]);
  });

  it("tells today's offline filler from the demo's hand-written articles", () => {
    const filler = specificity(articleBlocks(fillerStoring.html), fillerStoring.keyword, fillerStoring.title);
    expect(filler.share).toBeGreaterThan(0.8);
    for (const article of DEMO_ARTICLES) {
      const found = specificity(articleBlocks(markdownToHtml(article.markdown)), article.keyword, article.title);
      expect(found.share, article.title).toBeLessThan(SPECIFICITY_MAX_OFF_TOPIC - 0.1);
    }
  });
});
