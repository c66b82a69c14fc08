import type { DB } from "#app/db/client.server";
import { getSeoContext } from "#app/modules/articles/mutations.server";
import { researchBasisOfArticle } from "#app/modules/articles/research-basis.server";
import { analyseArticle } from "#app/modules/articles/analyse.server";
import { siteSentencesFor, siteSentencesOfArticle } from "#app/modules/articles/site-sentences.server";
import type { SiteSentences } from "#app/modules/articles/site-sentences";
import type { SeoCheck } from "#app/modules/articles/seo";

/** One failed content check as auto-pilot's quality gate words it: the panel's label and finding, and one example. */
export type SubstanceFinding = { label: string; detail: string; example?: string };

type Draft = { id: string; title: string; target_keyword: string; content_html: string };

/** The failed, counted checks of substance of a body, with the panel's context: the site's language, length and research. */
async function failedSubstance(db: DB, siteId: string, draft: Draft, siteSentences: SiteSentences, sanitize: boolean) {
  const [research, seo] = await Promise.all([researchBasisOfArticle(db, siteId, draft.id), getSeoContext(db, siteId)]);
  // A draft is judged in the generation job, on a CPU worker at any size (docs/decisions/054); a stored article only
  // when it is large.
  const { substance } = await analyseArticle(
    {
      html: draft.content_html,
      sanitize,
      substanceOnly: true,
      seo: {
        ...seo,
        title: draft.title,
        metaDescription: "",
        keyword: draft.target_keyword,
        internalLinksWanted: "none",
        externalLinksWanted: "none",
        siteSentences,
        research,
      },
    },
    { offMainThread: sanitize },
  );
  return (substance ?? []).filter((c) => !c.passed && c.counted !== false);
}

/**
 * A draft not yet saved, judged as the gate will judge it once saved: the generation pipeline's writer revises the
 * parts these checks find weak (generation/revise.server.ts). The body is sanitized first, as saving would.
 */
export async function draftSubstance(db: DB, siteId: string, draft: Draft): Promise<SeoCheck[]> {
  return failedSubstance(db, siteId, draft, await siteSentencesFor(db, siteId, draft.id, draft.content_html), true);
}

/**
 * The stored article's failed checks of substance (those the registry marks so: topic coverage against its
 * research, specificity, text copied from the site's other articles, facts without a source), in the panel's
 * words. Auto-pilot's quality gate adds them to its reasons. An article without research is not held for coverage.
 */
export async function substanceFindings(db: DB, siteId: string, article: Draft): Promise<SubstanceFinding[]> {
  const failed = await failedSubstance(db, siteId, article, await siteSentencesOfArticle(db, siteId, article.id), false);
  return failed.map(({ id, label, detail, examples }) => {
    const first = examples?.[0];
    if (!first) return { label, detail };
    if (id !== "coverage") return { label, detail, example: `For example: ${first}.` };
    // Coverage names what is missing: the terms (or products) first, and one question searchers ask.
    const missing = [examples.find((e) => e.startsWith("Missing")), examples.find((e) => e.startsWith("Unanswered"))];
    return { label, detail, example: `${missing.filter(Boolean).join(". ")}.` };
  });
}
