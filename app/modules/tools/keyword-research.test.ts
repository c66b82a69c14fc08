import { expect, test } from "vitest";
import { INTENTS, classifyIntent, groupByIntent, keywordIdeas } from "./keyword-research";

test("intent comes from the wording", () => {
  expect(classifyIntent("what is email marketing")).toBe("informational");
  expect(classifyIntent("email marketing tips")).toBe("informational");
  expect(classifyIntent("best email marketing software")).toBe("commercial");
  expect(classifyIntent("mailchimp vs brevo")).toBe("commercial");
  expect(classifyIntent("email marketing price")).toBe("transactional");
  expect(classifyIntent("how much does email marketing cost")).toBe("transactional");
  expect(classifyIntent("buy standing desk online")).toBe("transactional");
  expect(classifyIntent("mailchimp login")).toBe("navigational");
  expect(classifyIntent("bakery near me")).toBe("navigational");
});

test("ideas mix modifiers, questions and long-tail phrases without duplicates", () => {
  const ideas = keywordIdeas("  Standing Desk ", ["standing desk reviews", "Standing desk for tall people", "  "]);
  const keywords = ideas.map((i) => i.keyword);
  expect(new Set(keywords).size).toBe(keywords.length);
  expect(keywords[0]).toBe("standing desk");
  expect(keywords).toContain("best standing desk");
  expect(keywords).toContain("what is standing desk");
  expect(keywords).toContain("standing desk for beginners");
  expect(ideas.filter((i) => i.source === "question").length).toBeGreaterThanOrEqual(6);
  expect(ideas.filter((i) => i.source === "long-tail").length).toBeGreaterThanOrEqual(6);
  // An AI idea already produced by a pattern is kept once, under its first source.
  expect(ideas.find((i) => i.keyword === "standing desk reviews")?.source).toBe("modifier");
  expect(ideas.find((i) => i.keyword === "standing desk for tall people")?.source).toBe("ai");
  // No figures of any kind on an idea.
  expect(Object.keys(ideas[0]!).sort()).toEqual(["intent", "keyword", "source"]);
});

test("grouping keeps the intent order and every idea once", () => {
  const ideas = keywordIdeas("email marketing");
  const groups = groupByIntent(ideas);
  expect(groups.map((g) => g.intent)).toEqual(INTENTS.filter((i) => ideas.some((idea) => idea.intent === i)));
  expect(groups.map((g) => g.intent)).toEqual(["informational", "commercial", "transactional", "navigational"]);
  expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(ideas.length);
  for (const g of groups) expect(g.items.every((i) => i.intent === g.intent)).toBe(true);
});
