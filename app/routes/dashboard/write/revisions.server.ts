import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { acceptAiEdit, restoreRevision, undoAiEdit } from "#app/modules/articles/restore.server";
import { getRevision, listRevisions, REVISION_KIND_LABELS, type Revision } from "#app/modules/articles/revisions.server";
import { editUrl, historyUrl } from "#app/modules/articles/urls";
import type { AuthState } from "#app/modules/auth/guards.server";
import { diffArticleHtmlOffThread } from "#app/modules/generation/edit-diff.server";
import { comparable } from "#app/modules/generation/edit-diff";
import { parseSubmission, readFormData } from "#app/utils/forms.server";
import { formatDateTime } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import { proposalAction } from "./proposal.server";

/**
 * The write screen's history (app/modules/articles/revisions.server.ts): the
 * panel's data, and the revision actions posted to
 * /dashboard/articles/:id/revisions: Restore (a form: redirect with a toast,
 * with or without JavaScript), and the editor's Accept and 'Undo AI edit'
 * (its script: JSON).
 */

const html = z.string().max(1_000_000);
const RevisionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), revisionId: z.string().trim().min(1, "Choose a version to restore.") }),
  z.object({ intent: z.literal("ai-accept"), before: html, after: html }),
  z.object({ intent: z.literal("undo-ai"), html: html.optional() }),
  z.object({ intent: z.literal("accept-proposal"), generationId: z.string().trim().min(1) }),
  z.object({ intent: z.literal("discard-proposal"), generationId: z.string().trim().min(1) }),
]);

/** The history panel (?history=1), and the diff of &from= to &to= when both are this article's revisions. */
export async function loadHistory(db: DB, siteId: string, articleId: string, url: URL, timeZone: string) {
  const revisions = await listRevisions(db, siteId, articleId);
  const fromId = url.searchParams.get("from");
  const toId = url.searchParams.get("to");
  const [from, to] = await Promise.all([
    fromId ? getRevision(db, siteId, articleId, fromId) : null,
    toId ? getRevision(db, siteId, articleId, toId) : null,
  ]);
  const describe = (r: Revision) => ({
    id: r.id,
    seq: r.seq,
    label: `#${r.seq} ${REVISION_KIND_LABELS[r.kind]}, ${formatDateTime(r.saved_at, timeZone)}`,
  });
  return {
    rows: revisions.map((r) => ({
      ...r,
      kindLabel: REVISION_KIND_LABELS[r.kind],
      when: formatDateTime(r.savedAt, timeZone),
    })),
    compare:
      from && to
        ? { from: describe(from), to: describe(to), diff: await diffArticleHtmlOffThread(comparable(from), comparable(to)) }
        : null,
    /** A pair was asked for but one of them is not this article's (or was pruned). */
    compareMissing: Boolean((fromId || toId) && !(from && to)),
  };
}

export type HistoryData = Awaited<ReturnType<typeof loadHistory>>;

export async function revisionAction(db: DB, auth: AuthState, articleId: string, request: Request) {
  const formData = await readFormData(request);
  if (!formData)
    return redirectWithToast(historyUrl(articleId), { type: "error", title: "Could not restore", description: "Please try again." });
  const { submission } = await parseSubmission(formData, RevisionActionSchema);
  const editor = { siteId: auth.site.id, userId: auth.user.id };
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please try again.";
    if (formData.get("intent") === "restore") {
      return redirectWithToast(historyUrl(articleId), { type: "error", title: "Could not restore", description: message });
    }
    return Response.json({ ok: false, error: message }, { status: 400 });
  }
  const input = submission.value;
  if (input.intent === "restore") {
    const restored = await restoreRevision(db, editor, articleId, input.revisionId);
    if (!restored) {
      return redirectWithToast(historyUrl(articleId), {
        type: "error",
        title: "Could not restore",
        description: "That version no longer exists.",
      });
    }
    // &restored= gives the editor a fresh start on the restored text (the write form's key).
    return redirectWithToast(`${editUrl(articleId)}&restored=${encodeURIComponent(input.revisionId)}`, {
      type: "success",
      title: "Version restored",
      description: "Your text before the restore stays in the history.",
    });
  }
  if (input.intent === "accept-proposal" || input.intent === "discard-proposal") {
    return proposalAction(db, editor, articleId, input.intent === "accept-proposal" ? "accept" : "discard", input.generationId);
  }
  if (input.intent === "ai-accept") {
    const accepted = await acceptAiEdit(db, editor, articleId, input);
    return accepted ? Response.json({ ok: true, error: null }) : Response.json({ ok: false, error: "Article not found" }, { status: 404 });
  }
  const undone = await undoAiEdit(db, editor, articleId, input.html ?? null);
  if (!undone) return Response.json({ ok: false, error: "Article not found" }, { status: 404 });
  if (undone === "nothing-to-undo") return Response.json({ ok: false, error: "There is no accepted AI edit to undo." }, { status: 409 });
  return Response.json({ ok: true, error: null, html: undone.article.content_html, keptRevisionId: undone.keptRevisionId });
}
