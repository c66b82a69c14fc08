import { htmlToText } from "#app/utils/text";
import { stem, wordsOf } from "./specificity";

/**
 * Facts without a source: sentences that state something a reader could check (a percentage, a statistic, a
 * year, "studies show", a measured figure) with no link in the sentence or its paragraph and not among the
 * claims of the article's ledger. A hand-written article gets the same check: its links are its sources.
 * A figure in an instruction ("Use 18 g of coffee to 300 g of water") is a recipe, not a claim, and is not
 * asked for a source. Pure and isomorphic like seo.ts.
 */

/** What kind of fact a sentence states, for the panel's words. */
export type FactKind = "percentage" | "statistic" | "study" | "year" | "figure";

type UnsourcedFact = { sentence: string; kind: FactKind };

export type Unsourced = {
  /** Sentences that state a checkable fact. */
  facts: number;
  /** Of them, the ones with a link beside them or in the ledger. */
  sourced: number;
  unsourced: UnsourcedFact[];
};

const SPELLED = "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred";
const NUMBER = `(?:\\d+(?:[.,]\\d+)*|${SPELLED})`;
const UNIT =
  "g|gr|grams?|kg|kilos?|kilograms?|mg|milligrams?|ml|millilit(?:re|er)s?|l|lit(?:re|er)s?|cl|dl|oz|ounces?|lbs?|pounds?|" +
  "°\\s?[cf]|degrees?|cm|mm|km|m|met(?:re|er)s?|inch(?:es)?|feet|foot|miles?|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|" +
  "months?|years?|calories|kcal|ppm|bars?|psi|watts?|w|kwh|cups?|tablespoons?|tbsp|teaspoons?|tsp";

