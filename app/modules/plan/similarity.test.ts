import { describe, expect, it } from "vitest";
import {
  closestConflict,
  combinedSimilarity,
  CONFLICT_THRESHOLD,
  cosine,
  EMBEDDING_THRESHOLD,
  jaccard,
  lexicalSimilarity,
  stem,
  tokens,
} from "./similarity";

describe("stem", () => {
  it("equates plural and verb forms", () => {
    expect(["brewing", "brews", "brewed", "brew"].map(stem)).toEqual(["brew", "brew", "brew", "brew"]);
    expect(stem("making")).toBe(stem("make"));
    expect(stem("recipes")).toBe(stem("recipe"));
    expect(stem("berries")).toBe("berry");
    expect(stem("grass")).toBe("gras");
  });
});

describe("tokens and jaccard", () => {
  it("drops stop words and punctuation, keeps stems", () => {
    expect([...tokens("How to Brew the Best Cold-Brew Coffee?")]).toEqual(["brew", "cold", "coffe"]);
  });
  it("measures overlap of two sets", () => {
    expect(jaccard(new Set(["a", "b"]), new Set(["b", "c"]))).toBeCloseTo(1 / 3);
    expect(jaccard(new Set(), new Set())).toBe(0);
  });
});

describe("lexicalSimilarity", () => {
  const item = (keyword: string, title = "", intent = "informational") => ({ keyword, title, intent });
  it("is 1 for the same keyword in other words order or forms", () => {
    expect(lexicalSimilarity(item("cold brew coffee"), item("Coffee cold-brewing"))).toBe(1);
  });
  it("flags near duplicates and not neighbours", () => {
    const a = item("cold brew coffee ratio", "Cold Brew Coffee Ratio: The Numbers");
    expect(lexicalSimilarity(a, item("cold brew ratio", "What Cold Brew Ratio to Use"))).toBeGreaterThanOrEqual(CONFLICT_THRESHOLD);
    expect(lexicalSimilarity(a, item("espresso grinder", "Choosing an Espresso Grinder"))).toBeLessThanOrEqual(0.1);
    expect(lexicalSimilarity(item("how to make cold brew"), item("cold brew coffee recipe"))).toBeLessThan(CONFLICT_THRESHOLD);
  });
  it("weighs the same intent a little", () => {
    const base = lexicalSimilarity(item("pour over kettle", "", "commercial"), item("pour over filters", "", "commercial"));
    const other = lexicalSimilarity(item("pour over kettle", "", "commercial"), item("pour over filters", "", "informational"));
    expect(base - other).toBeCloseTo(0.1);
  });
});

describe("closestConflict", () => {
  it("returns the most similar candidate over the threshold, or null", () => {
    const candidates = [
      { keyword: "french press kettle", title: "", intent: "informational", ref: "a" },
      { keyword: "french press", title: "", intent: "informational", ref: "b" },
    ];
    expect(closestConflict({ keyword: "french presses", title: "", intent: "informational" }, candidates)).toEqual({ ref: "b", score: 1 });
    expect(closestConflict({ keyword: "latte art", title: "", intent: "informational" }, candidates)).toBeNull();
  });
});

describe("embeddings", () => {
  it("computes the cosine, and raises the score only for a very close pair", () => {
    expect(cosine([1, 0], [1, 0])).toBe(1);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([], [1])).toBe(0);
    expect(combinedSimilarity(0.2, { a: [1, 0], b: [1, 0.1] })).toBeGreaterThan(EMBEDDING_THRESHOLD);
    expect(combinedSimilarity(0.2, { a: [1, 0], b: [1, 1] })).toBe(0.2);
    expect(combinedSimilarity(0.2)).toBe(0.2);
  });
});
