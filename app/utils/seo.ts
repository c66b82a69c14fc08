import { useRouteLoaderData, type MetaDescriptor } from "react-router";

/**
 * Per-page SEO tags for every public route's `meta`: title, description,
 * canonical link, Open Graph and Twitter card. Absolute URLs need the public
 * origin (APP_URL): the root loader puts it in its data, meta functions read it
 * from their matches and components with useSiteOrigin(), so nothing here
 * holds state between requests.
 */

export const SITE_NAME = "Inkpilot";
const DEFAULT_OG_IMAGE = "/og-image.png";

/** What a meta function is given (its `matches` include the root's data). */
export type MetaSource = { matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined> };

function originIn(rootData: unknown) {
  const origin = (rootData as { origin?: unknown } | undefined)?.origin;
  return typeof origin === "string" ? origin : "";
}

/** The public origin in a meta function. */
export function metaOrigin({ matches }: MetaSource) {
  return originIn(matches.find((match) => match?.id === "root")?.loaderData);
}

/** The public origin in a component. */
export function useSiteOrigin() {
  return originIn(useRouteLoaderData("root"));
}

/** (origin, `/pricing`) → `https://inkpilot.app/pricing`; absolute URLs pass through. */
export function absoluteUrl(origin: string, pathOrUrl: string) {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
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

function fullTitle(title: string) {
  return title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
}

/** `meta = (args) => seoMeta(args, { ... })`. */
export function seoMeta(args: MetaSource, input: SeoInput): MetaDescriptor[] {
  const origin = metaOrigin(args);
  const title = fullTitle(input.title);
  const url = absoluteUrl(origin, input.path);
  const image = absoluteUrl(origin, input.image ?? DEFAULT_OG_IMAGE);
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
