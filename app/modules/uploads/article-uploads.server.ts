import type { DB } from "#app/db/client.server";
import { consumeRateLimit } from "#app/modules/auth/rate-limit.server";
import { imageSize } from "./image-size";
import { saveUpload, storedImageUrl } from "./images.server";
import { assertImageRoom, ImageLimitError, recordStoredImage } from "./stored-images.server";

/**
 * The customer's own pictures in an article (the editor's Image dialog, or an
 * image dropped or pasted into the text): stored in the one image store as the
 * "article" kind, like generated images, so publishing carries them to every
 * platform the same way (publishing/post.server.ts reads each <img> of ours).
 * The browser resizes a large picture for the web before sending it; here it
 * is checked by its bytes, stripped of metadata, counted against the site's
 * image cap and recorded under the site and article.
 */

export const ALT_REQUIRED = "Describe the image in the alt text: screen readers and search engines rely on it.";
const ALT_MAX_CHARS = 300;
const UPLOAD_RATE_LIMITED = "Too many images at once. Please wait a few minutes and try again.";

export type ArticleUpload =
  { ok: true; src: string; alt: string; width: number | null; height: number | null } | { ok: false; error: string; status: number };

export async function uploadArticleImage(
  db: DB,
  tenant: { siteId: string; userId: string },
  { file, alt, articleId, ip }: { file: File | null; alt: string; articleId: string | null; ip: string | undefined },
): Promise<ArticleUpload> {
  const text = alt.trim();
  if (!text) return { ok: false, error: ALT_REQUIRED, status: 400 };
  if (text.length > ALT_MAX_CHARS) return { ok: false, error: `Please keep the alt text under ${ALT_MAX_CHARS} characters.`, status: 400 };
  if (!(await consumeRateLimit("upload", { ip, email: tenant.userId }))) return { ok: false, error: UPLOAD_RATE_LIMITED, status: 429 };
  try {
    await assertImageRoom(db, tenant.siteId);
  } catch (error) {
    if (error instanceof ImageLimitError) return { ok: false, error: error.message, status: error.status };
    throw error;
  }
  const stored = await saveUpload("article", articleId ?? tenant.siteId, file);
  if (!stored.ok) return { ok: false, error: stored.error, status: 400 };
  await recordStoredImage(db, stored.storedPath, { kind: "article", siteId: tenant.siteId, articleId }, stored.bytes);
  const size = file ? imageSize(new Uint8Array(await file.arrayBuffer())) : null;
  return { ok: true, src: storedImageUrl(stored.storedPath)!, alt: text, width: size?.width ?? null, height: size?.height ?? null };
}
