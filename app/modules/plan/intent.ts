/**
 * Search intent of a keyword, by its words (docs/decisions/050-content-plan.md):
 * transactional (ready to buy), commercial (comparing before buying),
 * navigational (looking for a brand's own page) or informational. Pure.
 */

export const SEARCH_INTENTS = ["informational", "commercial", "transactional", "navigational"] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];

export const INTENT_LABELS: Record<SearchIntent, string> = {
  informational: "Informational",
  commercial: "Commercial",
  transactional: "Transactional",
  navigational: "Navigational",
};

const TRANSACTIONAL =
  /\b(buy|order|price|prices|pricing|cost|costs|cheap|discount|coupon|deal|deals|for sale|shop|subscribe|subscription|near me|online)\b/i;
const COMMERCIAL = /\b(best|top|vs|versus|review|reviews|compare|comparison|alternative|alternatives|worth it|which)\b/i;
const NAVIGATIONAL = /\b(login|log in|sign in|website|official|contact|account)\b/i;

export function classifyIntent(keyword: string, { brandNames = [] as string[] } = {}): SearchIntent {
  const lower = keyword.toLowerCase();
  if (TRANSACTIONAL.test(lower)) return "transactional";
  if (COMMERCIAL.test(lower)) return "commercial";
  const brand = brandNames.map((b) => b.trim().toLowerCase()).find((b) => b.length > 1 && lower.includes(b));
  if (NAVIGATIONAL.test(lower) || (brand && lower.replace(brand, "").trim().split(/\s+/).length <= 2)) return "navigational";
  return "informational";
}
