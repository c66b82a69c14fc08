import pluralize from "pluralize";
import { titleCase } from "#app/utils/wording";

/**
 * What kind of phrase a target keyword is, so templates put it only where it
 * reads as English (docs/decisions/037-keyword-shapes-and-content-checks.md).
 * A keyword is a topic noun phrase ("content marketing"), a how-to ("how to
 * glaze pottery at home"), a question ("how do I glaze pottery") or a brand
 * ("Shopify SEO", typed with capitals). Pure and isomorphic: the offline
 * writer, the free tools' templates and the SEO panel's grammar check share it.
 */

export type KeywordShapeKind = "topic" | "how-to" | "question" | "brand";

export type KeywordShape = {
  kind: KeywordShapeKind;
  /** As typed: single-spaced, without trailing punctuation. */
  keyword: string;
  /**
   * A noun phrase that reads in any noun slot ("the basics of {topic}"):
   * "glazing pottery at home" for "how to glaze pottery at home"; null for a
   * question that has no clean subject ("why is my sourdough flat").
   */
  topic: string | null;
  /** The topic without an audience tail: "pottery" for "pottery for beginners". */
  core: string | null;
  /** Who the keyword names as its readers ("beginners"), if anyone. */
  audience: string | null;
  /** Whether the topic is a plural noun phrase ("vegan recipes are"). */
  plural: boolean;
  /** The how-to's verb phrase, in the reader's person: "glaze pottery at home". */
  action: string | null;
  /** The question as a sentence: "How do I glaze pottery?". */
  question: string | null;
  /** How the keyword itself reads in a headline: "How to Glaze Pottery at Home". */
  headline: string;
};

const QUESTION_START =
  /^(what|why|when|where|which|who|whom|whose|how|is|are|am|was|were|do|does|did|can|could|should|would|will|may|might|must|has|have|had)\b/i;
const AUX = "(?:do|does|can|could|should|would|will|may|might|must|to)";
const PERSON = "(?:i|you|we|one|people|someone|beginners)";

// Plural-looking words that name one field or thing, and words pluralize reads as plural that English uses as singular.
const SINGULAR_NOUNS = new Set([
  "news",
  "series",
  "species",
  "lens",
  "gas",
  "bus",
  "chess",
  "data",
  "media",
  "physics",
  "fitness",
  "business",
]);

const ING: Record<string, string> = {
  be: "being",
  see: "seeing",
  agree: "agreeing",
  free: "freeing",
  die: "dying",
  lie: "lying",
  tie: "tying",
  begin: "beginning",
  forget: "forgetting",
  control: "controlling",
  refer: "referring",
  prefer: "preferring",
  occur: "occurring",
  admit: "admitting",
  commit: "committing",
  submit: "submitting",
  travel: "traveling",
  visit: "visiting",
  open: "opening",
  offer: "offering",
  market: "marketing",
  budget: "budgeting",
};

/** "glaze" → "glazing", "get" → "getting", "start" → "starting". */
export function gerund(verb: string) {
  const v = verb.toLowerCase();
  if (ING[v]) return ING[v];
  if (v.endsWith("ing")) return v;
  if (v.endsWith("ie")) return `${v.slice(0, -2)}ying`;
  if (/[^aeiou]e$/.test(v) || /[^aeiou]ue$/.test(v)) return `${v.slice(0, -1)}ing`;
  // One syllable ending consonant-vowel-consonant doubles the consonant (plan, shop, get).
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(v)) return `${v}${v.at(-1)}ing`;
  return `${v}ing`;
}

const TO_READER: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  we: "you",
  our: "your",
  us: "you",
};

/** "I", "my", "we" in a question become "you", "your": the article answers the reader. */
function toReader(phrase: string) {
  return phrase.replace(/\b(i|me|my|mine|myself|we|our|us)\b/gi, (w) => TO_READER[w.toLowerCase()] ?? w);
}

/** Whether a noun phrase is plural, judged by its head noun (the last word before any "for"/"with"/"in" tail). */
export function isPluralPhrase(phrase: string) {
  const head = phrase
    .split(/\s+(?:for|with|in|on|at|of|from|to|by|without|near|under)\s+/i)[0]!
    .trim()
    .split(/\s+/)
    .at(-1);
  if (!head) return false;
  const word = head.toLowerCase();
  if (SINGULAR_NOUNS.has(word) || /(ics|ss|us|is)$/.test(word) || !/^\p{L}+$/u.test(word)) return false;
  return pluralize.isPlural(word) && !pluralize.isSingular(word);
}

