import { SEO_PASS_SCORE, seoVerdict } from "../verdict";
import { scoreContext, type ScoreContext } from "./context";
import type { CheckNeed, ScoreCheck } from "./check";
import type { SeoInput } from "./input";

/** Below this many words a draft is too short for the checks that read text to find anything. */
const EMPTY_DRAFT_WORDS = 100;
const BLOCKING_NOTE = ` Until this is fixed the score stays below ${SEO_PASS_SCORE}.`;

export type SeoCheck<Id extends string = string> = {
  id: Id;
  label: string;
  passed: boolean;
  /** What was found and why it matters. */
  detail: string;
  weight: number;
  /** A failure holds the score below SEO_PASS_SCORE. */
  blocks: boolean;
  /** How to fix it, when it failed. */
  fix?: string;
  /** Sentences or links that show the problem, a few at most. */
  examples?: string[];
  /** False: shown but not scored, as there is nothing to measure against (its weight is 0). */
  counted?: false;
};

const NEEDS: Record<CheckNeed, (context: ScoreContext) => boolean> = {
  research: ({ input }) => input.research !== undefined,
  "link-checks": ({ input }) => input.linkChecks !== undefined,
  "site-sentences": ({ input }) => input.siteSentences !== undefined,
  english: ({ english }) => english,
  "how-to": ({ howTo }) => howTo,
};

/** An empty or near-empty body passes no check that reads text: there is nothing for it to find yet. */
function emptyDraftDetail(words: number) {
  return words === 0
    ? "There is no text to check yet: write the article first."
    : `There are only ${words} words, too few to check: write the article first.`;
}

/** Runs each check whose needs the input meets, in order, weighted, with the blocking note on a blocking failure. */
export function runChecks<Id extends string>(
  checks: readonly ScoreCheck<Id>[],
  context: ScoreContext,
  { emptyDraft = true, blockingNote = true } = {},
): SeoCheck<Id>[] {
  const empty = emptyDraft && context.words < EMPTY_DRAFT_WORDS;
  return checks
    .filter((check) => (check.needs ?? []).every((need) => NEEDS[need](context)))
    .map((check) => {
      const found = check.run(context);
      const weight = found.counted === false ? 0 : check.weight;
      const result = { id: check.id, label: check.label, weight, blocks: check.blocks, ...found };
      // A check that does not count (nothing to measure against) keeps saying why.
      if (empty && check.readsText && found.counted !== false)
        return { ...result, passed: false, detail: emptyDraftDetail(context.words), fix: undefined, examples: undefined };
      if (blockingNote && !found.passed && check.blocks && found.counted !== false)
        return { ...result, detail: found.detail + BLOCKING_NOTE };
      return result;
    });
}

/**
 * A draft under this many words is scored as a draft: its score cannot pass and grows with its length, so a few more
 * words never jump it from "Poor" to "Needs work" (docs/decisions/074-the-judge.md). Above it, length is the
 * word-count check's business: a complete, substantive article shorter than the site's setting can still be "Good".
 */
const DRAFT_WORDS = 300;

/** The highest score a draft of this many words may have. */
function lengthCap(words: number) {
  return words >= DRAFT_WORDS ? 100 : Math.floor(((SEO_PASS_SCORE - 1) * words) / DRAFT_WORDS);
}

/** Score, pass and verdict of weighted checks: the share of weight passed, held under the pass mark by a blocking failure. */
export function tally(checks: SeoCheck[], cap = 100) {
  const total = checks.reduce((sum, c) => sum + c.weight, 0);
  const earned = checks.reduce((sum, c) => sum + (c.passed ? c.weight : 0), 0);
  let score = Math.min(cap, total === 0 ? 0 : Math.round((earned / total) * 100));
  if (checks.some((c) => !c.passed && c.blocks)) score = Math.min(score, SEO_PASS_SCORE - 1);
  return { score, passed: score >= SEO_PASS_SCORE, verdict: seoVerdict(score) };
}

/** Scores an article with a registry of checks: the panel's checks, the tally and the body's figures. */
export function scoreWith<Id extends string>(checks: readonly ScoreCheck<Id>[], input: SeoInput) {
  const context = scoreContext(input);
  const results = runChecks(checks, context);
  const flesch = context.english ? context.readability() : null;
  return {
    ...tally(results, lengthCap(context.words)),
    checks: results,
    stats: {
      words: context.words,
      internalLinks: context.links.internal,
      externalLinks: context.links.external,
      images: context.parsed.images.length,
      fleschReadingEase: flesch && flesch.wordCount > 0 ? flesch.fleschScore : null,
      keywordUses: context.stuffing.uses,
      keywordDensity: context.stuffing.density,
    },
  };
}
