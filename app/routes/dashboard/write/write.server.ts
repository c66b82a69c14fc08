import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { parseContentFormat } from "#app/modules/articles/markdown";
import { isQuotaError } from "#app/modules/articles/quota.server";
import { ARTICLE_TOO_LARGE_MESSAGE, isArticleTooLarge, isArticleTooLargeError } from "#app/modules/articles/sanitize.server";
import { WRITE_MESSAGES as MESSAGES } from "#app/modules/articles/write-messages";
import { editUrl } from "#app/modules/articles/urls";
import { KEYWORD_MAX_CHARS, META_MAX_CHARS, saveArticle, TITLE_MAX_CHARS } from "#app/modules/articles/write.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { parseSubmission, readFormData, replyError } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { LIVE_CHECK_INTENT, liveCheckAction } from "./live-check.server";
import { EDITOR_ANCHOR } from "./write-form";

/**
 * The write form's action: save a draft, or save and open the publish dialog,
 * or autosave (the editor's script, a fetcher: answers JSON, no toast, no
 * redirect). Checked on the server only: the content's size limit is measured
 * where it is stored. Without JavaScript (no `js` field) the redirect carries
 * #editor so the browser lands back at the form, not the top of the page.
 */

const WriteSchema = z.object({
  // ai-accept: the no-JS review page's Accept, recorded as an 'AI edit accepted' revision.
  intent: z.enum(["save", "publish", "autosave", "ai-accept"]).catch("save"),
  js: z.string().optional(),
  articleId: z.string().trim().max(100).optional(),
  title: z
    .string({ error: MESSAGES.titleRequired.description })
    .trim()
    .min(1, MESSAGES.titleRequired.description)
    .max(TITLE_MAX_CHARS, `Please keep the title under ${TITLE_MAX_CHARS} characters.`),
  targetKeyword: z.string().trim().max(KEYWORD_MAX_CHARS, `Please keep the keyword under ${KEYWORD_MAX_CHARS} characters.`).default(""),
  metaDescription: z
    .string()
    .trim()
    .max(META_MAX_CHARS, `Please keep the meta description under ${META_MAX_CHARS} characters.`)
    .default(""),
  content: z
    .string()
    .refine((value) => !isArticleTooLarge(value), ARTICLE_TOO_LARGE_MESSAGE)
    .default(""),
  contentFormat: z.string().optional(),
});

export async function writeAction(db: DB, auth: AuthState, request: Request, url: URL, requestId: string) {
  const formData = await readFormData(request);
  if (!formData) return redirectWithToast(url.pathname + url.search, { type: "error", ...MESSAGES.saveFailed });
  // The after-publish check's 'Check again' posts to the article's page too.
  if (formData.get("intent") === LIVE_CHECK_INTENT) return liveCheckAction(db, auth, formData);
  const { submission } = await parseSubmission(formData, WriteSchema);
  if (submission.status !== "success") {
    if (formData.get("intent") === "autosave") return { autosave: { ok: false as const, error: MESSAGES.autosaveFailed } };
    const titleMissing = submission.error?.title?.includes(MESSAGES.titleRequired.description);
    return replyError(submission, { notice: titleMissing ? MESSAGES.titleRequired : null });
  }
  const { intent, contentFormat, js, ...input } = submission.value;
  const autosave = intent === "autosave";
  // A form without the hidden id (an old tab) still updates the article it is editing.
  const articleId = input.articleId || url.searchParams.get("edit") || undefined;
  let saved: Awaited<ReturnType<typeof saveArticle>>;
  try {
    const tenant = { workspaceId: auth.workspace.id, siteId: auth.site.id, userId: auth.user.id };
    const kind = autosave ? "autosave" : intent === "ai-accept" ? "ai_accept" : "save";
    saved = await saveArticle(db, tenant, { ...input, articleId, contentFormat: parseContentFormat(contentFormat), kind });
  } catch (error) {
    if (autosave) {
      logger.warn({ err: error, requestId, siteId: auth.site.id, articleId: articleId ?? null }, "autosave failed");
      return { autosave: { ok: false as const, error: MESSAGES.autosaveFailed } };
    }
    if (isQuotaError(error)) return replyError(submission, { status: 403, notice: { title: error.title, description: error.message } });
    // Markdown can grow on its way to HTML: the limit is checked again on what is stored.
    if (isArticleTooLargeError(error)) return replyError(submission, { fieldErrors: { content: [ARTICLE_TOO_LARGE_MESSAGE] } });
    logger.error({ err: error, requestId, siteId: auth.site.id, articleId: articleId ?? null }, "saving an article failed");
    return replyError(submission, { status: 500, notice: MESSAGES.saveFailed });
  }
  // An id that is not this site's: the same answer as an unknown one.
  if (!saved) notFound(MESSAGES.loadFailed.title);
  if (autosave) {
    return { autosave: { ok: true as const, articleId: saved.id, savedAt: new Date().toISOString() } };
  }
  // The publish dialog is fixed on screen; a save lands back at the form.
  const anchor = js || intent === "publish" ? "" : `#${EDITOR_ANCHOR}`;
  return redirectWithToast(editUrl(saved.id, { publish: intent === "publish" }) + anchor, {
    type: "success",
    title: saved.created ? MESSAGES.saved : MESSAGES.updated,
  });
}
