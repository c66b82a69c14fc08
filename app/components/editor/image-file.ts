import { mergeRegister } from "@lexical/utils";
import { COMMAND_PRIORITY_HIGH, DRAGOVER_COMMAND, DROP_COMMAND, type LexicalEditor, PASTE_COMMAND } from "lexical";
import { useEffect, useRef } from "react";

/**
 * The customer's own picture, prepared in the browser and sent to
 * /dashboard/write/image (app/modules/uploads/article-uploads.server.ts):
 * resized for the web (at most 1600 px wide, twice a content column) and
 * drawn afresh, so the camera's rotation is applied and its metadata left
 * behind; PNG stays PNG (screenshots, transparency), other pictures become JPEG.
 */

export const IMAGE_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
const MAX_WIDTH = 1600;
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
const UPLOAD_PATH = "/dashboard/write/image";

export type UploadedImage = { src: string; alt: string; width: number | null; height: number | null };

function isImageFile(file: File) {
  return /^image\/(png|jpeg|webp|gif)$/.test(file.type);
}

/** The first picture among dropped or pasted files, if any. */
function imageFileOf(files: FileList | null | undefined) {
  return Array.from(files ?? []).find(isImageFile) ?? null;
}

async function resized(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_WIDTH / bitmap.width);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === "image/png" ? "image/png" : "image/jpeg";
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("unreadable"))), type, 0.85));
}

/** Uploads a picture with its alt text; resolves to the stored image or rejects with the message to show. */
export async function uploadImage(file: File, alt: string, articleId: string | null): Promise<UploadedImage> {
  if (!isImageFile(file)) throw new Error("Only PNG, JPEG, GIF or WebP images are accepted.");
  if (file.size > MAX_SOURCE_BYTES) throw new Error("The image must be 20 MB or smaller.");
  let body: Blob;
  try {
    body = await resized(file);
  } catch {
    throw new Error("This image could not be read. Please try another file.");
  }
  const form = new FormData();
  form.set("image", body, body.type === "image/png" ? "image.png" : "image.jpg");
  form.set("alt", alt);
  if (articleId) form.set("articleId", articleId);
  const response = await fetch(UPLOAD_PATH, { method: "POST", body: form });
  const result = (await response.json().catch(() => null)) as ({ ok: true } & UploadedImage) | { ok: false; error: string } | null;
  if (!result?.ok) throw new Error(result && "error" in result ? result.error : "The image could not be uploaded. Please try again.");
  return { src: result.src, alt: result.alt, width: result.width, height: result.height };
}

/** Hands a picture dropped or pasted into the editor to `onImage` (instead of the browser opening it); other drops and pastes go on as usual. */
export function useImageDrop(editor: LexicalEditor, enabled: boolean, onImage: (file: File) => void) {
  const handler = useRef(onImage);
  handler.current = onImage;
  useEffect(() => {
    if (!enabled) return;
    const take = (files: FileList | null | undefined, event: Event) => {
      const file = imageFileOf(files);
      if (!file) return false;
      event.preventDefault();
      handler.current(file);
      return true;
    };
    return mergeRegister(
      editor.registerCommand(DROP_COMMAND, (event) => take(event.dataTransfer?.files, event), COMMAND_PRIORITY_HIGH),
      editor.registerCommand(
        DRAGOVER_COMMAND,
        (event) => {
          if (!event.dataTransfer?.types.includes("Files")) return false;
          event.preventDefault();
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => ("clipboardData" in event ? take(event.clipboardData?.files, event) : false),
        COMMAND_PRIORITY_HIGH,
      ),
    );
  }, [editor, enabled]);
}
