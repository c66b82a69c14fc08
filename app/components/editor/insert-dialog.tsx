import { useId, useState } from "react";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";
import { IMAGE_ACCEPT } from "./image-file";

/**
 * The toolbar's Insert link / image / video dialog and the URL checks behind it:
 * only http(s), mailto and same-site paths go into an article. On the write
 * screen the Image dialog also takes a picture from the computer (or one
 * dropped or pasted into the text) and asks for its alt text; the editor
 * uploads it (./image-file.ts) and inserts the stored image.
 */

export function safeLinkUrl(input: string): string | null {
  const url = input.trim();
  if (!url) return null;
  if (/^(https?:|mailto:)/i.test(url) || (url.startsWith("/") && !url.startsWith("//"))) return url;
  if (/^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(url)) return `https://${url}`;
  return null;
}

export function safeImageUrl(input: string): string | null {
  const url = input.trim();
  if (/^https?:\/\//i.test(url) || (url.startsWith("/") && !url.startsWith("//"))) return url;
  return null;
}

export type InsertKind = "link" | "image" | "video";

/** What the dialog hands the editor: the address (or, for an image, a file of the customer's own) and the alt text or title. */
export type InsertValues = { url: string; text: string; file: File | null };

export function InsertDialog({
  kind,
  file: initialFile = null,
  canUpload = false,
  onClose,
  onInsert,
}: {
  kind: InsertKind | null;
  /** A picture dropped or pasted into the text: the dialog asks for its alt text. */
  file?: File | null;
  /** Whether an image can be uploaded from the computer (the write screen) or only given by address. */
  canUpload?: boolean;
  onClose: () => void;
  /** Inserts, or answers the problem to show; an upload answers once it is stored. */
  onInsert: (kind: InsertKind, values: InsertValues) => string | null | Promise<string | null>;
}) {
  const urlId = useId();
  const textId = useId();
  const fileId = useId();
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const file = chosen ?? initialFile;
  const titles: Record<InsertKind, string> = { link: "Insert link", image: "Insert image", video: "Embed video" };
  const urlLabels: Record<InsertKind, string> = {
    link: "Link URL",
    image: canUpload ? "Or the image's web address" : "Image URL",
    video: "YouTube or Vimeo URL",
  };
  const close = () => {
    setError(null);
    setChosen(null);
    onClose();
  };
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => {
        if (!open && !busy) close();
      }}
      title={kind ? titles[kind] : ""}
    >
      {kind ? (
        <div
          className="flex flex-col gap-3"
          aria-busy={busy}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              (event.currentTarget.querySelector("[data-insert]") as HTMLButtonElement | null)?.click();
            }
          }}
        >
          {kind === "image" && canUpload ? (
            <>
              <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
                Upload an image
              </label>
              <input
                id={fileId}
                name="insert-file"
                type="file"
                accept={IMAGE_ACCEPT}
                aria-describedby={`${fileId}-hint`}
                onChange={(event) => setChosen(event.currentTarget.files?.[0] ?? null)}
                className="text-sm"
              />
              <p id={`${fileId}-hint`} className="-mt-2 text-xs text-slate-600">
                {file ? `Chosen: ${file.name || "pasted image"}. ` : ""}PNG, JPEG, GIF or WebP; large pictures are resized for the web.
              </p>
            </>
          ) : null}
          {kind !== "image" || !file ? (
            <>
              <label htmlFor={urlId} className="text-sm font-medium text-slate-800">
                {urlLabels[kind]}
              </label>
              <input
                id={urlId}
                name="insert-url"
                type="url"
                autoFocus={kind !== "image" || !canUpload}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
                placeholder="https://"
              />
            </>
          ) : null}
          {kind !== "link" ? (
            <>
              <label htmlFor={textId} className="text-sm font-medium text-slate-800">
                {kind === "image" ? "Alt text" : "Title"}
              </label>
              <input
                id={textId}
                name="insert-text"
                type="text"
                maxLength={300}
                autoFocus={kind === "image" && file !== null}
                className="rounded-md border border-slate-300 px-3 py-2 text-sm"
              />
            </>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              type="button"
              data-insert
              disabled={busy}
              onClick={async (event) => {
                const root = event.currentTarget.closest("div.flex-col") as HTMLElement;
                const url = (root.querySelector(`[id="${urlId}"]`) as HTMLInputElement | null)?.value ?? "";
                const text = (root.querySelector(`[id="${textId}"]`) as HTMLInputElement | null)?.value ?? "";
                setBusy(true);
                const problem = await onInsert(kind, { url, text, file: kind === "image" ? file : null });
                setBusy(false);
                if (problem) setError(problem);
                else close();
              }}
            >
              {busy ? "Uploading…" : "Insert"}
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
