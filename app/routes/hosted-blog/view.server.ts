import { storedImageSize } from "#app/modules/hosted-blog/images.server";
import type { HostedBlog } from "#app/modules/hosted-blog/queries.server";
import { blogThemeOf, type BlogThemeId } from "#app/modules/hosted-blog/themes";
import { picturesOnAssetOrigin } from "#app/modules/hosted-blog/urls";
import { cachedResponse, HTML } from "./responses.server";

/**
 * What a blog page is rendered from besides its content: the blog, its logo's size (so the header keeps its place
 * while the logo loads), and a theme preview asked for with ?theme=<id> (docs/decisions/077-blog-themes.md). A
 * preview only changes this render: it is kept out of search results and out of every cache, and its links keep
 * the preview, so a post opened from it shows in the same theme. An unknown ?theme= is ignored.
 */

/** The header logo's height in px; its width follows from the file. */
export const LOGO_HEIGHT = 40;

export type BlogView = {
  blog: HostedBlog;
  logo: { src: string; width: number | undefined } | null;
  preview: BlogThemeId | null;
};

/** A view without looking at files (the 404 page): the logo shows without its width. */
export function plainView(blog: HostedBlog): BlogView {
  return { blog, logo: blog.logoPath ? { src: blog.logoPath, width: undefined } : null, preview: null };
}

export async function blogView(url: URL, blog: HostedBlog): Promise<BlogView> {
  const preview = blogThemeOf(url.searchParams.get("theme"));
  const size = blog.logoPath ? await storedImageSize(blog.logoPath) : null;
  return {
    blog: preview ? { ...blog, theme: preview } : blog,
    logo: blog.logoPath ? { src: blog.logoPath, width: size ? Math.round((LOGO_HEIGHT * size.width) / size.height) : undefined } : null,
    preview,
  };
}

/** A link within the blog: in a preview it keeps ?theme=, so the reader stays in the theme being tried. */
export function linkIn(view: Pick<BlogView, "preview">, href: string) {
  if (!view.preview) return href;
  return `${href}${href.includes("?") ? "&" : "?"}theme=${view.preview}`;
}

/** The page's response: a normal page is cached briefly in public (responses.server.ts); a preview never is. */
export function pageResponse(request: Request, view: BlogView, page: string) {
  // Behind a customer's proxy, pictures are fetched from our origin (docs/decisions/078).
  const html = picturesOnAssetOrigin(page, view.blog.address);
  if (!view.preview) return cachedResponse(request, html, { contentType: HTML });
  return new Response(html, {
    headers: { "Content-Type": HTML, "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" },
  });
}
