import { ARTICLE_LENGTH_WORDS, type ArticleLength } from "#app/modules/settings/content-options";

/**
 * The quality gate before auto-pilot publishes on its own (
 * docs/decisions/049). Pure: each failed check is one reason the customer
 * reads on the held article and in the mail. An empty list lets it through.
 */

export type GateArticle = {
  title: string;
  contentHtml: string;
  wordCount: number;
  seoScore: number | null;
  source: "manual" | "ai" | "offline";
  /** What the content plan flagged the day's keyword as competing with (an article or another day), if anything. */
  competesWith?: string | null;
  /** External links of the article the link checker has not found working (unchecked, broken, blocked, failed). */
  unverifiedLinks?: number;
  /**
   * The SEO panel's failed checks of substance (substanceFindings): topic coverage, specificity, text copied from
   * the site's other articles and facts without a source, in the panel's words with one example each.
   */
  findings?: Array<{ label: string; detail: string; example?: string }>;
};
export type GateSettings = { minScore: number; articleLength: ArticleLength; strictLinks?: boolean };

/** Lengths within this share of the band pass: a 1,150-word 'medium' article is not held for 50 words. */
const LENGTH_TOLERANCE = 0.1;

/** Words that mark text nobody finished: a template's blanks, a writer's notes. */
const PLACEHOLDERS = [/lorem ipsum|\[(?:insert|your|add|todo)[^\]]*\]|\{\{[^}]*\}\}/i, /\b(?:TODO|TBD|XXX)\b/];

export function qualityGate(article: GateArticle, settings: GateSettings): string[] {
  const reasons: string[] = [];
  if (article.source === "offline")
    reasons.push(
      "Needs an AI provider: the built-in offline writer wrote it, and its drafts are never published automatically. Read it, edit it and approve it yourself.",
    );
  if (!article.title.trim()) reasons.push("It has no title.");
  const score = article.seoScore ?? 0;
  if (score < settings.minScore) reasons.push(`Its SEO score is ${score}, below your minimum of ${settings.minScore}.`);
  const band = ARTICLE_LENGTH_WORDS[settings.articleLength];
  const min = Math.floor(band.min * (1 - LENGTH_TOLERANCE));
  const max = Math.ceil(band.max * (1 + LENGTH_TOLERANCE));
  if (article.wordCount < min || article.wordCount > max)
    reasons.push(`It has ${article.wordCount} words; the ${settings.articleLength} length is ${band.min}-${band.max}.`);
  const text = article.contentHtml.replace(/<[^>]+>/g, " ");
  const placeholder = PLACEHOLDERS.map((re) => re.exec(`${article.title} ${text}`)).find(Boolean);
  if (placeholder) reasons.push(`It contains placeholder text ("${placeholder[0]}").`);
  if (settings.strictLinks && (article.unverifiedLinks ?? 0) > 0)
    reasons.push(
      `${article.unverifiedLinks} of its links to other websites ${article.unverifiedLinks === 1 ? "is" : "are"} not verified working (strict links is on).`,
    );
  for (const finding of article.findings ?? [])
    reasons.push(`${finding.label}: ${finding.detail}${finding.example ? ` ${finding.example}` : ""}`);
  if (article.competesWith)
    reasons.push(
      `Its keyword competes with ${article.competesWith} (the content plan's cannibalisation flag): merge, retarget or keep it first.`,
    );
  return reasons;
}
