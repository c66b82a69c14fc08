/**
 * The hosted blog's addresses: every site's published articles live
 * on this server at /b/<blog slug>. Built here only, always absolute on the
 * public origin (APP_URL) because they end in canonical links, feeds and the
 * publication's remote URL. Plain strings, safe in the browser.
 */

export const HOSTED_BLOG_PREFIX = "/b";

/** /b/<blog> or /b/<blog>/<article>. */
export function hostedBlogPath(blogSlug: string, articleSlug?: string) {
  const base = `${HOSTED_BLOG_PREFIX}/${encodeURIComponent(blogSlug)}`;
  return articleSlug ? `${base}/${encodeURIComponent(articleSlug)}` : base;
}

/** The blog's (or one post's) absolute URL. */
export function hostedBlogUrl(origin: string, blogSlug: string, articleSlug?: string) {
  return `${origin.replace(/\/$/, "")}${hostedBlogPath(blogSlug, articleSlug)}`;
}

/** A page of the index: page 1 is the blog's own URL, later pages add ?page=. */
export function hostedBlogPageUrl(origin: string, blogSlug: string, page: number) {
  const url = hostedBlogUrl(origin, blogSlug);
  return page > 1 ? `${url}?page=${page}` : url;
}

export function hostedFeedUrl(origin: string, blogSlug: string) {
  return `${hostedBlogUrl(origin, blogSlug)}/rss.xml`;
}

/** Our own image paths (/uploads/…) made absolute; absolute URLs pass through. */
export function absoluteOn(origin: string, pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
