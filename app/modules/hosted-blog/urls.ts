/**
 * The hosted blog's addresses. A blog answers on this server at /b/<blog slug> (on APP_URL), or, once its own
 * domain is active, at the root of https://<domain> (docs/decisions/076-blog-custom-domains.md). Every public URL
 * of a blog (canonical links, feeds, the sitemap, the IndexNow key, a publication's remote URL) is built from its
 * BlogAddress here, so a blog is never named on two hosts at once. Plain strings, safe in the browser.
 */

export const HOSTED_BLOG_PREFIX = "/b";

/**
 * Where a blog answers: an origin without a trailing slash, the path of its home on that origin ("" at a root), and
 * the origin its pictures (/uploads/…) are served from: ours, unless the blog is on its own domain, which we serve
 * whole. Behind a customer's proxy only the blog's path reaches us, so pictures stay on our origin.
 */
export type BlogAddress = { origin: string; basePath: string; assetOrigin: string };

/** /b/<blog> or /b/<blog>/<article>: the blog's path on this server, whichever address it answers at. */
export function hostedBlogPath(blogSlug: string, articleSlug?: string) {
  const base = `${HOSTED_BLOG_PREFIX}/${encodeURIComponent(blogSlug)}`;
  return articleSlug ? `${base}/${encodeURIComponent(articleSlug)}` : base;
}

/**
 * The blog's address: its own domain's root when one is active, else the path of the customer's site its proxy
 * serves it under (docs/decisions/078) when that is active, else /b/<blog> on the app's origin.
 */
export function blogAddress(appUrl: string, blogSlug: string, domain: string | null = null, proxyUrl: string | null = null): BlogAddress {
  const app = appUrl.replace(/\/$/, "");
  if (domain) return { origin: `https://${domain}`, basePath: "", assetOrigin: `https://${domain}` };
  if (proxyUrl) {
    const url = new URL(proxyUrl);
    return { origin: url.origin, basePath: url.pathname.replace(/\/$/, ""), assetOrigin: app };
  }
  return { origin: app, basePath: hostedBlogPath(blogSlug), assetOrigin: app };
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
  const hereAddress = from.basePath.startsWith(`${HOSTED_BLOG_PREFIX}/`);
  if (!parsed.pathname.startsWith(folder) || (!hereAddress && parsed.origin !== from.origin)) return null;
  return `${to.origin}${to.basePath}/${parsed.pathname.slice(folder.length)}${parsed.search}`;
}

/** Root-relative picture URLs (src, srcset) of a page made absolute on the blog's asset origin, where it is not the page's. */
export function picturesOnAssetOrigin(html: string, address: BlogAddress) {
  if (address.assetOrigin === address.origin) return html;
  const absolute = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? `${address.assetOrigin}${url}` : url);
  return html
    .replace(/\bsrc="([^"]*)"/g, (_m, url: string) => `src="${absolute(url)}"`)
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_m, set: string) => `srcset="${set.replace(/(^|,\s*)(\S+)/g, (_x, lead: string, url: string) => `${lead}${absolute(url)}`)}"`,
    );
}
