import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { getHostedBlog, type HostedBlog } from "#app/modules/hosted-blog/queries.server";
import { isProxiedRequest } from "#app/modules/hosted-blog/proxy-url";
import { blogUrl, hostedBlogPath, picturesOnAssetOrigin } from "#app/modules/hosted-blog/urls";
import { blogSlugNow } from "#app/modules/workspaces/blog-address.server";
import { renderNotFoundPage } from "./pages.server";
import { cachedResponse, HTML } from "./responses.server";

/** The hosted blog's 404 as a whole page in the blog's own style (thrown so loaders stay linear). */
export function hostedNotFound(request: Request, blog: HostedBlog | null): never {
  const page = renderNotFoundPage(blog);
  throw cachedResponse(request, blog ? picturesOnAssetOrigin(page, blog.address) : page, { status: 404, contentType: HTML });
}

/** Whether the request reached the blog where it answers: its own domain, through its proxy, or /b/ here. */
function reachedWhereItLives(request: Request, blog: HostedBlog) {
  if (blog.domain) return new URL(request.url).hostname === blog.domain;
  if (blog.proxy?.active) return isProxiedRequest(request.headers, blog.proxy);
  return true;
}

/** The same page at the blog's own domain or proxied address, when the request reached it anywhere else (/b/ here). */
function movedToOwnAddress(request: Request, blog: HostedBlog) {
  if (reachedWhereItLives(request, blog)) return null;
  const url = new URL(request.url);
  const rest = url.pathname.slice(hostedBlogPath(blog.blogSlug).length);
  const target = rest && rest !== "/" ? `${blog.address.origin}${blog.address.basePath}${rest}` : blogUrl(blog.address);
  return redirect(`${target}${url.search}`, 301);
}

/**
 * The blog named in the URL. A blog with its own domain (or an active proxied address) answers only there: its /b/
 * address answers 301 to the same page at the domain (docs/decisions/076) or on the customer's site (078). A former address of a blog answers 301 to the same page at its current
 * address (docs/decisions/071); anything else is the 404 page.
 */
export async function requireHostedBlog(request: Request, blogSlug: string | undefined) {
  const blog = blogSlug ? await getHostedBlog(getDb(), blogSlug) : null;
  if (blog) {
    const moved = movedToOwnAddress(request, blog);
    if (moved) throw moved;
    return blog;
  }
  const now = blogSlug ? await blogSlugNow(getDb(), blogSlug) : null;
  if (now) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(hostedBlogPath(blogSlug!).length);
    throw redirect(`${hostedBlogPath(now)}${rest}${url.search}`, 301);
  }
  return hostedNotFound(request, null);
}
