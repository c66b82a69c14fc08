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
  if (NAVIGATIONAL.test(lower)) return "navigational";
  const rest = wordsBesideBrand(keyword, brandNames);
  if (rest !== null && rest <= 2) return "navigational";
  return "informational";
}

/** Lower case, '&' as 'and', punctuation as spaces: 'Clay & Kiln Studio' and 'clay and kiln studio' compare equal. */
const comparable = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

/**
 * How many words of the query are not the brand's, when the query names the brand: the whole name ('clay and kiln
 * studio hours'), two or more of its words in a row ('clay and kiln'), or the name run together as in a domain
 * ('clayandkiln'). Null when it does not name any of the brand names.
 */
function wordsBesideBrand(query: string, brandNames: string[]): number | null {
  const q = comparable(query);
  const words = q.trim().split(" ").filter(Boolean);
  for (const name of brandNames) {
    const brand = comparable(name);
    const brandWords = brand.trim().split(" ").filter(Boolean);
    if (!brandWords.length || brand.trim().length < 2) continue;
    if (q.includes(brand)) return words.length - brandWords.length;
    // The query is a run of at least two of the brand's words from its first, and nothing else ('clay and kiln').
    if (words.length >= 2 && brand.startsWith(q)) return 0;
    const joined = brandWords.join("");
    if (joined.length >= 4) {
      const beside = words.filter((w) => !joined.includes(w));
      if (q.replace(/ /g, "").includes(joined)) return beside.length;
    }
  }
  return null;
}
