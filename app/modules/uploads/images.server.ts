import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "#app/env.server";
import { randomToken } from "#app/utils/crypto.server";
import { stripImageMetadata } from "./strip-metadata";

/**
 * Uploaded images (profile pictures, brand logos) live under <dataDir>/uploads/<kind>,
 * named <ownerId>-<random>.<ext>. The stored path is relative to the data directory
 * ("uploads/<kind>/<file>"), which is also the public URL path, served by a
 * resource route per kind that only looks up names of our own pattern.
 */

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
// Room for the multipart boundaries and the other small fields next to the file.
export const MULTIPART_OVERHEAD = 64 * 1024;

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

/** A served file name: our own pattern only, so no path can escape the folder. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,120}\.(png|jpg|gif|webp)$/;

/** The image type from the file's first bytes; the browser's claimed type is not trusted. */
export function detectImageType(bytes: Uint8Array): ImageExt | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/** True when a multipart request declares a body too large for one image; checked before reading it. */
export function multipartTooLarge(request: Request, maxBytes = MAX_IMAGE_BYTES) {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return false;
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  return !Number.isFinite(length) || length > maxBytes + MULTIPART_OVERHEAD;
}

export type StoredImageResult = { ok: true; storedPath: string; bytes: number } | { ok: false; error: string };

export type ImageStore = ReturnType<typeof imageStore>;

/** The folder of one kind of upload, e.g. imageStore("avatars"). */
export function imageStore(kind: string) {
  const prefix = `uploads/${kind}`;
  const dir = () => path.join(getEnv().dataDir, prefix);

  /** The absolute file for a served name, or null when the name is not one of ours. */
  function fileFor(name: string) {
    if (!FILE_NAME.test(name)) return null;
    const ext = name.slice(name.lastIndexOf(".") + 1) as ImageExt;
    return { file: path.join(dir(), name), contentType: IMAGE_TYPES[ext] };
  }

  /** Removes a stored image given its stored path; a missing file or a foreign path is ignored. */
  async function remove(storedPath: string | null) {
    if (!storedPath?.startsWith(`${prefix}/`)) return;
    const target = fileFor(storedPath.slice(prefix.length + 1));
    if (target) await fs.rm(target.file, { force: true });
  }

  /**
   * Checks the upload (present, ≤ 2 MB, an image by its bytes), strips its
   * metadata (EXIF and GPS, XMP, comments) and writes it; records nothing.
   */
  async function save(ownerId: string, upload: File | null): Promise<StoredImageResult> {
    if (!upload || upload.size === 0) return { ok: false, error: "Please choose an image file." };
    if (upload.size > MAX_IMAGE_BYTES) return { ok: false, error: "The image must be 2 MB or smaller." };
    const original = new Uint8Array(await upload.arrayBuffer());
    const ext = detectImageType(original);
    if (!ext) return { ok: false, error: "Only PNG, JPEG, GIF or WebP images are accepted." };
    const bytes = stripImageMetadata(original, ext);
    if (!bytes) return { ok: false, error: "This image could not be read. Please try another file." };
    const name = `${ownerId}-${randomToken(9)}.${ext}`;
    await fs.mkdir(dir(), { recursive: true });
    await fs.writeFile(path.join(dir(), name), bytes, { flag: "wx" });
    return { ok: true, storedPath: `${prefix}/${name}`, bytes: bytes.byteLength };
  }

  return { prefix, fileFor, remove, save };
}

/** The public URL of a stored image path. */
export function storedImageUrl(storedPath: string | null) {
  return storedPath ? `/${storedPath}` : null;
}

/** The resource-route response for one stored image: 404 unless it is ours and exists. */
export async function serveStoredImage(store: ImageStore, name: string | undefined) {
  const target = name ? store.fileFor(name) : null;
  if (!target) throw new Response("Not found", { status: 404 });
  let body: Buffer;
  try {
    body = await fs.readFile(target.file);
  } catch {
    throw new Response("Not found", { status: 404 });
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": target.contentType,
      "Content-Length": String(body.byteLength),
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": "default-src 'none'",
    },
  });
}
