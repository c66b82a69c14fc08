import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/utils/cn";
import { replyFor, type Notice } from "#app/utils/form-reply";
import { useHydrated } from "#app/utils/use-hydrated";

/**
 * One image upload (the brand logo, the profile picture): a zone to drop an image on or click to
 * choose one. With JavaScript the choice is shown at once and uploaded in the same step (a fetcher
 * posts the form; the action's redirect brings the toast and the stored image, its refusal the
 * server's message). Without JavaScript it is a file input and one submit button posting the same
 * form. The server (app/modules/uploads/) decides what is accepted.
 */

export type ImageUploadProps = {
  /** The form's accessible name, e.g. "Logo". */
  formLabel: string;
  /** The action's intent, e.g. "brand-logo". */
  intent: string;
  /** The file field's name the action reads. */
  name: string;
  /** The file input's label, e.g. "Upload a logo". */
  label: string;
  /** Accepted types and size, e.g. "PNG, JPEG, GIF or WebP, up to 2 MB." */
  hint: string;
  /** The submit button's label without JavaScript. */
  submitLabel: string;
  accept: string;
  /** The stored image, if any. */
  current: { url: string; alt: string; testId: string } | null;
  /** Shown when there is neither a stored image nor a chosen one. */
  placeholder: React.ReactNode;
  /** The action's answer on a page posted without JavaScript (the route's actionData). */
  actionData: unknown;
  round?: boolean;
  inputId?: string;
};

export function ImageUpload({
  formLabel,
  intent,
  name,
  label,
  hint,
  submitLabel,
  accept,
  current,
  placeholder,
  actionData,
  round = false,
  inputId,
}: ImageUploadProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const inputRef = useRef<HTMLInputElement>(null);
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const hintId = `${id}-hint`;
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // The chosen file's object URL lives as long as it is shown.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const uploading = fetcher.state !== "idle";
  const notice: Notice | null | undefined =
    fetcher.data !== undefined ? replyFor(fetcher.data, intent)?.notice : replyFor(actionData, intent)?.notice;
  // A refused upload leaves the stored image in place: the preview goes once the answer is in.
  const showPreview = preview && (uploading || !notice);

  function upload(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file || !input.form) return;
    setPreview(URL.createObjectURL(file));
    // The form is read synchronously; emptied, the input takes the same file again after a refusal.
    void fetcher.submit(input.form);
    input.value = "";
  }

  function onDrop(event: React.DragEvent) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    const input = inputRef.current;
    if (!file || !input) return;
    const files = new DataTransfer();
    files.items.add(file);
    input.files = files.files;
    upload(input);
  }

  const frame = cn("h-16 w-16 shrink-0 border border-slate-200 object-cover", round ? "rounded-full" : "rounded-lg object-contain");
  return (
    <fetcher.Form method="post" encType="multipart/form-data" aria-label={formLabel} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={intent} />
      <div
        data-testid="image-drop-zone"
        data-dragging={dragging || undefined}
        aria-busy={uploading}
        onDragEnter={() => setDragging(true)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex flex-wrap items-center gap-4 rounded-lg border-2 border-dashed border-slate-300 bg-white p-4",
          hydrated &&
            "cursor-pointer hover:border-brand-500 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-500/30",
          dragging && "border-brand-600 bg-brand-50",
        )}
      >
        {showPreview ? (
          <img src={preview} alt="Preview of the chosen image" className={frame} data-testid="image-preview" />
        ) : current ? (
          <img src={current.url} alt={current.alt} className={frame} data-testid={current.testId} />
        ) : (
          placeholder
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-900">
            {label}
          </label>
          <p id={hintId} className="text-sm text-slate-600">
            {hydrated ? "Drop an image here or click to choose one; it uploads right away. " : null}
            {hint}
          </p>
          <input
            ref={inputRef}
            id={id}
            type="file"
            name={name}
            accept={accept}
            required
            aria-describedby={hintId}
            disabled={uploading}
            onChange={(event) => upload(event.currentTarget)}
            className={cn(
              // With JavaScript the whole zone is the input: a click chooses, a drop lands on it.
              hydrated
                ? "absolute inset-0 h-full w-full cursor-pointer opacity-0"
                : "mt-1 text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50",
            )}
          />
        </div>
      </div>
      {uploading ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <progress aria-label="Uploading" className="h-2 w-32 overflow-hidden rounded" />
          Uploading...
        </div>
      ) : null}
      {notice && !uploading ? <FormMessage title={notice.title} description={notice.description} /> : null}
      {hydrated ? null : (
        <div>
          <Button type="submit" variant="secondary">
            {submitLabel}
          </Button>
        </div>
      )}
    </fetcher.Form>
  );
}
