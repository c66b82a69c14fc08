import { useId, useMemo, useState } from "react";
import type { ContentControl } from "#app/components/editor/content-field";
import { DiffView } from "#app/components/editor/diff-view";
import type { AiSelectionRequest } from "#app/components/editor/toolbar";
import { showToast } from "#app/components/toaster";
import { Button } from "#app/components/ui/button";
import { ChoiceDialog } from "#app/components/confirm-dialog";
import { Dialog } from "#app/components/ui/dialog";
import { revisionsAction } from "#app/modules/articles/urls";
import { WRITE_MESSAGES } from "#app/modules/articles/write-messages";
import { diffArticleHtml } from "#app/modules/generation/edit-diff";

/**
 * AI edits with JavaScript (docs/decisions/036-ai-edits-reviewed-before-applied.md):
 * the rewrite of the whole draft, a section or the selection is fetched from
 * /dashboard/write/ai, shown as a word diff, and reaches the editor only on
 * Accept; the content before the last accepted edit stays one Undo away.
 * Saving is the write form's (autosave or the bar), like any other change.
 * Accept and Undo also tell the server (the article's revisions action): the
 * Accept is recorded as its own revision with the text just before it, and
 * Undo restores that text there while keeping what was typed since as a
 * revision of its own (app/modules/articles/restore.server.ts).
 */

const FAILED = "Failed to generate AI article. Please try again.";

/** Posts an AI action for the editor; resolves to the rewritten HTML or rejects with the message to show. */
async function requestAiEdit(fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  body.set("js", "1");
  const response = await fetch("/dashboard/write/ai", { method: "POST", body });
  const result = (await response.json().catch(() => null)) as {
    ok: boolean;
    error: string | null;
    html: string | null;
    notice?: boolean;
  } | null;
  if (result?.notice) throw new WriterLimit(result.error ?? FAILED);
  if (!result?.ok || result.html === null) throw new Error(result?.error ?? FAILED);
  return result.html;
}

/** The writer cannot do what was asked: a neutral notice that nothing changed (ai.server.ts). */
class WriterLimit extends Error {}

/** Posts to the article's revisions action; resolves to its JSON answer, or null when it could not be reached. */
async function postRevision(articleId: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  try {
    const response = await fetch(revisionsAction(articleId), { method: "POST", body });
    return (await response.json()) as { ok: boolean; error: string | null; html?: string };
  } catch {
    return null;
  }
}

type Review = { label: string; before: string; after: string; apply: (html: string) => void };
export type WholeEdit = { intent: "edit"; instruction: string } | { intent: "regenerate-section"; heading: string };

export function useAiEdits({
  content,
  articleId,
  keyword,
}: {
  content: React.RefObject<ContentControl | null>;
  articleId: string | null;
  keyword: string;
}) {
  const [pending, setPending] = useState<string | null>(null);
  const [review, setReview] = useState<Review | null>(null);
  const [asking, setAsking] = useState<AiSelectionRequest | null>(null);
  const [undo, setUndo] = useState<string | null>(null);

  const run = async (label: string, fields: Record<string, string>, before: string, apply: (html: string) => void) => {
    setPending(label);
    try {
      const after = await requestAiEdit(fields);
      setReview({ label, before, after, apply });
    } catch (error) {
      if (error instanceof WriterLimit) showToast({ type: "info", title: WRITE_MESSAGES.writerLimit, description: error.message });
      else showToast({ type: "error", title: "Error generating article", description: error instanceof Error ? error.message : FAILED });
    } finally {
      setPending(null);
    }
  };

  return {
    pending,
    review,
    asking,
    undo,
    /** 'Apply to the whole draft' and 'Regenerate section', on what the editor holds now. */
    whole: (edit: WholeEdit) => {
      const control = content.current;
      if (!control || !articleId) return;
      const before = control.getHtml();
      const label = edit.intent === "edit" ? `Edit with AI: “${edit.instruction}”` : `Regenerate section: “${edit.heading}”`;
      void run(label, { ...edit, articleId, html: before }, before, (html) => control.setHtml(html));
    },
    /** The toolbar's 'AI edit': ask for the instruction first. */
    selection: (request: AiSelectionRequest) => setAsking(request),
    rewriteSelection: (instruction: string) => {
      const request = asking;
      setAsking(null);
      if (!request) return;
      const fields = { intent: "edit-selection", html: request.html, instruction, keyword, ...(articleId ? { articleId } : {}) };
      void run(`AI edit of the selection: “${instruction}”`, fields, request.html, request.apply);
    },
    cancelAsking: () => setAsking(null),
    accept: () => {
      if (!review) return;
      const before = content.current?.getHtml() ?? null;
      setUndo(before);
      review.apply(review.after);
      setReview(null);
      // The editor commits an update after the current task (Lexical batches it): read the accepted text once it has,
      // or the revision would record the text before the edit as the accepted one.
      setTimeout(() => {
        const after = content.current?.getHtml();
        if (articleId && before !== null && after !== undefined) void postRevision(articleId, { intent: "ai-accept", before, after });
      }, 0);
    },
    discard: () => setReview(null),
    undoLast: async () => {
      const control = content.current;
      if (undo === null || !control) return;
      setUndo(null);
      // The server restores the revision before the Accept and keeps the typing since as its own revision.
      const answer = articleId ? await postRevision(articleId, { intent: "undo-ai", html: control.getHtml() }) : null;
      control.setHtml(answer?.ok && typeof answer.html === "string" ? answer.html : undo);
      if (answer?.ok) showToast({ type: "success", title: "AI edit undone", description: "What you typed since is kept in the history." });
    },
  };
}

export type AiEdits = ReturnType<typeof useAiEdits>;

/** The instruction, working and review dialogs of useAiEdits; render outside the write <form> (they hold forms of their own). */
export function AiEditDialogs({ ai }: { ai: AiEdits }) {
  const inputId = useId();
  const diff = useMemo(() => (ai.review ? diffArticleHtml(ai.review.before, ai.review.after) : null), [ai.review]);
  return (
    <>
      <Dialog
        open={ai.asking !== null}
        onOpenChange={(open) => (open ? null : ai.cancelAsking())}
        title="Edit the selection with AI"
        description="Say what to change; you will see the rewrite before anything changes."
      >
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const value = String(new FormData(event.currentTarget).get("instruction") ?? "").trim();
            if (value) ai.rewriteSelection(value);
          }}
        >
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            Instruction
          </label>
          <input
            id={inputId}
            name="instruction"
            required
            maxLength={1000}
            autoFocus
            placeholder="e.g. Make it shorter"
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={ai.cancelAsking}>
              Cancel
            </Button>
            <Button type="submit">Rewrite</Button>
          </div>
        </form>
      </Dialog>
      <Dialog open={ai.pending !== null} onOpenChange={() => undefined} title="Rewriting with AI…" description={ai.pending ?? ""}>
        <p role="status" className="text-sm text-slate-600">
          The rewrite will be shown for review; nothing changes until you accept it.
        </p>
      </Dialog>
      <ChoiceDialog
        open={ai.review !== null}
        onCancel={ai.discard}
        onConfirm={ai.accept}
        title="Review the AI edit"
        description={ai.review ? `${ai.review.label}. Nothing changes until you accept.` : ""}
        cancelLabel="Discard"
        confirmLabel="Accept"
        className="max-w-2xl"
      >
        {diff ? <DiffView diff={diff} /> : null}
      </ChoiceDialog>
    </>
  );
}
