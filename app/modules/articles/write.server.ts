import type { DB } from "#app/db/client.server";
import { usableConnections } from "#app/modules/publishing/connections.server";
import { contentHash } from "#app/modules/publishing/post.server";
import { publicationsOfArticle } from "#app/modules/publishing/publish.server";
import { contentToHtml, type ContentFormat } from "./markdown";
import { createArticle, getArticle, getSeoContext, updateArticle } from "./mutations.server";
import { getUsageSummary } from "./quota.server";
import { analyseArticle } from "./analyse.server";
import { linkChecksOfArticle } from "./link-checks.server";
import { currentRevisionIds, getRevision, revisionHash } from "./revisions.server";
import { panelFactsOfArticle } from "./panel-facts.server";

/**
 * The write screen's domain side: what its page shows and saving its one form.
 * Parsing the form, the answers and the redirects are the route's
 * (app/routes/dashboard/write/write.server.ts).
 */

export const TITLE_MAX_CHARS = 200;
export const META_MAX_CHARS = 500;
export const KEYWORD_MAX_CHARS = 120;

/** The write screen's data: the article to edit (?edit=) and what the page shows beside it; null when that article is not this site's. */
export async function loadWriteScreen(
  db: DB,
  tenant: { workspaceId: string; siteId: string },
  { editId, publish }: { editId: string | null; publish: boolean },
) {
  const article = editId ? await getArticle(db, tenant.siteId, editId) : null;
  // Unknown and other sites' ids look the same: the route answers 404, nothing leaked.
  if (editId && !article) return null;
  const [usage, siteSeoContext, linkChecks, connections, publications, revisionIds] = await Promise.all([
    getUsageSummary(db, tenant.workspaceId, tenant.siteId),
    getSeoContext(db, tenant.siteId),
    // The SEO panel's link check reads the Backlinks page's results (a new article's links are all unchecked).
    linkChecksOfArticle(db, tenant.siteId, article?.id),
    usableConnections(db, tenant.siteId),
    article ? publicationsOfArticle(db, tenant.siteId, article.id) : [],
    currentRevisionIds(db, article ? [article.id] : []),
  ]);
  const revisionId = article ? (revisionIds.get(article.id) ?? null) : null;
  const seoContext = { ...siteSeoContext, linkChecks, ...(await panelFactsOfArticle(db, tenant.siteId, article?.id, siteSeoContext)) };
  const currentHash = article ? contentHash(article) : null;
  // A scheduled publication sends the revision it names: edits made since are not in it.
  const scheduledHashes = new Map<string, string>();
  for (const p of publications) {
    if (!article || p.status !== "scheduled" || !p.revisionId) continue;
    const named = await getRevision(db, tenant.siteId, article.id, p.revisionId);
    if (named) scheduledHashes.set(p.id, revisionHash(named));
  }
  const saved = article
    ? {
        id: article.id,
        title: article.title,
        targetKeyword: article.target_keyword,
        metaDescription: article.meta_description,
        contentHtml: article.content_html,
        status: article.status,
        source: article.source,
        updatedAt: article.updated_at,
        /** The revision that holds the working copy (revisions.server.ts). */
        revisionId,
      }
    : null;
  // Scoring a large article is real work: it runs where analyseArticle decides (the worker thread past 48 KB).
  const seo = saved
    ? (
        await analyseArticle({
          html: saved.contentHtml,
          sanitize: false,
          seo: { ...seoContext, title: saved.title, metaDescription: saved.metaDescription, keyword: saved.targetKeyword },
        })
      ).seo
    : null;
  return {
    article: saved,
    seo,
    seoContext,
    usage,
    publishOpen: !!saved && publish,
    connections: connections.map((c) => ({ id: c.id, platform: c.platform, name: c.name, siteUrl: c.siteUrl, isDefault: c.isDefault })),
    // Each destination the article went to, and whether what is there differs from the working copy: the revision it
    // sent (its content_hash is that revision's) against the article now; sentRevisionId lets the page show the diff.
    publications: publications.map(({ contentHash: sentHash, revisionId: sentRevisionId, ...p }) => ({
      ...p,
      sentRevisionId,
      outOfDate:
        (p.status === "published" && !!sentHash && sentHash !== currentHash) ||
        (scheduledHashes.has(p.id) && scheduledHashes.get(p.id) !== currentHash),
    })),
  };
}

export type SaveArticleInput = {
  articleId?: string;
  title: string;
  targetKeyword: string;
  metaDescription: string;
  content: string;
  contentFormat: ContentFormat;
  /** Which kind of save the form says this is (its intent); a revision of that kind is recorded. */
  kind?: "autosave" | "save" | "ai_accept";
};

/**
 * Saves the write form: updates the site's article, or creates a manual one
 * (counted by the article quota). Null when the id is not this site's. Throws
 * QuotaError (the plan's limit) and ArticleTooLargeError (the HTML past 512 KB
 * once converted from Markdown).
 */
export async function saveArticle(
  db: DB,
  tenant: { workspaceId: string; siteId: string; userId: string },
  input: SaveArticleInput,
  { now = new Date() }: { now?: Date } = {},
) {
  const fields = {
    title: input.title,
    targetKeyword: input.targetKeyword,
    metaDescription: input.metaDescription,
    contentHtml: contentToHtml(input.content, input.contentFormat),
  };
  if (input.articleId) {
    const revision = { kind: input.kind ?? "save", userId: tenant.userId };
    const updated = await updateArticle(db, tenant.siteId, input.articleId, fields, { revision, now });
    if (!updated) return null;
    return { id: updated.id, created: false };
  }
  const created = await createArticle(
    db,
    { ...fields, workspaceId: tenant.workspaceId, siteId: tenant.siteId, authorId: tenant.userId, source: "manual" },
    { revision: { kind: "save", userId: tenant.userId }, now },
  );
  return { id: created.id, created: true };
}
