import type { DB } from "#app/db/client.server";
import { contentToHtml, type ContentFormat } from "./markdown";
import { createArticle, updateArticle } from "./mutations.server";

/**
 * Saving the write screen's one form. Parsing the form, the answers and the redirects are the route's
 * (app/routes/dashboard/write/write.server.ts); what the page shows is assembled beside it (screen.server.ts).
 */

export const TITLE_MAX_CHARS = 200;
export const META_MAX_CHARS = 500;
export const KEYWORD_MAX_CHARS = 120;

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
