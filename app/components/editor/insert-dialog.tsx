import { useId, useState } from "react";
import { Button } from "#app/components/ui/button";
import { Dialog } from "#app/components/ui/dialog";

/**
 * The toolbar's Insert link / image / video dialog and the URL checks behind it:
 * only http(s), mailto and same-site paths go into an article. The dialog holds
 * no URL state of its own (it posts nothing; the editor inserts the node).
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

export function InsertDialog({
  kind,
  onClose,
  onInsert,
}: {
  kind: InsertKind | null;
  onClose: () => void;
  onInsert: (kind: InsertKind, values: { url: string; text: string }) => string | null;
}) {
  const urlId = useId();
  const textId = useId();
  const [error, setError] = useState<string | null>(null);
  const titles: Record<InsertKind, string> = { link: "Insert link", image: "Insert image", video: "Embed video" };
  const urlLabels: Record<InsertKind, string> = { link: "Link URL", image: "Image URL", video: "YouTube or Vimeo URL" };
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title={kind ? titles[kind] : ""}
    >
      {kind ? (
        <div
          className="flex flex-col gap-3"
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              (event.currentTarget.querySelector("[data-insert]") as HTMLButtonElement | null)?.click();
            }
          }}
        >
          <label htmlFor={urlId} className="text-sm font-medium text-slate-800">
            {urlLabels[kind]}
          </label>
          <input
            id={urlId}
            name="insert-url"
            type="url"
            autoFocus
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
            placeholder="https://"
          />
          {kind !== "link" ? (
            <>
              <label htmlFor={textId} className="text-sm font-medium text-slate-800">
                {kind === "image" ? "Alt text" : "Title"}
              </label>
              <input id={textId} name="insert-text" type="text" className="rounded-md border border-slate-300 px-3 py-2 text-sm" />
            </>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="button"
              data-insert
              onClick={(event) => {
                const root = event.currentTarget.closest("div.flex-col") as HTMLElement;
                const url = (root.querySelector(`[id="${urlId}"]`) as HTMLInputElement).value;
                const text = (root.querySelector(`[id="${textId}"]`) as HTMLInputElement | null)?.value ?? "";
                const problem = onInsert(kind, { url, text });
                if (problem) setError(problem);
                else {
                  setError(null);
                  onClose();
                }
              }}
            >
              Insert
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
