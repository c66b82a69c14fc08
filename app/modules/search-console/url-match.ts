/**
 * Which article a Search Console page is: Google reports the URL it indexed, which may differ from the URL we
 * published to in scheme (http/https), a leading www., a trailing slash, a query string or fragment, letter case
 * or percent-encoding, or be the address a redirect led to. Both sides are reduced to one key (host without www.,
 * path without trailing slash, nothing after it) and compared. Pure, no I/O.
 */

/** The comparable form of a URL: host (lower case, no www., no default port) and decoded path without trailing slash. */
export function urlKey(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const host = parsed.host.toLowerCase().replace(/^www\./, "");
  let path = parsed.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape stays as written.
  }
  path = path.replace(/\/+$/, "").toLowerCase();
  return `${host}${path}`;
}

/** A URL an article was published at, most trusted first (a publication's remote URL before its redirect's end). */
export type ArticleUrl = { articleId: string; url: string };

/**
 * A look-up from page URL to article id. When two articles claim the same key, the first given wins (callers
 * list current publications first), so a later, stale URL never takes a page from the article living there.
 */
export function createUrlMatcher(candidates: Iterable<ArticleUrl>) {
  const byKey = new Map<string, string>();
  for (const { articleId, url } of candidates) {
    const key = urlKey(url);
    if (key && !byKey.has(key)) byKey.set(key, articleId);
  }
  return {
    size: byKey.size,
    match(pageUrl: string): string | null {
      const key = urlKey(pageUrl);
      return key ? (byKey.get(key) ?? null) : null;
    },
  };
}
