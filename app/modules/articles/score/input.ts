import type { ArticleLength, LinkAmount } from "#app/modules/settings/content-options";
import type { LinkCheckState } from "../content-checks";
import type { ResearchBasis } from "../coverage";
import type { SiteSentences } from "../site-sentences";
import type { LinkShortfall } from "./checks/link-amount";

/** What the SEO panel scores: the article and the site settings and findings it is measured against. */
export type SeoInput = {
  title: string;
  metaDescription: string;
  html: string;
  keyword: string;
  lengthBand: ArticleLength;
  internalLinksWanted: LinkAmount;
  externalLinksWanted: LinkAmount;
  /** The customer's site ("https://example.com") and its hosted blog ("https://app…/b/north"): links to either are internal. */
  siteOrigin?: string | null;
  ownBlog?: string | null;
  /** BCP 47 tag; Flesch reading ease is only meaningful for English. */
  language?: string;
  /**
   * What the Backlinks page's link checker last found for each href of the
   * article (a link missing here was never checked). Without it (no data
   * loaded, e.g. a preview) the link check is left out rather than guessed.
   */
  linkChecks?: Record<string, LinkCheckState>;
  /** Which of the body's sentences the site's other articles hold (found on the server); without it the check is left out. */
  siteSentences?: SiteSentences;
  /** Why the writer of a generated article linked less than the settings ask (its generation's record). */
  linkShortfall?: LinkShortfall;
  /**
   * What the article's research found (researchBasis, on the server): topic coverage is measured against it and
   * its ledger's claims count as sources. Null: the article has no research (coverage is shown, not scored);
   * absent: not looked up (coverage is left out).
   */
  research?: ResearchBasis | null;
};
