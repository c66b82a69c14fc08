/**
 * The SEO score's verdict bands, apart from the scorer: the articles list shows verdicts of stored scores without
 * loading the checks and their language data into the browser.
 */

/** A draft at or above this score "passes the SEO panel". */
export const SEO_PASS_SCORE = 80;
/** Below this the verdict is "Poor"; between it and SEO_PASS_SCORE, "Needs work". */
const SEO_FAIR_SCORE = 50;

export type SeoVerdict = { id: "good" | "needs-work" | "poor"; label: string };

/** The panel's verdict bands (the colours of the score: green, amber, red). */
export function seoVerdict(score: number): SeoVerdict {
  if (score >= SEO_PASS_SCORE) return { id: "good", label: "Good" };
  if (score >= SEO_FAIR_SCORE) return { id: "needs-work", label: "Needs work" };
  return { id: "poor", label: "Poor" };
}
