import { describe, expect, it } from "vitest";
import { audienceOf, pagePhrase, pickSuggestions, type PlanSource, suggestionStream, titleForKeyword } from "./offline-planner";
import { CONFLICT_THRESHOLD, lexicalSimilarity } from "./similarity";

const coffee: PlanSource = {
  brand: {
    name: "Northwind Coffee",
    description: "Fresh roasted coffee",
    audience: "Home baristas",
    industry: "Food & Beverage",
    tags: ["coffee", "cold brew", "latte art", "espresso"],
  },
  pages: [
    "https://northwind.test/products/cold-brew-kit",
    "https://northwind.test/products/ethiopian-yirgacheffe",
    "https://northwind.test/brewing-guides",
    "https://northwind.test/about",
  ],
  topics: [
    { id: "t1", name: "Brewing methods", keywords: ["pour over", "french press", "aeropress recipe"] },
    { id: "t2", name: "Coffee origins", keywords: ["single origin coffee"] },
  ],
  articles: [
    { id: "a1", title: "How to Make Cold Brew at Home", keyword: "how to make cold brew" },
    { id: "a2", title: "Pour Over Basics", keyword: "pour over" },
  ],
};

const pottery: PlanSource = {
  brand: { name: "Clay Corner", description: "Pottery classes", audience: "", industry: "Arts & Crafts", tags: ["pottery", "glazing"] },
  pages: ["https://clay.test/classes/wheel-throwing", "https://clay.test/shop/stoneware-clay"],
  topics: [],
  articles: [],
};

describe("pagePhrase", () => {
  it("reads a phrase from the last path segment and knows product pages", () => {
    expect(pagePhrase("https://x.test/products/cold-brew-kit.html")).toEqual({
      phrase: "cold brew kit",
      product: true,
      path: "/products/cold-brew-kit.html",
    });
    expect(pagePhrase("https://x.test/guides/latte_art")).toMatchObject({ phrase: "latte art", product: false });
  });
  it("skips generic, numeric and unreadable pages", () => {
    expect(pagePhrase("https://x.test/about")).toBeNull();
    expect(pagePhrase("https://x.test/products/")).toBeNull();
    expect(pagePhrase("https://x.test/p/12345")).toBeNull();
    expect(pagePhrase("not a url")).toBeNull();
  });
});

describe("the offline planner", () => {
  it("plans up to the count from the site's own data, each with its evidence", () => {
    const picks = pickSuggestions(coffee, { count: 30 });
    expect(picks.length).toBeGreaterThanOrEqual(25);
    expect(picks.length).toBeLessThanOrEqual(30);
    expect(new Set(picks.map((p) => p.keyword)).size).toBe(picks.length);
    for (const p of picks) {
      expect(p.rationale).toMatch(/your (product page|page|topic|brand)/i);
      expect(p.title.length).toBeGreaterThan(p.keyword.length - 5);
    }
    const kinds = new Set(picks.map((p) => p.evidenceKind));
    expect([...kinds].sort()).toEqual(["brand", "gap", "page", "product", "topic"]);
    expect(picks.find((p) => p.evidenceRef === "https://northwind.test/products/cold-brew-kit")?.rationale).toContain(
      "/products/cold-brew-kit",
    );
    expect(picks.find((p) => p.keyword === "french press")).toMatchObject({ topicId: "t1", evidenceKind: "topic" });
    expect(new Set(picks.map((p) => p.intent)).size).toBeGreaterThanOrEqual(3);
  });

  it("never plans a keyword that competes with an article, nor two that compete with each other", () => {
    const picks = pickSuggestions(coffee, { count: 30 });
    expect(picks.map((p) => p.keyword)).not.toContain("pour over");
    for (const [i, p] of picks.entries()) {
      for (const a of coffee.articles)
        expect(lexicalSimilarity(p, { keyword: a.keyword, title: a.title, intent: "informational" })).toBeLessThan(CONFLICT_THRESHOLD);
      for (const q of picks.slice(i + 1)) expect(lexicalSimilarity(p, q)).toBeLessThan(CONFLICT_THRESHOLD);
    }
  });

  it("varies neighbouring days: consecutive picks come from different sources", () => {
    const picks = pickSuggestions(coffee, { count: 6 });
    for (let i = 1; i < picks.length; i += 1) expect(picks[i]!.evidenceRef).not.toBe(picks[i - 1]!.evidenceRef);
  });

  it("is deterministic, and a regenerated plan prefers keywords the old one did not have", () => {
    const first = pickSuggestions(pottery, { count: 5 });
    expect(pickSuggestions(pottery, { count: 5 })).toEqual(first);
    const second = pickSuggestions(pottery, { count: 5, avoid: first.map((p) => p.keyword) });
    expect(second.filter((p) => first.some((f) => f.keyword === p.keyword))).toEqual([]);
  });

  it("derives a different plan from different data (nothing canned)", () => {
    const a = pickSuggestions(coffee, { count: 10 }).map((p) => p.keyword);
    const b = pickSuggestions(pottery, { count: 10 }).map((p) => p.keyword);
    expect(a.filter((k) => b.includes(k))).toEqual([]);
    expect(b.some((k) => k.includes("stoneware clay"))).toBe(true);
    expect(b.some((k) => k.includes("wheel throwing"))).toBe(true);
  });

  it("falls back to the industry when there are no tags, and yields nothing from nothing", () => {
    const bare = {
      brand: { name: "", description: "", audience: "", industry: "Gardening", tags: [] },
      pages: [],
      topics: [],
      articles: [],
    };
    expect(suggestionStream(bare).map((s) => s.keyword)[0]).toBe("what is gardening");
    expect(pickSuggestions({ ...bare, brand: { ...bare.brand, industry: "" } }, { count: 30 })).toEqual([]);
  });
});

describe("titles", () => {
  it("writes a working title from the keyword's shape", () => {
    expect(titleForKeyword("how to descale a kettle")).toBe("How to Descale a Kettle: A Step-by-Step Guide");
    expect(titleForKeyword("cold brew ratio", { audience: "home baristas" })).toBe("Cold Brew Ratio: A Practical Guide for Home Baristas");
  });
  it("keeps a short plural audience only", () => {
    expect(audienceOf("Home baristas")).toBe("home baristas");
    expect(audienceOf("People who love coffee and want to brew it better at home")).toBe("");
  });
});
