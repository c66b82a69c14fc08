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

const TRANSACTIONAL = /\b(buy|order|price|prices|pricing|cost|costs|cheap|discount|coupon|deal|deals|for sale|near me)\b/i;
/** Shop words that mean buying in a bare phrase ("coffee subscription online") but not inside a question about the thing. */
const SHOPPING = /\b(shop|subscribe|subscription|online)\b/i;
const COMMERCIAL = /\b(best|top|vs|versus|review|reviews|compare|comparison|alternative|alternatives|worth it|which)\b/i;
const NAVIGATIONAL = /\b(login|log in|sign in|website|official|contact|account)\b/i;
/** A query that asks something: its form says the searcher wants to learn or to weigh, not (yet) to buy. */
const QUESTION = /^(how|what|why|when|who|is|are|does|do|can|should|will)\b/i;

/** The intent a query's form and words show ('is a coffee subscription worth it' weighs; 'coffee subscription price' buys). */
export function classifyIntent(keyword: string, { brandNames = [] as string[] } = {}): SearchIntent {
  const lower = keyword.toLowerCase();
  if (TRANSACTIONAL.test(lower) && !/^(how|what|why) (?!much\b)/.test(lower)) return "transactional";
  if (COMMERCIAL.test(lower)) return "commercial";
  if (QUESTION.test(lower)) return "informational";
  if (SHOPPING.test(lower)) return "transactional";
  const brand = brandNames.map((b) => b.trim().toLowerCase()).find((b) => b.length > 1 && lower.includes(b));
  if (NAVIGATIONAL.test(lower) || (brand && lower.replace(brand, "").trim().split(/\s+/).length <= 2)) return "navigational";
  return "informational";
}
