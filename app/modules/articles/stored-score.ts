import { SCORE_CHECKS, scorerVersion } from "./score/registry";

/**
 * The SEO score the articles list shows is the one stored when the article was saved (decision 038):
 * scoring a body costs tens of milliseconds, too much for every row of every list load. A stored score
 * is only as good as what it was computed against, so each row records its basis, and the list scores
 * again a row whose basis is not the current one. Pure and isomorphic.
 */

/** The score's registry fingerprint: a changed check changes it, and every stored score is computed again when next listed. */
const SEO_SCORER_VERSION = scorerVersion(SCORE_CHECKS);

/** The site settings the score depends on (what getSeoContext returns). */
export type SeoBasisInput = {
  siteOrigin: string | null;
  ownBlog: string | null;
  lengthBand: string;
  internalLinksWanted: string;
  externalLinksWanted: string;
  language: string;
};

/** A readable fingerprint of the scorer and the site's SEO settings, stored in articles.seo_basis. */
export function seoBasis(context: SeoBasisInput) {
  return JSON.stringify([
    SEO_SCORER_VERSION,
    context.siteOrigin ?? "",
    context.ownBlog ?? "",
    context.lengthBand,
    context.internalLinksWanted,
    context.externalLinksWanted,
    context.language,
  ]);
}
