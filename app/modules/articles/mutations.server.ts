import { inTransaction, type DB } from "#app/db/client.server";
import { announceRemovedPost } from "#app/modules/indexing/announce.server";
import { getEnv } from "#app/env.server";
import { blogAddress, blogUrl } from "#app/modules/hosted-blog/urls";
import type { ArticlesTable, ArticleStatus } from "#app/db/schema";
import { syncArticleLinks } from "#app/modules/backlinks/links.server";
import { removeStoredFiles } from "#app/modules/uploads/images.server";
import { forgetStoredImages, unsharedImagesOfArticle } from "#app/modules/uploads/stored-images.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { refreshArticleLedger } from "#app/modules/research/sources.server";
import { slugify } from "#app/utils/text";
import { analyseArticle } from "./analyse.server";
import { linkChecksOfArticle } from "./link-checks.server";
import { recordRevision, type RevisionSource } from "./revisions.server";
import { bodySentences } from "./site-sentences";
import { researchBasisOfArticle } from "./research-basis.server";
import { forgetArticleSentences, siteSentencesFor, syncArticleSentences } from "./site-sentences.server";
import { seoBasis } from "./stored-score";
import type { LengthBand, LinkAmount } from "./seo";
import type { Selectable } from "kysely";

/**
 * Every write of an article goes through here, whoever writes it (the editor,
 * the AI pipeline, an import): content is sanitized and normalised, word count,
 * slug and SEO score are recomputed, and every statement is scoped by site.
 */

export type Article = Selectable<ArticlesTable>;
type ArticleSource = Article["source"];

export type ArticleFields = {
  title: string;
  contentHtml: string;
  metaDescription?: string;
  targetKeyword?: string;
  /** Defaults to one derived from the title; made unique within the site. */
  slug?: string;
  topicId?: string | null;
  featuredImage?: string | null;
  source?: ArticleSource;
  status?: ArticleStatus;
};

export type CreateArticleInput = ArticleFields & { workspaceId: string; siteId: string; authorId: string | null };

/** revision: who saved and which kind of save (revisions.server.ts); without it a change is recorded as a plain save. */
type Options = { now?: Date; revision?: RevisionSource };
export type DerivedArticleFields = Awaited<ReturnType<typeof deriveArticleFields>>;

export async function getArticle(db: DB, siteId: string, articleId: string): Promise<Article | null> {
  const row = await db.selectFrom("articles").selectAll().where("site_id", "=", siteId).where("id", "=", articleId).executeTakeFirst();
  return row ?? null;
}

