import { cleanTopic } from "#app/utils/wording";

/**
 * Keyword ideas for a seed topic: modifier variations, questions and
 * long-tail phrases, each classified by search intent from its wording.
 * No numbers here: volume, difficulty and CPC come only from a configured
 * keyword-data provider (keyword-data.server.ts).
 */

export const INTENTS = ["informational", "commercial", "transactional", "navigational"] as const;
export type Intent = (typeof INTENTS)[number];
type KeywordSource = "modifier" | "question" | "long-tail" | "ai";
export type KeywordIdea = { keyword: string; source: KeywordSource; intent: Intent };

const INTENT_LABELS: Record<Intent, { title: string; description: string }> = {
  informational: { title: "Informational", description: "Searchers want to learn: guides, how-tos and explainers." },
  commercial: { title: "Commercial", description: "Searchers compare options before deciding: reviews, best-of lists, comparisons." },
  transactional: { title: "Transactional", description: "Searchers are ready to act: buy, sign up, get a price." },
  navigational: { title: "Navigational", description: "Searchers look for a specific site, app or place." },
};

const MODIFIERS = [
  "best",
  "top",
  "free",
  "cheap",
  "online",
  "tools",
  "software",
  "services",
  "examples",
  "tips",
  "ideas",
  "guide",
  "price",
  "alternatives",
  "reviews",
  "near me",
  "login",
  "app",
];
const BEFORE = new Set(["best", "top", "free", "cheap"]);

const QUESTIONS = [
  (t: string) => `what is ${t}`,
  (t: string) => `how does ${t} work`,
  (t: string) => `why is ${t} important`,
  (t: string) => `how much does ${t} cost`,
  (t: string) => `how to get started with ${t}`,
  (t: string) => `is ${t} worth it`,
  (t: string) => `what are the benefits of ${t}`,
  (t: string) => `what is the best ${t}`,
];

const LONG_TAIL = [
  (t: string) => `${t} for beginners`,
  (t: string) => `${t} for small business`,
  (t: string) => `${t} step by step`,
  (t: string) => `${t} checklist`,
  (t: string) => `${t} best practices`,
  (t: string) => `best ${t} for small business`,
  (t: string) => `${t} mistakes to avoid`,
  (t: string) => `affordable ${t} services`,
  (t: string) => `${t} vs alternatives`,
  (t: string) => `buy ${t} online`,
];

// Checked in this order: the first matching pattern decides.
const INTENT_RULES: Array<[Intent, RegExp]> = [
  ["navigational", /\b(login|log in|sign in|sign up|website|official|app|download|near me|contact|customer service)\b/],
  [
    "transactional",
    /\b(buy|price|prices|pricing|cost|cheap|discount|deal|deals|coupon|order|hire|for sale|free trial|subscribe|subscription|affordable|quote)\b/,
  ],
  ["commercial", /\b(best|top|review|reviews|vs|versus|compare|comparison|alternatives?|software|tools|services|worth it)\b/],
];

/**
 * The intent a keyword's wording signals. Questions about cost read as
 * transactional and "is it worth it" as commercial, so wording rules come
 * before the question check; everything else is informational.
 */
export function classifyIntent(keyword: string): Intent {
  const k = keyword.toLowerCase();
  for (const [intent, pattern] of INTENT_RULES) if (pattern.test(k)) return intent;
  return "informational";
}

export function keywordIdeas(topic: string, extra: string[] = []): KeywordIdea[] {
  const t = cleanTopic(topic).toLowerCase();
  const ideas: KeywordIdea[] = [];
  const seen = new Set<string>();
  const add = (keyword: string, source: KeywordSource) => {
    const k = keyword.replace(/\s+/g, " ").trim().toLowerCase();
    if (!k || seen.has(k)) return;
    seen.add(k);
    ideas.push({ keyword: k, source, intent: classifyIntent(k) });
  };
  add(t, "modifier");
  for (const m of MODIFIERS) add(BEFORE.has(m) ? `${m} ${t}` : `${t} ${m}`, "modifier");
  for (const q of QUESTIONS) add(q(t), "question");
  for (const l of LONG_TAIL) add(l(t), "long-tail");
  for (const k of extra) add(k, "ai");
  return ideas;
}

export function groupByIntent<T extends { intent: Intent }>(items: T[]) {
  return INTENTS.map((intent) => ({ intent, ...INTENT_LABELS[intent], items: items.filter((i) => i.intent === intent) })).filter(
    (group) => group.items.length > 0,
  );
}
