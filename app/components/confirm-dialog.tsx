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