/** Trimmed, single-spaced, without trailing punctuation. */
export function cleanKeyword(raw: string) {
  return raw
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[\s.,;:!?]+$/, "");
}

function capitalise(text: string) {
  return text.replace(/^(\P{L}*)(\p{L})/u, (_, pre: string, first: string) => pre + first.toUpperCase());
}

/**
 * A name: one of the site's brand names, a word with an inner capital
 * ("WordPress", "iPhone"), a capitalised word after the first ("best Canva
 * templates") or a single capitalised word ("Shopify"). "Content marketing"
 * typed in sentence case is not a name.
 */
function hasName(keyword: string, brandNames: string[]) {
  const lower = keyword.toLowerCase();
  const named = brandNames.some(
    (b) => b.trim() && new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(b.trim().toLowerCase())}(?![\\p{L}\\p{N}])`, "u").test(lower),
  );
  if (named) return true;
  const words = keyword.split(" ");
  if (words.some((word, i) => /\p{Lu}/u.test(word.slice(1)) || (i > 0 && /^\p{Lu}/u.test(word)))) return true;
  return words.length === 1 && /^\p{Lu}/u.test(keyword);
}

export function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "best pottery tools for beginners" → core "pottery tools", audience "beginners". */
function splitAudience(topic: string) {
  const match = /^(.+?)\s+for\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)$/iu.exec(topic);
  const withAudience = match && isPluralPhrase(match[2]!);
  const core = (withAudience ? match[1]! : topic).replace(/^(?:the\s+)?(?:best|top|good)\s+(?=\S)/i, "");
  return { core, audience: withAudience ? match[2]! : null };
}

/** Questions whose subject is easy to lift out: "what is X", "how do I X", "is X worth it". */
function questionTopic(keyword: string): { topic: string | null; action: string | null } {
  const how = new RegExp(`^how\\s+${AUX}\\s+(?:${PERSON}\\s+)?(?:best\\s+)?([\\p{L}-]+)(.*)$`, "iu").exec(keyword);
  if (how && !/^(much|many|long|often)$/i.test(how[1]!)) {
    const verb = how[1]!;
    const rest = toReader(how[2] ?? "");
    return { topic: `${gerund(verb)}${rest}`, action: `${verb.toLowerCase()}${rest}` };
  }
  const what = /^what\s+(?:is|are)\s+(?:an?\s+|the\s+)?(.+)$/i.exec(keyword);
  if (what) return { topic: toReader(what[1]!), action: null };
  const worth = /^(?:is|are)\s+(.+?)\s+(?:worth\s+it|worth\s+the\s+\w+|a\s+good\s+idea|necessary|safe|legit)$/i.exec(keyword);
  if (worth) return { topic: toReader(worth[1]!), action: null };
  return { topic: null, action: null };
}

/** Classifies a keyword; brandNames are the site's own names (a brand typed in lower case is still a brand). */
export function keywordShape(raw: string, { brandNames = [] as string[] } = {}): KeywordShape {
  const keyword = cleanKeyword(raw);
  const base = { keyword, audience: null, action: null, question: null };
  const howTo = /^how\s+to\s+(.+)$/i.exec(keyword);
  if (howTo) {
    const [verb = "", ...rest] = howTo[1]!.split(" ");
    const action = howTo[1]!;
    const topic = [gerund(verb), ...rest].join(" ");
    const { core, audience } = splitAudience(topic);
    return { ...base, kind: "how-to", topic, core, audience, plural: false, action, headline: titleCase(keyword) };
  }
  if (QUESTION_START.test(keyword) || /\?\s*$/.test(raw)) {
    const { topic, action } = questionTopic(keyword);
    const question = `${capitalise(keyword)}?`;
    const split = topic ? splitAudience(topic) : { core: null, audience: null };
    return {
      ...base,
      kind: "question",
      topic,
      core: split.core,
      audience: split.audience,
      plural: topic ? isPluralPhrase(topic) : false,
      action,
      question,
      headline: `${titleCase(keyword)}?`,
    };
  }
  const brand = hasName(keyword, brandNames);
  // "Content marketing" typed in sentence case reads "content marketing" mid-sentence; names keep their capitals.
  const topic = brand ? keyword : keyword.replace(/^\p{Lu}(?=\p{Ll}*(?:\s|$))/u, (c) => c.toLowerCase());
  const { core, audience } = splitAudience(topic);
  return {
    ...base,
    kind: brand ? "brand" : "topic",
    topic,
    core,
    audience,
    plural: isPluralPhrase(topic),
    headline: titleCase(topic),
  };
}
