/**
 * The hosted blog's addresses. A blog answers on this server at /b/<blog slug> (on APP_URL), or, once its own
 * domain is active, at the root of https://<domain> (docs/decisions/076-blog-custom-domains.md). Every public URL
 * of a blog (canonical links, feeds, the sitemap, the IndexNow key, a publication's remote URL) is built from its
 * BlogAddress here, so a blog is never named on two hosts at once. Plain strings, safe in the browser.
 */

export const HOSTED_BLOG_PREFIX = "/b";

/** Where a blog answers: an origin without a trailing slash, and the path of its home on that origin ("" at a root). */
export type BlogAddress = { origin: string; basePath: string };

/** /b/<blog> or /b/<blog>/<article>: the blog's path on this server, whichever address it answers at. */
export function hostedBlogPath(blogSlug: string, articleSlug?: string) {
  const base = `${HOSTED_BLOG_PREFIX}/${encodeURIComponent(blogSlug)}`;
  return articleSlug ? `${base}/${encodeURIComponent(articleSlug)}` : base;
}

/** The blog's address: its own domain's root when one is active, else /b/<blog> on the app's origin. */
export function blogAddress(appUrl: string, blogSlug: string, domain: string | null = null): BlogAddress {
  if (domain) return { origin: `https://${domain}`, basePath: "" };
  return { origin: appUrl.replace(/\/$/, ""), basePath: hostedBlogPath(blogSlug) };
}

/** The blog's (or one post's) path on its own host: "/" or "/post" at a domain's root, "/b/blog(/post)" here. */
export function blogPath(address: BlogAddress, articleSlug?: string) {
  if (articleSlug) return `${address.basePath}/${encodeURIComponent(articleSlug)}`;
  return address.basePath || "/";
}

/** The blog's (or one post's) absolute URL. */
export function blogUrl(address: BlogAddress, articleSlug?: string) {
  return `${address.origin}${blogPath(address, articleSlug)}`;
}

/** A page of the index: page 1 is the blog's own URL, later pages add ?page=. */
export function blogPageUrl(address: BlogAddress, page: number) {
  const url = blogUrl(address);
  return page > 1 ? `${url}?page=${page}` : url;
}

/** A file beside the posts: rss.xml, sitemap.xml, the IndexNow key. */
export function blogFileUrl(address: BlogAddress, fileName: string) {
  return `${address.origin}${address.basePath}/${fileName}`;
}

/** Our own image paths (/uploads/…) made absolute; absolute URLs pass through. */
export function absoluteOn(origin: string, pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * A post's URL at the blog's new address, or null when the URL is not under the old one. Under /b/<blog>/ the
 * origin is not compared: a URL recorded while APP_URL was another origin still names this blog.
 */
export function movedPostUrl(from: BlogAddress, to: BlogAddress, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const folder = `${from.basePath}/`;
  if (from.basePath ? !parsed.pathname.startsWith(folder) : parsed.origin !== from.origin) return null;
  return `${to.origin}${to.basePath}/${parsed.pathname.slice(folder.length)}${parsed.search}`;
}
