import { useFetcher } from "react-router";
import { Button, StatusButton } from "#app/components/ui/button";
import { Dialog, DialogClose } from "#app/components/ui/dialog";

/**
 * The one confirmation for destructive actions opened from a menu or button
 * with JavaScript (docs/decisions/028-url-driven-dialogs.md). It posts `fields` to
 * `action` and cannot be closed while the post is in flight. The same action
 * must also be reachable without JavaScript — a confirmation page or a
 * UrlDialog — since this one only exists once React runs.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  fields = {},
  confirmLabel,
  pendingLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  action: string;
  fields?: Record<string, string>;
  confirmLabel: string;
  pendingLabel: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={description}
    >
      <fetcher.Form method="post" action={action} className="flex justify-end gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <DialogClose asChild>
          <Button type="button" variant="secondary" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <StatusButton variant="destructive" pending={busy} pendingLabel={pendingLabel}>
          {confirmLabel}
        </StatusButton>
      </fetcher.Form>
    </Dialog>
  );
}

/**
 * A choice made in the browser, not posted: leave with unsaved changes, start a
 * generation the form will post, accept an AI rewrite. Closing it (Escape, the
 * overlay, the cancel button) is the cancel choice. Only for what exists with
 * JavaScript alone (the editor, a form's JavaScript confirmation); anything the
 * server does must also be reachable without it (docs/decisions/028-url-driven-dialogs.md).
 */
export function ChoiceDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  cancelLabel,
  confirmLabel,
  confirmVariant = "primary",
  className,
  children,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description: React.ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmVariant?: "primary" | "destructive";
  className?: string;
  children?: React.ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={title}
      description={description}
      className={className}
    >
      {children}
      <div className={children ? "mt-4 flex justify-end gap-2" : "flex justify-end gap-2"}>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button type="button" variant={confirmVariant} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
