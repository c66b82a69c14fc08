import type { StoredImageKind } from "#app/db/schema";
import type { ByteRange } from "#app/modules/storage/objects";
import { objectStore } from "#app/modules/storage/object-store.server";
import { randomToken } from "#app/utils/crypto.server";
import { logger } from "#app/utils/logger.server";
import { stripImageMetadata } from "./strip-metadata";

/**
 * The one image store, for uploads (profile pictures, brand logos) and
 * generated article images alike. Files are objects of the object store
 * (storage/object-store.server.ts: DATA_DIR/uploads/<folder> on disk, or a
 * bucket; docs/decisions/079), named <ownerId>-<random>.<ext>; the stored path
 * ("uploads/<folder>/<file>") is both the object's key and the public URL
 * path, served by one resource route per kind through serveImage. The type
 * always comes from the file's own bytes; uploads also lose their metadata
 * (strip-metadata.ts). Who owns which file is recorded separately, in
 * stored-images.server.ts (docs/decisions/019-stored-images.md).
 */

const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
// Room for the multipart boundaries and the other small fields next to the file.
const MULTIPART_OVERHEAD = 64 * 1024;

export const IMAGE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
} as const;
export type ImageExt = keyof typeof IMAGE_TYPES;

const RASTER = ["png", "jpg", "gif", "webp"] as const satisfies ImageExt[];

/** Each kind: its folder, the types it may hold, and the CSP it is served with. */
const IMAGE_KINDS = {
  avatar: { folder: "avatars", types: RASTER, csp: "default-src 'none'" },
  logo: { folder: "logos", types: RASTER, csp: "default-src 'none'" },
  // SVG only ever comes from the offline writer; its CSP forbids scripts and allows its inline styles.
  article: { folder: "articles", types: ["png", "jpg", "webp", "svg"], csp: "default-src 'none'; style-src 'unsafe-inline'" },
} as const satisfies Record<StoredImageKind, { folder: string; types: readonly ImageExt[]; csp: string }>;

const accepts = (kind: StoredImageKind, ext: ImageExt) => (IMAGE_KINDS[kind].types as readonly ImageExt[]).includes(ext);

/** A file name of our own pattern only, so no name can reach outside its folder. */
const FILE_NAME = /^[A-Za-z0-9_-]{1,120}\.(png|jpg|gif|webp|svg)$/;
const FOLDERS = Object.values(IMAGE_KINDS).map((kind) => kind.folder);

/** The image type from the file's first bytes; a claimed type or name is never trusted. */
export function detectImageType(bytes: Uint8Array): ImageExt | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) return "png";
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "jpg";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 6 && (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a")) return "gif";
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(ascii(0, Math.min(bytes.length, 256)))) return "svg";
  return null;
}

/** True when a multipart request declares a body too large for one image; checked before reading it. */
export function multipartTooLarge(request: Request, maxBytes = MAX_IMAGE_BYTES) {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return false;
  const length = Number(request.headers.get("Content-Length") ?? NaN);
  return !Number.isFinite(length) || length > maxBytes + MULTIPART_OVERHEAD;
}

/** "uploads/<folder>/<file>" from a stored path or its public URL ("/uploads/..."); null for anything not ours. */
export function storedPathOf(pathOrUrl: string | null | undefined) {
  if (!pathOrUrl) return null;
  const [root, folder, name, ...rest] = (pathOrUrl.startsWith("/") ? pathOrUrl.slice(1) : pathOrUrl).split("/");
  if (root !== "uploads" || !folder || !FOLDERS.includes(folder as never) || !name || rest.length || !FILE_NAME.test(name)) return null;
  return `uploads/${folder}/${name}`;
}

/** The public URL of a stored image path. */
export function storedImageUrl(storedPath: string | null) {
  return storedPath ? `/${storedPath}` : null;
}

async function write(kind: StoredImageKind, ownerId: string, ext: ImageExt, bytes: Uint8Array) {
  const key = `uploads/${IMAGE_KINDS[kind].folder}/${ownerId}-${randomToken(9)}.${ext}`;
  await objectStore().put(key, bytes, { contentType: IMAGE_TYPES[ext] });
  return key;
}

const STORE_FAILED = "The image could not be stored just now. Please try again in a few minutes.";

export type StoredImageResult = { ok: true; storedPath: string; bytes: number } | { ok: false; error: string };

