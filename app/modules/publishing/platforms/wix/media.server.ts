import { describeResponse, platformRequest } from "../../http.server";
import { PublishError, type MediaFile, type PostInput } from "../../types";
import { imageSources, type RicosImage } from "./ricos";
import { FALLBACK_SIZE, type Session, type WixFile, readJson, wixCall, wixError } from "./client.server";

/**
 * Images into the site's Media Manager (uploaded, or imported by URL), with
 * their sizes: Wix renders no external image, and Ricos needs width and height.
 */

/** Sizes of the files this process uploaded, so posts need no extra call to learn them. */
const knownSizes = new Map<string, { width: number; height: number }>();
export function rememberSize(id: string, file: MediaFile) {
  if (!file.width || !file.height) return;
  if (knownSizes.size > 5000) knownSizes.delete(knownSizes.keys().next().value!);
  knownSizes.set(id, { width: file.width, height: file.height });
}

/** The Media Manager file id in a Wix media URL (`https://static.wixstatic.com/media/{id}`). */
function wixFileIdFromUrl(src: string): string | null {
  try {
    const match = /\/media\/([\w.~-]+)$/.exec(new URL(src).pathname);
    return match ? match[1]! : null;
  } catch {
    return null;
  }
}

export async function uploadBytes(s: Session, file: MediaFile): Promise<WixFile> {
  const generated = await wixCall(
    s,
    "/site-media/v1/files/generate-upload-url",
    { method: "POST", json: { mimeType: file.mimeType, fileName: file.filename } },
    "preparing an image upload",
  );
  const uploadUrl = readJson<{ uploadUrl?: string }>(generated).uploadUrl;
  if (!uploadUrl)
    throw new PublishError("transient", "Wix did not give an upload address for the image.", { detail: describeResponse(generated) });
  const target = new URL(uploadUrl);
  target.searchParams.set("filename", file.filename);
  // The upload URL carries its own token: no Authorization header.
  const put = await platformRequest(s, target.toString(), { method: "PUT", headers: { "Content-Type": file.mimeType }, body: file.bytes });
  if (put.status < 200 || put.status >= 300) throw wixError(put, "uploading an image");
  return readJson<{ file?: WixFile }>(put).file ?? {};
}

export async function importByUrl(s: Session, file: MediaFile): Promise<WixFile> {
  const response = await wixCall(
    s,
    "/site-media/v1/files/import",
    { method: "POST", json: { url: file.publicUrl, mimeType: file.mimeType, displayName: file.filename } },
    "importing an image into the Media Manager",
  );
  return readJson<{ file?: WixFile }>(response).file ?? {};
}

/** Media Manager file, width and height for every image of the post (Ricos requires both sizes). */
export async function resolveImages(s: Session, post: PostInput) {
  const resolved = new Map<string, RicosImage>();
  for (const image of imageSources(post.html)) {
    if (resolved.has(image.src)) continue;
    const id = wixFileIdFromUrl(image.src);
    if (!id) continue;
    let size: { width: number; height: number } | null =
      image.width && image.height ? { width: image.width, height: image.height } : (knownSizes.get(id) ?? null);
    if (!size) {
      const file = post.images.find((f) => f.alt === image.alt && f.width && f.height);
      if (file) size = { width: file.width!, height: file.height! };
    }
    if (!size) {
      try {
        const response = await wixCall(s, `/site-media/v1/files/get-file-by-id?fileId=${encodeURIComponent(id)}`, {}, "reading an image");
        const dims = readJson<{ file?: WixFile }>(response).file?.media?.image?.image;
        if (dims?.width && dims.height) size = { width: dims.width, height: dims.height };
      } catch (error) {
        if (error instanceof PublishError && (error.kind === "auth" || error.kind === "rate_limit")) throw error;
      }
    }
    if (!size) await s.log("warn", "image_size_unknown", `no size known for ${id}; using ${FALLBACK_SIZE.width}x${FALLBACK_SIZE.height}`);
    resolved.set(image.src, { id, ...(size ?? FALLBACK_SIZE) });
  }
  return resolved;
}
