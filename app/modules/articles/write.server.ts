import { data } from "react-router";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { logger } from "#app/utils/logger.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { contentToHtml, parseContentFormat, type ContentFormat } from "./markdown";
import { createArticle, getArticle, getSeoContext, updateArticle } from "./mutations.server";
import { getUsageSummary, isQuotaError } from "./quota.server";
import { ARTICLE_TOO_LARGE_MESSAGE, isArticleTooLarge, isArticleTooLargeError } from "./sanitize.server";
import { analyseArticle } from "./analyse.server";
import { editUrl } from "./urls";
import { WRITE_MESSAGES as MESSAGES } from "./write-messages";

/**
 * The write screen's server side: what its loader shows and what its one form
 * does (save a draft, or save and open the publish dialog). The route module
 * only wires these to React Router.
 */

export const TITLE_MAX_CHARS = 200;
export const META_MAX_CHARS = 500;
export const KEYWORD_MAX_CHARS = 120;

export { WRITE_MESSAGES as MESSAGES } from "./write-messages";

export async function loadWriteScreen(db: DB, auth: AuthState, url: URL) {
  const editId = url.searchParams.get("edit");
  const article = editId ? await getArticle(db, auth.site.id, editId) : null;
  if (editId && !article) {
    // Unknown and other sites' ids look the same: 404, nothing leaked.
    throw data(MESSAGES.loadFailed, { status: 404 });
  }
  const [usage, seoContext, connections] = await Promise.all([
    getUsageSummary(db, auth.workspace.id, auth.site.id),
    getSeoContext(db, auth.site.id),
    db
      .selectFrom("cms_connections")
      .select(["id", "platform", "site_url"])
      .where("site_id", "=", auth.site.id)
      .where("status", "=", "active")
      .orderBy("created_at")
      .execute(),
  ]);
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
      }
    : null;
  // Scoring a large article is real work: it runs where analyseArticle decides (the worker thread past 48 KB).
  const seo = saved
    ? (await analyseArticle({ html: saved.contentHtml, sanitize: false, seo: { ...seoContext, title: saved.title, metaDescription: saved.metaDescription, keyword: saved.targetKeyword } })).seo
    : null;
  return {
    article: saved,
    seo,
    seoContext,
    usage,
    publishOpen: !!saved && url.searchParams.get("publish") === "1",
    connections: connections.map((c) => ({ id: c.id, platform: c.platform, siteUrl: c.site_url })),
  };
}

const WriteSchema = z.object({
  intent: z.enum(["save", "publish"]).catch("save"),
  articleId: z.string().trim().max(100).optional(),
  title: z.string().trim().max(TITLE_MAX_CHARS, `Please keep the title under ${TITLE_MAX_CHARS} characters.`),
  targetKeyword: z.string().trim().max(KEYWORD_MAX_CHARS, `Please keep the keyword under ${KEYWORD_MAX_CHARS} characters.`).default(""),
  metaDescription: z.string().trim().max(META_MAX_CHARS, `Please keep the meta description under ${META_MAX_CHARS} characters.`).default(""),
  content: z.string().refine((value) => !isArticleTooLarge(value), ARTICLE_TOO_LARGE_MESSAGE).default(""),
  contentFormat: z.string().optional(),
});

export type WriteValues = { title: string; targetKeyword: string; metaDescription: string; content: string; contentFormat: ContentFormat };

export type WriteActionData = {
  fieldErrors: Partial<Record<"title" | "targetKeyword" | "metaDescription" | "content", string[]>>;
  formError?: { title: string; description?: string };
  values: WriteValues;
};

function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

export async function handleWriteAction(db: DB, auth: AuthState, request: Request, requestId: string) {
  const form = await request.formData();
  const raw = {
    intent: text(form, "intent"),
    articleId: text(form, "articleId") || new URL(request.url).searchParams.get("edit") || undefined,
    title: text(form, "title") ?? "",
    targetKeyword: text(form, "targetKeyword"),
    metaDescription: text(form, "metaDescription"),
    content: text(form, "content"),
    contentFormat: text(form, "contentFormat"),
  };
  const format = parseContentFormat(raw.contentFormat);
  const values: WriteValues = {
    title: raw.title,
    targetKeyword: raw.targetKeyword ?? "",
    metaDescription: raw.metaDescription ?? "",
    content: raw.content ?? "",
    contentFormat: format,
  };
  const parsed = WriteSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as WriteActionData["fieldErrors"];
    return data<WriteActionData>({ fieldErrors, values }, { status: 400 });
  }
  const input = parsed.data;
  if (!input.title) {
    return data<WriteActionData>({ fieldErrors: { title: [MESSAGES.titleRequired.description] }, formError: MESSAGES.titleRequired, values }, { status: 400 });
  }

  const fields = {
    title: input.title,
    targetKeyword: input.targetKeyword,
    metaDescription: input.metaDescription,
    contentHtml: contentToHtml(input.content, format),
  };
  let saved: { id: string; toast: string } | null;
  try {
    if (input.articleId) {
      const updated = await updateArticle(db, auth.site.id, input.articleId, fields);
      saved = updated ? { id: updated.id, toast: MESSAGES.updated } : null;
    } else {
      const created = await createArticle(db, { ...fields, workspaceId: auth.workspace.id, siteId: auth.site.id, authorId: auth.user.id, source: "manual" });
      saved = { id: created.id, toast: MESSAGES.saved };
    }
  } catch (error) {
    if (isQuotaError(error)) {
      return data<WriteActionData>({ fieldErrors: {}, formError: { title: error.title, description: error.message }, values }, { status: 403 });
    }
    // Markdown can grow on its way to HTML: the limit is checked again on what is stored.
    if (isArticleTooLargeError(error)) {
      return data<WriteActionData>({ fieldErrors: { content: [ARTICLE_TOO_LARGE_MESSAGE] }, values }, { status: 400 });
    }
    logger.error({ err: error, requestId, siteId: auth.site.id, articleId: input.articleId ?? null }, "saving an article failed");
    return data<WriteActionData>({ fieldErrors: {}, formError: MESSAGES.saveFailed, values }, { status: 500 });
  }
  // An id that is not this site's: the same answer as an unknown one.
  if (!saved) throw data(MESSAGES.loadFailed, { status: 404 });
  return redirectWithToast(editUrl(saved.id, { publish: input.intent === "publish" }), { type: "success", title: saved.toast });
}
