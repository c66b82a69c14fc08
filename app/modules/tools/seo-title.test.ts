import { expect, test } from "vitest";
import { TRUNCATION_WARNING, lengthTone, scoreSeoTitle, scoreTone } from "./seo-title";

test("a title meeting every rule scores 100", () => {
  // 54 characters, keyword first, power word "proven", a number, brand suffix.
  const title = "Email Marketing: 7 Proven Tips for More Sales | Acme";
  const s = scoreSeoTitle(title, "email marketing", "Acme");
  expect(s.length).toBe(title.length);
  expect(s.checks.map((c) => [c.rule, c.points])).toEqual([
    ["Length", title.length >= 50 && title.length <= 60 ? 30 : 20],
    ["Keyword position", 25],
    ["Power word", 15],
    ["Number", 15],
    ["Brand suffix", 15],
  ]);
  expect(s.warning).toBeNull();
});

test("length points: 50-60 ideal, 40-49 and 61-70 partial, otherwise none", () => {
  const points = (n: number) => scoreSeoTitle("x".repeat(n), "kw").checks.find((c) => c.rule === "Length")!.points;
  expect([30, 39, 40, 49, 50, 60, 61, 70, 71].map(points)).toEqual([0, 0, 20, 20, 30, 30, 10, 10, 0]);
});

test("keyword position: start 25, first half 15, later 5, missing 0", () => {
  const pos = (title: string) => scoreSeoTitle(title, "crm").checks.find((c) => c.rule === "Keyword position")!.points;
  expect(pos("CRM guide for small teams and founders")).toBe(25);
  expect(pos("The best CRM guide for small teams and founders")).toBe(15);
  expect(pos("A guide for small teams and founders about CRM")).toBe(5);
  expect(pos("A guide for small teams and founders")).toBe(0);
});

test("without a brand the brand rule is left out and the score is the share of 85 points", () => {
  // 29 characters (0), keyword at start (25), power word (15), no number (0): 40 / 85 = 47.
  const s = scoreSeoTitle("CRM Software: Complete Guide", "crm software");
  expect(s.checks.map((c) => c.rule)).not.toContain("Brand suffix");
  expect(s.score).toBe(Math.round((40 / 85) * 100));
});

test("power words match whole words only", () => {
  const power = (t: string) => scoreSeoTitle(t, "x").checks.find((c) => c.rule === "Power word")!.points;
  expect(power("The Best Guide")).toBe(15);
  expect(power("Bestseller list")).toBe(0);
});

test("titles over 60 characters carry the truncation warning; colours follow the spec", () => {
  expect(scoreSeoTitle("x".repeat(61), "x").warning).toBe(TRUNCATION_WARNING);
  expect(TRUNCATION_WARNING).toBe("May be truncated in search results");
  expect([60, 61, 70, 71].map(lengthTone)).toEqual(["good", "warn", "warn", "bad"]);
  expect([90, 89, 80, 79].map(scoreTone)).toEqual(["good", "warn", "warn", "bad"]);
});
