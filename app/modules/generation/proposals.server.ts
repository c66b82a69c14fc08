import { inTransaction, type DB } from "#app/db/client.server";
import type { ArticleProposalsTable } from "#app/db/schema";
import { deriveArticleFields, getArticle, updateArticle } from "#app/modules/articles/mutations.server";
import { recordWorkingLinks } from "#app/modules/backlinks/links.server";
import { isoNow } from "#app/utils/time";
import { removeGeneratedImages, replaceArticleImages } from "./images.server";
import type { Selectable } from "kysely";
import type { GenerationState, StoredImage } from "./steps";

/**
 * A regeneration of an article that already has text (a search refresh, 'Regenerate with AI') proposes its
 * version rather than replacing the working copy (docs/decisions/066-refresh-proposes.md). The proposal waits
 * beside the article, one per article (a newer one replaces it), until the customer accepts it (it becomes the
 * working copy, an 'New AI version accepted' revision, so the text before stays one Restore away) or discards it.
 * Its images are kept while it waits (removeGeneratedImages looks here too).
 */

export type Proposal = Selectable<ArticleProposalsTable>;

export type ProposedVersion = {
  generationId: string;
  title: string;
  slug: string;
  contentHtml: string;
  metaDescription: string;
  targetKeyword: string;
  featuredImage: string | null;
  images: StoredImage[];
  source: "ai" | "offline";
  seoScore: number;
  wordCount: number;
};

const imagesOf = (proposal: Proposal) => JSON.parse(proposal.images) as StoredImage[];

/** Whether a regeneration of this article proposes: only text someone could lose is worth protecting. */
export async function regenerationProposes(db: DB, siteId: string, articleId: string) {
  const article = await getArticle(db, siteId, articleId);
  return Boolean(article && (article.content_html.trim() || article.featured_image));
}

/**
 * Stores the proposal (inside the generation's success transaction), replacing a waiting one; returns the image
 * URLs of the replaced proposal, for removeGeneratedImages once committed.
 */
export async function saveProposal(db: DB, siteId: string, articleId: string, version: ProposedVersion) {
  const replaced = await getProposal(db, siteId, articleId);
  await db.deleteFrom("article_proposals").where("article_id", "=", articleId).where("site_id", "=", siteId).execute();
  await db
    .insertInto("article_proposals")
    .values({
      article_id: articleId,
      site_id: siteId,
      generation_id: version.generationId,
      title: version.title,
      slug: version.slug,
      content_html: version.contentHtml,
      meta_description: version.metaDescription,
      target_keyword: version.targetKeyword,
      featured_image: version.featuredImage,
      images: JSON.stringify(version.images),
      source: version.source,
      seo_score: version.seoScore,
      word_count: version.wordCount,
      created_at: isoNow(),
    })
    .execute();
  const kept = new Set(version.images.map((i) => i.url));
  return replaced
    ? imagesOf(replaced)
        .map((i) => i.url)
        .filter((url) => !kept.has(url))
    : [];
}

export async function getProposal(db: DB, siteId: string, articleId: string): Promise<Proposal | null> {
  const row = await db
    .selectFrom("article_proposals")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .executeTakeFirst();
  return row ?? null;
}

type Editor = { siteId: string; userId: string };

/** Outside links the generation's research found working, as recorded when its text is adopted. */
async function verifiedLinksOf(db: DB, generationId: string) {
  const row = await db.selectFrom("generations").select("state").where("id", "=", generationId).executeTakeFirst();
  return row ? ((JSON.parse(row.state) as GenerationState).verifiedLinks ?? null) : null;
}

/**
 * Accept: the proposal becomes the working copy (a 'proposal_accept' revision; the text before stays in the
 * history) with its images and source. Null when there is no waiting proposal for this site's article.
 */
export async function acceptProposal(db: DB, editor: Editor, articleId: string) {
  const { siteId } = editor;
  const [proposal, article] = await Promise.all([getProposal(db, siteId, articleId), getArticle(db, siteId, articleId)]);
  if (!proposal || !article) return null;
  // Derived before the transaction opens, on the CPU workers, as every save (docs/decisions/053).
  const derived = await deriveArticleFields(db, siteId, {
    title: proposal.title,
    html: proposal.content_html,
    sanitize: true,
    metaDescription: proposal.meta_description,
    targetKeyword: proposal.target_keyword,
    articleId,
  });
  const verified = await verifiedLinksOf(db, proposal.generation_id);
  const { updated, replaced } = await inTransaction(db, async (trx) => {
    const current = await getProposal(trx, siteId, articleId);
    // Accepted or discarded meanwhile (another tab): nothing to do.
    if (!current || current.generation_id !== proposal.generation_id) return { updated: null, replaced: [] };
    const replaced = await replaceArticleImages(trx, articleId, imagesOf(proposal));
    const updated = await updateArticle(
      trx,
      siteId,
      articleId,
      {
        title: proposal.title,
        // A published article keeps its address (its rankings belong to it); a draft's follows the new title.
        ...(article.status === "published" ? {} : { slug: proposal.slug }),
        metaDescription: proposal.meta_description,
        targetKeyword: proposal.target_keyword,
        contentHtml: derived.contentHtml,
        featuredImage: proposal.featured_image,
        source: proposal.source,
      },
      { derived, revision: { kind: "proposal_accept", userId: editor.userId } },
    );
    if (verified) {
      const urls = verified.urls.filter((u) => derived.contentHtml.includes(`href="${u}"`));
      await recordWorkingLinks(trx, siteId, articleId, urls, verified.at);
    }
    await trx.deleteFrom("article_proposals").where("article_id", "=", articleId).where("site_id", "=", siteId).execute();
    return { updated, replaced };
  });
  await removeGeneratedImages(db, articleId, replaced);
  return updated;
}

/** Discard: the proposal goes, with its images nothing else shows; the working copy is untouched. False when none waits. */
export async function discardProposal(db: DB, editor: Editor, articleId: string) {
  const proposal = await getProposal(db, editor.siteId, articleId);
  if (!proposal) return false;
  await db.deleteFrom("article_proposals").where("article_id", "=", articleId).where("site_id", "=", editor.siteId).execute();
  await removeGeneratedImages(
    db,
    articleId,
    imagesOf(proposal).map((i) => i.url),
  );
  return true;
}
