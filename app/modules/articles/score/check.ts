import type { ScoreContext } from "./context";

/**
 * One check of the SEO panel's score, as the registry holds it (docs/decisions/072). Everything the scorer needs
 * to know of a check is declared here: its weight, whether a failure holds the score below "Good", whether it
 * reads the text (an empty draft passes none of those), what input it needs to run at all, and the function
 * that finds. The registry's fingerprint (the stored scores' basis) is derived from these declarations.
 */

/** Input a check cannot run without: absent, the check is left out of the panel rather than guessed. */
export type CheckNeed = "research" | "link-checks" | "site-sentences" | "english" | "how-to";

/** What a check found. `counted: false`: shown but not scored (nothing to measure against). */
export type CheckFinding = {
  passed: boolean;
  /** What was found and why it matters. */
  detail: string;
  /** How to fix it, when it failed. */
  fix?: string;
  /** Sentences or links that show the problem, a few at most. */
  examples?: string[];
  counted?: false;
};

export type ScoreCheck<Id extends string = string> = {
  id: Id;
  label: string;
  weight: number;
  /** A failure holds the score below the pass mark whatever else passes (filler is not "Good"). */
  blocks: boolean;
  /** It reads the body's text: an empty or near-empty draft fails it with "write the article first". */
  readsText: boolean;
  /** Auto-pilot's quality gate names its failure among the reasons to hold an article. */
  substance?: boolean;
  needs?: readonly CheckNeed[];
  /**
   * Raise when the check's finding changes for the same text (its rule, a threshold, a helper it calls):
   * stored scores are computed again. Its id, weight and flags change the fingerprint by themselves.
   */
  revision: number;
  run(context: ScoreContext): CheckFinding;
};

/** Keeps the id's literal type, so the registry's ids form a union. */
export function defineCheck<const Id extends string>(check: ScoreCheck<Id>): ScoreCheck<Id> {
  return check;
}
