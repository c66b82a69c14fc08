import type { DB } from "#app/db/client.server";
import { linkShortfallOfArticle } from "#app/modules/generation/link-shortfall.server";
import type { LinkAmount } from "#app/modules/settings/content-options";
import { siteSentencesOfArticle } from "./site-sentences.server";

/**
 * What the write screen's SEO panel needs from the server besides the site's settings and the links' checks:
 * which of the stored article's sentences the site's other articles hold (two indexed reads, no scoring), and
 * why its writer linked less than the settings ask.
 */
export async function panelFactsOfArticle(
  db: DB,
  siteId: string,
  articleId: string | null | undefined,
  wanted: { internalLinksWanted: LinkAmount; externalLinksWanted: LinkAmount },
) {
  const [siteSentences, linkShortfall] = await Promise.all([
    siteSentencesOfArticle(db, siteId, articleId),
    linkShortfallOfArticle(db, siteId, articleId, wanted),
  ]);
  return { siteSentences, linkShortfall };
}
