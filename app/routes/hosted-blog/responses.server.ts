import crypto from "node:crypto";

/** Short shared caching, revalidated by ETag: a post unpublished in the app leaves caches within a minute. */
const HOSTED_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * A page or feed with short public caching and a strong ETag over its bytes:
 * a matching If-None-Match gets 304 without a body. Rendering is cheap; the
 * saving is the transfer, and every change (an edit, an unpublish) is seen.
 */
export function cachedResponse(request: Request, body: string, { status = 200, contentType }: { status?: number; contentType: string }) {
  const headers = new Headers({ "Content-Type": contentType });
  if (status !== 200) {
    headers.set("Cache-Control", "no-store");
    return new Response(body, { status, headers });
  }
  const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  headers.set("ETag", etag);
  headers.set("Cache-Control", HOSTED_CACHE_CONTROL);
  const given = request.headers.get("If-None-Match");
  if (given && given.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status, headers });
}

export const HTML = "text/html; charset=utf-8";