async function uniqueSlug(db: DB, siteId: string, wanted: string, exceptId: string | null) {
  const base = slugify(wanted);
  let query = db
    .selectFrom("articles")
    .select("slug")
    .where("site_id", "=", siteId)
    // "base" and every "base-…" lie in [base, "base.") since '-' sorts before '.': one range of the index
    // articles_site_slug, where LIKE (case-insensitive) scanned every article of the site. Others in the range
    // (say "base+x") only join the set, which is asked for base and base-N alone.
    .where("slug", ">=", base)
    .where("slug", "<", `${base}.`);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const taken = new Set((await query.execute()).map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function assertTopicInSite(db: DB, siteId: string, topicId: string | null | undefined) {
  if (!topicId) return;
  const topic = await db.selectFrom("topics").select("id").where("site_id", "=", siteId).where("id", "=", topicId).executeTakeFirst();
  if (!topic) throw new Error("Topic not found in this site");
}

/** What the SEO scorer needs from the site's settings; defaults match the schema's. */
export async function getSeoContext(db: DB, siteId: string) {
  const row = await db
    .selectFrom("sites as s")
    .leftJoin("content_settings as c", "c.site_id", "s.id")
    .leftJoin("blog_domains as d", (join) => join.onRef("d.site_id", "=", "s.id").on("d.status", "=", "active"))
    .leftJoin("blog_proxies as x", (join) => join.onRef("x.site_id", "=", "s.id").on("x.status", "=", "active"))
    .select([
      "s.url",
      "s.blog_slug",
      "d.hostname as blog_domain",
      "x.public_url as blog_proxy",
      "c.article_length",
      "c.internal_links_count",
      "c.external_links",
      "c.language",
    ])
    .where("s.id", "=", siteId)
    .executeTakeFirst();
  return {
    siteOrigin: row?.url ?? null,
    ownBlog: row?.blog_slug ? blogUrl(blogAddress(getEnv().appUrl, row.blog_slug, row.blog_domain, row.blog_proxy)) : null,
    lengthBand: (row?.article_length ?? "medium") as LengthBand,
    internalLinksWanted: (row?.internal_links_count ?? "regular") as LinkAmount,
    externalLinksWanted: (row?.external_links ?? "regular") as LinkAmount,
    language: row?.language ?? "en-US",
  };
}

/**
 * Sanitized content, word count and SEO score. Computed before a write
 * transaction opens, on a CPU worker thread whatever the body's size: no
 * transaction may wait on it (docs/decisions/020), and a burst of saves
 * analysed on the main thread (about 5 ms each) held every other request up
 * (docs/decisions/053). The generation pipeline computes them once itself and
 * hands them to updateArticle.
 */
export async function deriveArticleFields(
  db: DB,
  siteId: string,
  fields: { title: string; html: string; sanitize: boolean; metaDescription: string; targetKeyword: string; articleId?: string },
) {
  const context = await getSeoContext(db, siteId);
  const seo = {
    ...context,
    // The stored score agrees with the write screen's panel, which knows the links' last checks.
    linkChecks: await linkChecksOfArticle(db, siteId, fields.articleId),
    // The duplicate-content check: which of the body's sentences the site's other articles hold.
    siteSentences: await siteSentencesFor(db, siteId, fields.articleId, fields.html),
    // Topic coverage and the sources of its facts: what the article's research found (none for a new manual article).
    research: await researchBasisOfArticle(db, siteId, fields.articleId),
    title: fields.title,
    metaDescription: fields.metaDescription,
    keyword: fields.targetKeyword,
  };
  const analysis = await analyseArticle(
    { html: fields.html, sanitize: fields.sanitize, seo, links: fields.sanitize },
    { offMainThread: true },
  );
  return {
    contentHtml: analysis.html,
    wordCount: analysis.wordCount,
    seoScore: analysis.seoScore ?? 0,
    /** The whole verdict, and what it knew of the links' checks. */
    seo: analysis.seo,
    linkChecks: seo.linkChecks,
    // What the score was computed against, so the articles list knows when it is out of date (decision 038).
    seoBasis: seoBasis(context),
    links: analysis.links,
    /** The stored body's sentence hashes, for the site's duplicate-content index. */
    sentences: bodySentences(analysis.html).map((s) => s.hash),
  };
}

/**
 * Creates an article in one transaction: a failed creation leaves nothing
 * behind. Creating never counts against the plan's articles by itself: only
 * the AI engine's articles do, and startGeneration counts them
 * (quota.server, docs/decisions/035).
 */
export async function createArticle(db: DB, input: CreateArticleInput, { now = new Date(), revision }: Options = {}): Promise<Article> {
  const title = input.title.trim();
  const metaDescription = (input.metaDescription ?? "").trim();
  const targetKeyword = (input.targetKeyword ?? "").trim();
  const analysed = await deriveArticleFields(db, input.siteId, {
    title,
    html: input.contentHtml,
    sanitize: true,
    metaDescription,
    targetKeyword,
  });
  const { contentHtml, wordCount, seoScore, seoBasis: basis, links, sentences } = analysed;
  return inTransaction(db, async (trx) => {
    await assertTopicInSite(trx, input.siteId, input.topicId);
    const id = newId();
    const stamp = isoNow(now);
    const article = await trx
      .insertInto("articles")
      .values({
        id,
        site_id: input.siteId,
        author_id: input.authorId,
        topic_id: input.topicId ?? null,
        title,
        slug: await uniqueSlug(trx, input.siteId, input.slug || title, null),
        content_html: contentHtml,
        meta_description: metaDescription,
        target_keyword: targetKeyword,
        status: input.status ?? "draft",
        word_count: wordCount,
        featured_image: input.featuredImage ?? null,
        source: input.source ?? "manual",
        seo_score: seoScore,
        seo_basis: basis,
        created_at: stamp,
        updated_at: stamp,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await syncArticleLinks(trx, input.siteId, id, links ?? undefined);
    await syncArticleSentences(trx, input.siteId, id, sentences);
    // The first revision; an article still being generated gets its own once written.
    if (article.status !== "generating") {
      const written = input.source === "ai" || input.source === "offline";
      await recordRevision(trx, article, revision ?? { kind: written ? "generated" : "save", userId: input.authorId }, now);
    }
    return article;
  });
}

/**
 * Updates an article of this site; returns null when there is no such article
 * in the site (a foreign id behaves exactly like an unknown one). Never counts
 * against the quota.
 */
export async function updateArticle(
  db: DB,
  siteId: string,
  articleId: string,
  patch: Partial<ArticleFields>,
  { now = new Date(), derived, revision }: Options & { derived?: DerivedArticleFields } = {},
): Promise<Article | null> {
  const before = await getArticle(db, siteId, articleId);
  if (!before) return null;
  const title = patch.title !== undefined ? patch.title.trim() : before.title;
  const metaDescription = patch.metaDescription !== undefined ? patch.metaDescription.trim() : before.meta_description;
  const targetKeyword = patch.targetKeyword !== undefined ? patch.targetKeyword.trim() : before.target_keyword;
  // `derived`: the caller computed them from this patch (deriveArticleFields) before its transaction opened.
  const analysed =
    derived ??
    (await deriveArticleFields(db, siteId, {
      title,
      // Stored content was sanitized when it was written.
      html: patch.contentHtml ?? before.content_html,
      sanitize: patch.contentHtml !== undefined,
      metaDescription,
      targetKeyword,
      articleId,
    }));
  const { contentHtml, wordCount, seoScore, seoBasis: basis, links, sentences } = analysed;
  return inTransaction(db, async (trx) => {
    const current = await getArticle(trx, siteId, articleId);
    if (!current) return null;
    await assertTopicInSite(trx, siteId, patch.topicId);
    // A draft's slug follows its title; once published, the URL stays put unless set explicitly.
    let slug = current.slug;
    if (patch.slug) slug = await uniqueSlug(trx, siteId, patch.slug, articleId);
    else if (title !== current.title && current.status !== "published") slug = await uniqueSlug(trx, siteId, title, articleId);
    const updated = await trx
      .updateTable("articles")
      .set({
        title,
        slug,
        content_html: contentHtml,
        meta_description: metaDescription,
        target_keyword: targetKeyword,
        word_count: wordCount,
        seo_score: seoScore,
        seo_basis: basis,
        ...(patch.topicId !== undefined ? { topic_id: patch.topicId } : {}),
        ...(patch.featuredImage !== undefined ? { featured_image: patch.featuredImage } : {}),
        ...(patch.source !== undefined ? { source: patch.source } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        updated_at: isoNow(now),
      })
      .where("site_id", "=", siteId)
      .where("id", "=", articleId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // The Backlinks page follows the content; only a content change can change the links.
    if (patch.contentHtml !== undefined) {
      await syncArticleLinks(trx, siteId, articleId, links ?? undefined);
      await syncArticleSentences(trx, siteId, articleId, sentences);
      // The claim ledger follows the content: a fact or link taken out no longer lists its source.
      await refreshArticleLedger(trx, siteId, articleId, contentHtml);
    }
    if (updated.status !== "generating") await recordRevision(trx, updated, revision ?? null, now);
    return updated;
  });
}

/**
 * Deletes an article of this site; false when there is none. Usage is not
 * given back. Its generated images go too once the row is gone, except those
 * another article of the workspace shows.
 */
export async function deleteArticle(db: DB, siteId: string, articleId: string): Promise<boolean> {
  const { deleted, files } = await inTransaction(db, async (trx) => {
    const files = await unsharedImagesOfArticle(trx, siteId, articleId);
    await forgetArticleSentences(trx, siteId, articleId);
    // A post public on the hosted blog is gone from it: search engines are told (app/modules/indexing).
    await announceRemovedPost(trx, siteId, articleId);
    const result = await trx.deleteFrom("articles").where("site_id", "=", siteId).where("id", "=", articleId).executeTakeFirst();
    const deleted = Number(result.numDeletedRows) > 0;
    if (deleted) await forgetStoredImages(trx, files);
    return { deleted, files: deleted ? files : [] };
  });
  await removeStoredFiles(files);
  return deleted;
}
