import { blogFileUrl, type BlogAddress } from "#app/modules/hosted-blog/urls";

/**
 * IndexNow (indexnow.org/documentation), the pure part: the key's form, where a hosted blog serves it, the batches
 * and what each answer means. A key is 8-128 characters of a-z, A-Z, 0-9 and '-'; its file is `<key>.txt` holding
 * the key. A key file below the host's root (keyLocation) vouches only for URLs under that file's folder, so each
 * hosted blog has its own key at /b/<blog slug>/<key>.txt and announces only its own posts (docs/decisions/060);
 * a blog on its own domain serves it at that domain's root (docs/decisions/076).
 */

const KEY_PATTERN = /^[A-Za-z0-9-]{8,128}$/;
/** The protocol's limit per POST. */
export const MAX_URLS_PER_POST = 10_000;

/** The key named by a request for `<key>.txt`, or null when the name is not a key file's. */
export function keyOfFileName(fileName: string): string | null {
  const match = /^(.+)\.txt$/.exec(fileName);
  return match && KEY_PATTERN.test(match[1]!) ? match[1]! : null;
}

/** Where the blog's key file is: beside its posts, at /b/<blog slug>/<key>.txt here or at its own domain's root. */
export function keyLocationOf(address: BlogAddress, key: string) {
  return blogFileUrl(address, `${key}.txt`);
}

/** True when the key file at keyLocation vouches for the URL: same host, and the URL lies under the file's folder. */
export function keyCovers(keyLocation: string, url: string) {
  try {
    const location = new URL(keyLocation);
    const target = new URL(url);
    const folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    return location.host === target.host && target.pathname.startsWith(folder);
  } catch {
    return false;
  }
}

export type IndexNowBody = { host: string; key: string; keyLocation: string; urlList: string[] };

/** The POST bodies for these URLs: at most MAX_URLS_PER_POST each, duplicates sent once. */
export function batchesOf(keyLocation: string, key: string, urls: readonly string[], size = MAX_URLS_PER_POST): IndexNowBody[] {
  const unique = [...new Set(urls)];
  const host = new URL(keyLocation).host;
  const bodies: IndexNowBody[] = [];
  for (let start = 0; start < unique.length; start += size) {
    bodies.push({ host, key, keyLocation, urlList: unique.slice(start, start + size) });
  }
  return bodies;
}

/**
 * What an answer means, as the protocol documents it: 200 received, 202 received with the key still to be
 * verified, 400 a malformed request, 403 the key is not valid (file not found, or not holding the key), 422 URLs
 * not of the host or a key not of the schema, 429 too many requests. 403 is retried: the search engine may have
 * fetched the key file before it was served (a new blog), and the same key is served from then on.
 */
export type IndexNowOutcome =
  { kind: "sent" } | { kind: "rejected"; reason: string } | { kind: "retry"; reason: string; afterMs: number | null };

export function outcomeOf(status: number, retryAfterMs: number | null): IndexNowOutcome {
  if (status === 200 || status === 202) return { kind: "sent" };
  if (status === 400) return { kind: "rejected", reason: "IndexNow refused the request as malformed (HTTP 400)." };
  if (status === 422)
    return { kind: "rejected", reason: "IndexNow refused the URLs as not of the blog's host or the key's form (HTTP 422)." };
  if (status === 403) return { kind: "retry", reason: "IndexNow could not verify the blog's key file (HTTP 403).", afterMs: null };
  if (status === 429) return { kind: "retry", reason: "IndexNow asked us to slow down (HTTP 429).", afterMs: retryAfterMs };
  return { kind: "retry", reason: `IndexNow answered HTTP ${status}.`, afterMs: retryAfterMs };
}

/** The wait after the n-th attempt (1-based) when the answer named none: 5 minutes, doubling, at most 6 hours. */
export function backoffMs(attempt: number) {
  return Math.min(6 * 60 * 60_000, 5 * 60_000 * 2 ** Math.max(0, attempt - 1));
}
