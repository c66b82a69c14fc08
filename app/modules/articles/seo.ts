import { SCORE_CHECKS, type SeoCheckId } from "./score/registry";
import { scoreContext } from "./score/context";
import { runChecks, scoreWith, tally, type SeoCheck as Check } from "./score/scorer";
import type { SeoInput } from "./score/input";

/**
 * The SEO panel's scorer. Pure and isomorphic: the write screen runs it in the browser on every edit and the
 * server runs it on the saved version (and the AI pipeline on its output). The checks are a registry
 * (score/registry.ts, docs/decisions/072); this is the face the rest of the product scores through.
 */

export type { ArticleLength as LengthBand, LinkAmount } from "#app/modules/settings/content-options";
export type { SeoInput };
export { SEO_PASS_SCORE, seoVerdict } from "./verdict";
export type { LinkShortfall } from "./score/checks/link-amount";
export type SeoCheck = Check<SeoCheckId>;
export type SeoResult = ReturnType<typeof scoreArticle>;

export function scoreArticle(input: SeoInput) {
  return scoreWith(SCORE_CHECKS, input);
}

/**
 * The checks of substance alone (those the registry marks so), as auto-pilot's quality gate reads them: no
 * empty-draft rule (the gate has its own length rule) and no blocking note (the gate says what follows).
 */
export function substanceChecks(input: SeoInput): SeoCheck[] {
  const checks = SCORE_CHECKS.filter((check) => check.substance);
  return runChecks(checks, scoreContext(input), { emptyDraft: false, blockingNote: false });
}

/**
 * The verdict scoreArticle gives without `linkChecks`, from one it gave with them: the same checks less the
 * links' one, tallied again. Saves scoring a body twice when both are wanted (the generation pipeline).
 */
export function withoutLinkChecks(result: SeoResult): SeoResult {
  const checks = result.checks.filter((c) => c.id !== "links-verified");
  return { ...result, ...tally(checks), checks };
}
