/**
 * SEO title scoring from stated rules (shown on the page), so a title's score
 * is explained, not decided: length, where the keyword sits, power words,
 * numbers and a brand suffix. The score is the share of the points available.
 */

export const SEO_TITLE_LIMIT = 60;
export const SEO_TITLE_HARD_LIMIT = 70;
export const TRUNCATION_WARNING = "May be truncated in search results";

const POWER_WORDS = [
  "ultimate",
  "complete",
  "essential",
  "proven",
  "best",
  "easy",
  "simple",
  "quick",
  "expert",
  "free",
  "powerful",
  "definitive",
  "step-by-step",
  "secrets",
  "smart",
  "effective",
  "practical",
  "everything",
];

type RuleCheck = { rule: string; points: number; max: number; detail: string };
export type SeoTitleScore = { score: number; length: number; checks: RuleCheck[]; warning: string | null };

/** The rules as shown to the visitor, in scoring order. */
export const SEO_TITLE_RULES = [
  { rule: "Length", max: 30, text: "50–60 characters is ideal (30 points); 40–49 (20) or 61–70 (10) is acceptable." },
  { rule: "Keyword position", max: 25, text: "The keyword at the start (25 points), in the first half (15) or anywhere (5)." },
  { rule: "Power word", max: 15, text: "A word such as Ultimate, Complete, Proven or Essential (15 points)." },
  { rule: "Number", max: 15, text: "A number, e.g. “7 tips” (15 points)." },
  { rule: "Brand suffix", max: 15, text: "Ends with “| Brand” or “- Brand” when you give a brand (15 points)." },
] as const;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function scoreSeoTitle(title: string, keyword: string, brand?: string): SeoTitleScore {
  const length = [...title].length;
  const lower = title.toLowerCase();
  const checks: RuleCheck[] = [];

  const lengthPoints = length >= 50 && length <= 60 ? 30 : length >= 40 && length < 50 ? 20 : length > 60 && length <= 70 ? 10 : 0;
  checks.push({ rule: "Length", points: lengthPoints, max: 30, detail: `${length} characters` });

  const at = keyword.trim() ? lower.indexOf(keyword.trim().toLowerCase()) : -1;
  const positionPoints = at === 0 ? 25 : at > 0 && at < length / 2 ? 15 : at > 0 ? 5 : 0;
  checks.push({
    rule: "Keyword position",
    points: positionPoints,
    max: 25,
    detail:
      at === 0
        ? "Keyword at the start"
        : at > 0
          ? at < length / 2
            ? "Keyword in the first half"
            : "Keyword late in the title"
          : "Keyword missing",
  });

  const power = POWER_WORDS.find((w) => new RegExp(`(^|[^a-z])${escape(w)}([^a-z]|$)`).test(lower));
  checks.push({ rule: "Power word", points: power ? 15 : 0, max: 15, detail: power ? `“${power}”` : "No power word" });

  const number = /\d/.test(title);
  checks.push({ rule: "Number", points: number ? 15 : 0, max: 15, detail: number ? "Contains a number" : "No number" });

  const brandName = brand?.trim();
  if (brandName) {
    const suffixed = new RegExp(`\\s[|\\-–—]\\s*${escape(brandName.toLowerCase())}$`).test(lower);
    checks.push({ rule: "Brand suffix", points: suffixed ? 15 : 0, max: 15, detail: suffixed ? "Ends with the brand" : "No brand suffix" });
  }

  const earned = checks.reduce((sum, c) => sum + c.points, 0);
  const possible = checks.reduce((sum, c) => sum + c.max, 0);
  return {
    score: Math.round((earned / possible) * 100),
    length,
    checks,
    warning: length > SEO_TITLE_LIMIT ? TRUNCATION_WARNING : null,
  };
}

/** The colour rules (docs/product.md "Plans and limits"): title length green up to 60, yellow up to 70, red above. */
export function lengthTone(length: number): "good" | "warn" | "bad" {
  return length <= SEO_TITLE_LIMIT ? "good" : length <= SEO_TITLE_HARD_LIMIT ? "warn" : "bad";
}

/** Score colours: 90+ green, 80+ yellow, otherwise red. */
export function scoreTone(score: number): "good" | "warn" | "bad" {
  return score >= 90 ? "good" : score >= 80 ? "warn" : "bad";
}
