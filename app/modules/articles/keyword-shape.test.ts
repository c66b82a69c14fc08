import { describe, expect, it } from "vitest";
import { gerund, isPluralPhrase, keywordShape } from "./keyword-shape";

describe("keywordShape", () => {
  it.each([
    ["how to glaze pottery at home", "how-to", "glazing pottery at home", "How to Glaze Pottery at Home"],
    ["how do I glaze pottery", "question", "glazing pottery", "How Do I Glaze Pottery?"],
    ["how can I make my website faster", "question", "making your website faster", "How Can I Make My Website Faster?"],
    ["what is content marketing", "question", "content marketing", "What Is Content Marketing?"],
    ["is pottery worth it", "question", "pottery", "Is Pottery Worth It?"],
    ["why is my sourdough flat", "question", null, "Why Is My Sourdough Flat?"],
    ["Content marketing", "topic", "content marketing", "Content Marketing"],
    ["vegan recipes", "topic", "vegan recipes", "Vegan Recipes"],
    ["Shopify SEO", "brand", "Shopify SEO", "Shopify SEO"],
    ["iPhone photography", "brand", "iPhone photography", "iPhone Photography"],
  ])("%s → %s, about %s", (keyword, kind, topic, headline) => {
    const shape = keywordShape(keyword);
    expect(shape).toMatchObject({ kind, topic, headline });
  });

  it("knows the site's own brand even in lower case, and audiences and plurals", () => {
    expect(keywordShape("claybench classes", { brandNames: ["Claybench"] }).kind).toBe("brand");
    expect(keywordShape("pottery for beginners")).toMatchObject({ core: "pottery", audience: "beginners", plural: false });
    expect(keywordShape("best running shoes for flat feet")).toMatchObject({ core: "running shoes", audience: "flat feet", plural: true });
    expect(["news", "analytics", "fitness", "vegan recipes", "sales"].map(isPluralPhrase)).toEqual([false, false, false, true, true]);
  });

  it("makes gerunds", () => {
    expect(["glaze", "get", "start", "plan", "tie", "visit", "be", "fix"].map(gerund)).toEqual([
      "glazing",
      "getting",
      "starting",
      "planning",
      "tying",
      "visiting",
      "being",
      "fixing",
    ]);
  });
});