const TYPE_NAMES: Record<ImageExt, string> = { png: "PNG", jpg: "JPEG", gif: "GIF", webp: "WebP", svg: "SVG" };

/** "Only PNG, JPEG, GIF or WebP images are accepted." for the raster types a kind takes from people. */
function typesMessage(kind: StoredImageKind) {
  const names = (IMAGE_KINDS[kind].types as readonly ImageExt[]).filter((t) => t !== "svg").map((t) => TYPE_NAMES[t]);
  return `Only ${names.slice(0, -1).join(", ")} or ${names[names.length - 1]} images are accepted.`;
}

/**
 * Checks an upload (present, ≤ 2 MB, an image of the kind's types by its
 * bytes), strips its metadata (EXIF and GPS, XMP, comments) and writes it;
 * records nothing.
 */
export async function saveUpload(kind: StoredImageKind, ownerId: string, upload: File | null): Promise<StoredImageResult> {
  if (!upload || upload.size === 0) return { ok: false, error: "Please choose an image file." };
  if (upload.size > MAX_IMAGE_BYTES) return { ok: false, error: "The image must be 2 MB or smaller." };
  const original = new Uint8Array(await upload.arrayBuffer());
  const ext = detectImageType(original);
  if (!ext || ext === "svg" || !accepts(kind, ext)) return { ok: false, error: typesMessage(kind) };
  const bytes = stripImageMetadata(original, ext);
  if (!bytes) return { ok: false, error: "This image could not be read. Please try another file." };
  try {
    return { ok: true, storedPath: await write(kind, ownerId, ext, bytes), bytes: bytes.byteLength };
  } catch (error) {
    // The store's message names the operation, the key and the cause (a refused key, a missing bucket), never a secret.
    logger.error({ err: error, kind, store: objectStore().description }, "could not store an uploaded image");
    return { ok: false, error: STORE_FAILED };
  }
}

/** Writes an image we made (the writer's, not a user's): checked by its bytes, kept as it is; records nothing. */
export async function saveImage(kind: StoredImageKind, ownerId: string, bytes: Uint8Array) {
  const ext = detectImageType(bytes);
  if (!ext || !accepts(kind, ext)) throw new Error(`Not an image this store keeps as ${kind}: ${ext ?? "unknown type"}`);
  return { storedPath: await write(kind, ownerId, ext, bytes), bytes: bytes.byteLength };
}

/** Deletes the files at these stored paths or URLs; foreign values and missing files are ignored. */
export async function removeStoredFiles(paths: Iterable<string | null | undefined>) {
  for (const value of new Set(paths)) {
    const stored = storedPathOf(value);
    if (!stored) continue;
    try {
      await objectStore().delete(stored);
    } catch (error) {
      logger.warn({ err: error, path: stored }, "could not remove a stored image");
    }
  }
}

/**
 * The bytes of one of our stored images (a stored path or its URL), or only `range` of them; null when it is not
 * ours or not in the store. Throws ObjectStoreError when the store cannot be read.
 */
export async function readStoredImage(pathOrUrl: string, range?: ByteRange) {
  const stored = storedPathOf(pathOrUrl);
  return stored ? objectStore().get(stored, { range }) : null;
}

/** The resource-route response for one stored image of a kind: 404 unless it is ours and exists. */
export async function serveImage(kind: StoredImageKind, name: string | undefined) {
  const { folder, csp } = IMAGE_KINDS[kind];
  const ext = name && FILE_NAME.test(name) ? (name.slice(name.lastIndexOf(".") + 1) as ImageExt) : null;
  if (!name || !ext || !accepts(kind, ext)) return new Response("Not found", { status: 404 });
  const key = `uploads/${folder}/${name}`;
  let object;
  try {
    object = await objectStore().stream(key);
  } catch (error) {
    logger.error({ err: error, path: key }, "could not read a stored image");
    return new Response("The image cannot be shown just now.", {
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "60" },
    });
  }
  if (!object) return new Response("Not found", { status: 404 });
  // Streamed from the store, with the type of its name (never the store's), so a bucket's metadata decides nothing.
  return new Response(object.body, {
    headers: {
      "Content-Type": IMAGE_TYPES[ext],
      "Content-Length": String(object.size),
      "Cache-Control": "public, max-age=3600",
      "Content-Security-Policy": csp,
    },
  });
}
