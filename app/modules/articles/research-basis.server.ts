import type { DB } from "#app/db/client.server";
import { getArticleResearch } from "#app/modules/research/article-research.server";
import { researchBasis, type ResearchBasis } from "./coverage";

/**
 * What the article's stored research and claim ledger give the SEO panel (coverage.ts): the write screen, every
 * save and the rescoring job read it, so the stored score and the panel measure against the same research.
 * Null when the article has none (written by hand, or not saved yet).
 */
export async function researchBasisOfArticle(db: DB, siteId: string, articleId: string | null | undefined): Promise<ResearchBasis | null> {
  if (!articleId) return null;
  return researchBasis(await getArticleResearch(db, siteId, articleId));
}
