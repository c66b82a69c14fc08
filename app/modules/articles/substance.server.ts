import type { DB } from "#app/db/client.server";
import { getSeoContext } from "#app/modules/articles/mutations.server";
import { researchBasisOfArticle } from "#app/modules/articles/research-basis.server";
import { analyseArticle } from "#app/modules/articles/analyse.server";
import { siteSentencesOfArticle } from "#app/modules/articles/site-sentences.server";

/** One failed content check as auto-pilot's quality gate words it: the panel's label and finding, and one example. */
export type SubstanceFinding = { label: string; detail: string; example?: string };

/**
 * The stored article's failed checks of substance (those the registry marks so: topic coverage against its
 * research, specificity, text copied from the site's other articles, facts without a source), in the panel's
 * words. Auto-pilot's quality gate adds them to its reasons. An article without research is not held for coverage.
 */
export async function substanceFindings(
  db: DB,
  siteId: string,
  article: { id: string; title: string; target_keyword: string; content_html: string },
): Promise<SubstanceFinding[]> {
  const [siteSentences, research, seo] = await Promise.all([
    siteSentencesOfArticle(db, siteId, article.id),
    researchBasisOfArticle(db, siteId, article.id),
    getSeoContext(db, siteId),
  ]);
  // The panel's checks (on a worker thread for a large body) with its context: the site's language and length.
  const { substance } = await analyseArticle({
    html: article.content_html,
    sanitize: false,
    substanceOnly: true,
    seo: {
      ...seo,
      title: article.title,
      metaDescription: "",
      keyword: article.target_keyword,
      internalLinksWanted: "none",
      externalLinksWanted: "none",
      siteSentences,
      research,
    },
  });
  return (substance ?? [])
    .filter((c) => !c.passed && c.counted !== false)
    .map(({ id, label, detail, examples }) => {
      const first = examples?.[0];
      if (!first) return { label, detail };
      if (id !== "coverage") return { label, detail, example: `For example: ${first}.` };
      // Coverage names what is missing: the terms (or products) first, and one question searchers ask.
      const missing = [examples.find((e) => e.startsWith("Missing")), examples.find((e) => e.startsWith("Unanswered"))];
      return { label, detail, example: `${missing.filter(Boolean).join(". ")}.` };
    });
}
