import type { MetaDescriptor } from "react-router";

/**
 * Per-page SEO tags for every public route's `meta`: title, description,
 * canonical link, Open Graph and Twitter card. Absolute URLs need the public
 * origin: the server sets it once from APP_URL (root loader); in the browser
 * the page's own origin is the same site.
 */

export const SITE_NAME = "Inkpilot";
export const DEFAULT_OG_IMAGE = "/og-image.png";

let serverOrigin = "http://localhost:3000";

/** Called by the root loader with getEnv().appUrl so server-rendered tags carry the deployed origin. */
export function setSiteOrigin(origin: string) {
  serverOrigin = origin.replace(/\/$/, "");
}

export function siteOrigin() {
  return typeof window !== "undefined" ? window.location.origin : serverOrigin;
}

/** `/pricing` → `https://inkpilot.app/pricing`; absolute URLs pass through. */
export function absoluteUrl(pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteOrigin()}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export type SeoInput = {
  /** The page title without the site name; the home page passes the full title. */
  title: string;
  description: string;
  /** The canonical path, e.g. "/pricing" (no query string). */
  path: string;
  /** Social card image path or URL; defaults to the site's Open Graph image. */
  image?: string;
  imageAlt?: string;
  /** Open Graph type: "website" (default) or "article". */
  type?: "website" | "article";
  /** Article pages: ISO date and author for article:* tags. */
  publishedTime?: string;
  author?: string;
  /** Pages that must stay out of search results (e.g. the 404 page). */
  noindex?: boolean;
};

export function fullTitle(title: string) {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = fullTitle(input.title);
  const url = absoluteUrl(input.path);
  const image = absoluteUrl(input.image ?? DEFAULT_OG_IMAGE);
  const imageAlt = input.imageAlt ?? `${SITE_NAME}: SEO blog posts on auto-pilot`;
  const type = input.type ?? "website";
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (input.publishedTime) tags.push({ property: "article:published_time", content: input.publishedTime });
  if (input.author) tags.push({ property: "article:author", content: input.author });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