const PATTERNS: Array<[FactKind, RegExp]> = [
  ["percentage", new RegExp(`(?<![\\p{L}\\p{N}])${NUMBER}\\s?(?:%|per\\s?cent\\b)`, "iu")],
  [
    "statistic",
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${NUMBER}\\s(?:million|billion|thousand|times\\s(?:more|less|faster|slower|as))|\\d+\\s?x\\s(?:more|less|faster)|(?:one|\\d+)\\sin\\s(?:${NUMBER}|every))\\b|[$€£]\\s?\\d`,
      "iu",
    ),
  ],
  [
    "study",
    /\b(?:stud(?:y|ies)|research(?:ers)?|scientists|surveys?|experts|data|statistics|a\s+report)\s+(?:\w+\s+)?(?:shows?|showed|found|finds|suggests?|suggested|says?|said|confirms?|confirmed|proves?|proved)\b/i,
  ],
  // "According to" names a source only when a name or a study follows ("according to your taste" does not).
  ["study", /\b[Aa]ccording to (?:(?:a|the|one|recent)\s+)?(?:[A-Z]|stud|research|surveys?|reports?|data|experts|scientists)/],
  ["year", /\b(?:in|since|from|by|until|of)\s+(?:1[5-9]\d\d|20\d\d)\b|\b(?:1[5-9]\d\d|20\d\d)\s+(?:study|survey|report)\b/i],
  ["figure", new RegExp(`(?<![\\p{L}\\p{N}])${NUMBER}(?:\\s?(?:-|to|–)\\s?${NUMBER})?\\s?(?:${UNIT})(?![\\p{L}])`, "iu")],
];

/** First words of an instruction (English): its figure is what to do, not a claim about the world. */
const INSTRUCTION_VERBS = new Set(
  (
    "add aim allow apply ask avoid begin boil brew brush buy check choose clean cool cover cut dip divide do don't drink dry empty fill fold freeze " +
    "grind heat hold keep lay leave let lift look make measure mix move note open pack place portion pour preheat press pull push put remove " +
    "rest rinse roast sand scrape seal set shake skip soak spray start steep stir stop store swirl take taste thaw top trim try turn unplug use " +
    "wait warm watch wax weigh whisk wipe write"
  ).split(" "),
);
/** Openers an instruction may start with before its verb ("Then, pour..."). */
const OPENERS = /^(?:(?:first|then|next|now|finally|after that|afterwards|simply|just|always|never|gently|slowly)(?:[,\s]+|$))+/i;
/** A leading clause that sets the scene for an instruction ("For a small jar, use 50 g"; "If it runs fast, grind finer"). */
const SCENE = new Set("for if with at when once after before to in on during while".split(" "));

const headOf = (clause: string) => wordsOf(clause.replace(OPENERS, ""))[0];

export function isInstruction(sentence: string) {
  const clauses = sentence.replace(OPENERS, "").split(/([,:;])/);
  const first = clauses[0] ?? "";
  if (INSTRUCTION_VERBS.has(headOf(first) ?? "")) return true;
  const scene = SCENE.has(headOf(first) ?? "");
  for (let i = 2; i < clauses.length; i += 2) {
    // A clause after a colon, or after a scene-setting opener, that starts with a verb: "Still sour: let it run longer".
    if ((scene || clauses[i - 1] === ":") && INSTRUCTION_VERBS.has(headOf(clauses[i]!) ?? "")) return true;
  }
  return false;
}

/** Shorter sentences are table cells and list labels ("100 g", "Up to 7 days"): data beside a claim, not one. */
const MIN_FACT_WORDS = 5;

/** What kind of checkable fact the sentence states, or null. Figures in instructions are not claims. */
export function factKind(sentence: string): FactKind | null {
  if (wordsOf(sentence).length < MIN_FACT_WORDS) return null;
  for (const [kind, pattern] of PATTERNS) {
    if (!pattern.test(sentence)) continue;
    if ((kind === "figure" || kind === "year") && isInstruction(sentence)) continue;
    return kind;
  }
  return null;
}

/** Sentences of a block's text; unlike splitSentences a decimal point ("16.7") does not end one. */
function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/\s+/g, " ")
      .replace(/(\d)\.(\d)/g, "$1\u2024$2")
      .match(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)/g)
      ?.map((s) => s.trim().replace(/\u2024/g, "."))
      .filter((s) => /\p{L}/u.test(s)) ?? []
  );
}

const figuresOf = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];

/** A claim of the ledger backs a sentence when the sentence holds all of the claim's figures and most of its words. */
function backedBy(sentence: string, claims: Array<{ figures: string[]; stems: string[] }>) {
  const figures = new Set(figuresOf(sentence));
  const stems = new Set(wordsOf(sentence).map(stem));
  return claims.some((claim) => {
    if (!claim.stems.length) return false;
    if (claim.figures.length && !claim.figures.every((f) => figures.has(f))) return false;
    const shared = claim.stems.filter((s) => stems.has(s)).length;
    return shared >= Math.ceil(claim.stems.length * (claim.figures.length ? 0.4 : 0.6));
  });
}

/** The sentences of the body that state a checkable fact, and which of them have no source. */
export function unsourcedFacts(html: string, claims: string[] = []): Unsourced {
  const ledger = claims.map((c) => ({
    figures: figuresOf(c),
    stems: [
      ...new Set(
        wordsOf(c)
          .filter((w) => w.length > 3)
          .map(stem),
      ),
    ],
  }));
  let facts = 0;
  let sourced = 0;
  const unsourced: UnsourcedFact[] = [];
  for (const m of html.matchAll(/<(p|li|td|th|figcaption|blockquote)\b[^>]*>([\s\S]*?)<\/\1>/gi)) {
    const inner = m[2] ?? "";
    const linked = /<a\b[^>]*\bhref=/i.test(inner);
    for (const sentence of sentencesOf(htmlToText(inner))) {
      const kind = factKind(sentence);
      if (!kind) continue;
      facts += 1;
      if (linked || backedBy(sentence, ledger)) sourced += 1;
      else unsourced.push({ sentence, kind });
    }
  }
  return { facts, sourced, unsourced };
}
