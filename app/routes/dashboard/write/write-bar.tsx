import { Button, StatusButton } from "#app/components/ui/button";
import { ChoiceDialog } from "#app/components/confirm-dialog";
import type { Blocker } from "react-router";
import type { SaveStatus } from "./save-state";

/**
 * The write form's action bar: Save, Publish and Preview, the save state and
 * the one-step Undo of an accepted AI edit. It stays in view while writing:
 * sticky under the header from tablet width up, sticky at the bottom on a
 * phone (docs/decisions/036-ai-edits-reviewed-before-applied.md, "The bar").
 * Render it last in the form: on a phone it belongs at the end.
 */

const STATE_TEXT: Record<SaveStatus, string> = {
  unsaved: "Unsaved changes",
  saving: "Saving…",
  saved: "Saved",
  failed: "Not saved",
};

export function WriteBar({
  isNew,
  pending,
  state,
  savedOnce,
  error,
  onPreview,
  onUndo,
}: {
  isNew: boolean;
  pending: boolean;
  state: SaveStatus;
  /** 'Saved' shows once something was stored in this visit; on opening the article the bar says nothing. */
  savedOnce: boolean;
  error: string | null;
  onPreview: (event: React.MouseEvent<HTMLButtonElement>) => void;
  /** Set while an accepted AI edit can be undone. */
  onUndo: (() => void) | null;
}) {
  return (
    <div
      data-testid="write-bar"
      className="sticky bottom-0 z-10 order-last -mx-1 flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white/95 px-3 py-2 shadow-sm backdrop-blur md:bottom-auto md:top-16 md:order-first"
    >
      <StatusButton type="submit" name="intent" value="save" pending={pending} pendingLabel="Saving...">
        {isNew ? "Save Draft" : "Update Article"}
      </StatusButton>
      <Button type="submit" name="intent" value="publish" variant="secondary">
        Publish
      </Button>
      <Button
        type="submit"
        variant="secondary"
        formAction="/dashboard/write/preview"
        formTarget="_blank"
        formMethod="post"
        onClick={onPreview}
      >
        Preview
      </Button>
      {onUndo ? (
        <Button type="button" variant="ghost" size="sm" onClick={onUndo}>
          Undo AI edit
        </Button>
      ) : null}
      <p role="status" aria-live="polite" data-testid="save-state" title={error ?? undefined} className="ml-auto text-sm text-slate-600">
        {state === "saved" && !savedOnce ? "" : STATE_TEXT[state]}
      </p>
    </div>
  );
}

/** Asked when an in-app link would leave unsaved changes behind. */
export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ChoiceDialog
      open={blocker.state === "blocked"}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title="Leave without saving?"
      description="Your latest changes are not saved yet. Stay to save them, or leave and lose them."
      cancelLabel="Stay"
      confirmLabel="Leave"
      confirmVariant="destructive"
    />
  );
}
