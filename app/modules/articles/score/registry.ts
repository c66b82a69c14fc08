import { hashText } from "#app/utils/hash";
import { claims } from "./checks/claims";
import { complete } from "./checks/complete";
import { coverage } from "./checks/coverage";
import { duplicates } from "./checks/duplicates";
import { externalLinks } from "./checks/external-links";
import { headings } from "./checks/headings";
import { headingsTitle } from "./checks/headings-title";
import { howToSteps } from "./checks/how-to-steps";
import { imageAlt } from "./checks/image-alt";
import { internalLinks } from "./checks/internal-links";
import { keywordGrammar } from "./checks/keyword-grammar";
import { keywordIntro } from "./checks/keyword-intro";
import { keywordMeta } from "./checks/keyword-meta";
import { keywordStuffing } from "./checks/keyword-stuffing";
import { keywordSubheading } from "./checks/keyword-subheading";
import { keywordTitle } from "./checks/keyword-title";
import { writtenLanguage } from "./checks/language";
import { linksVerified } from "./checks/links-verified";
import { metaLength } from "./checks/meta-length";
import { ownClaims } from "./checks/product-claims";
import { readability } from "./checks/readability";
import { repeatedSentences } from "./checks/repeated-sentences";
import { specificity } from "./checks/specificity";
import { substance } from "./checks/substance";
import { titleLength } from "./checks/title-length";
import { unsourced } from "./checks/unsourced";
import { wordCount } from "./checks/word-count";
import type { ScoreCheck } from "./check";

/**
 * The SEO panel's checks, in the panel's order (docs/decisions/072). A new check is a file in checks/ and a line
 * here; its weight, its blocking and its place in the stored scores' fingerprint follow from its declaration.
 */
export const SCORE_CHECKS = [
  substance,
  writtenLanguage,
  claims,
  ownClaims,
  complete,
  howToSteps,
  keywordTitle,
  keywordIntro,
  keywordSubheading,
  keywordMeta,
  titleLength,
  metaLength,
  wordCount,
  headings,
  internalLinks,
  externalLinks,
  imageAlt,
  readability,
  keywordStuffing,
  repeatedSentences,
  keywordGrammar,
  linksVerified,
  headingsTitle,
  specificity,
  duplicates,
  coverage,
  unsourced,
] as const;

export type SeoCheckId = (typeof SCORE_CHECKS)[number]["id"];

/**
 * Raise when the scorer's shared rules change (the tally, the empty-draft rule, the blocking cap): every stored
 * score is computed again. A check's own changes are its `revision`.
 */
const SCORER_REVISION = 7;

/** The fingerprint of a registry: any added, removed, reordered, re-weighted or revised check changes it. */
export function scorerVersion(checks: readonly ScoreCheck[]): string {
  const declared = checks.map((c) => [c.id, c.weight, c.blocks, c.readsText, c.needs ?? [], c.revision]);
  return `${SCORER_REVISION}.${hashText(JSON.stringify(declared)).toString(36)}`;
}
