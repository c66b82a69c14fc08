import { extractLinks, type ExtractedLink } from "#app/modules/backlinks/extract";
import { countHtmlWords } from "#app/utils/text";
import { sanitizeArticleHtml } from "./sanitize.server";
import { scoreArticle, substanceChecks, type SeoCheck, type SeoInput } from "./seo";

/**
 * The CPU-bound work done on an article body when it is stored or shown:
 * sanitizing, counting words, scoring SEO, finding its links. Kept in one function so it can run
 * in place or on the worker thread alike (analyse.server.ts).
 */

export type AnalysisRequest = {
  html: string;
  /** False for content that was sanitized when it was stored. */
  sanitize: boolean;
  /** Everything scoreArticle needs but the HTML; null to skip scoring. */
  seo: Omit<SeoInput, "html"> | null;
  /** Also list the links (for the Backlinks page) when the content changed. */
  links?: boolean;
  /** Run only the checks of substance, as the quality gate reads them, instead of the whole score. */
  substanceOnly?: boolean;
};

export type AnalysisResult = {
  html: string;
  wordCount: number;
  seoScore: number | null;
  seo: ReturnType<typeof scoreArticle> | null;
  links: ExtractedLink[] | null;
  substance: SeoCheck[] | null;
};

export function analyseArticleNow({ html, sanitize, seo, links = false, substanceOnly = false }: AnalysisRequest): AnalysisResult {
  const clean = sanitize ? sanitizeArticleHtml(html) : html;
  const scored = seo && !substanceOnly ? scoreArticle({ ...seo, html: clean }) : null;
  return {
    html: clean,
    wordCount: countHtmlWords(clean),
    seoScore: scored?.score ?? null,
    seo: scored,
    links: links ? extractLinks(clean) : null,
    substance: seo && substanceOnly ? substanceChecks({ ...seo, html: clean }) : null,
  };
}
