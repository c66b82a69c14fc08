import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { getHostedBlog, type HostedBlog } from "#app/modules/hosted-blog/queries.server";
import { blogUrl, hostedBlogPath } from "#app/modules/hosted-blog/urls";
import { blogSlugNow } from "#app/modules/workspaces/blog-address.server";
import { renderNotFoundPage } from "./pages.server";
import { cachedResponse, HTML } from "./responses.server";

/** The hosted blog's 404 as a whole page in the blog's own style (thrown so loaders stay linear). */
export function hostedNotFound(request: Request, blog: HostedBlog | null): never {
  throw cachedResponse(request, renderNotFoundPage(blog), { status: 404, contentType: HTML });
}

/** The same page at the blog's own domain, when the request reached it anywhere else (its /b/ address here). */
function movedToDomain(request: Request, blog: HostedBlog) {
  const url = new URL(request.url);
  if (!blog.domain || url.hostname === blog.domain) return null;
  const rest = url.pathname.slice(hostedBlogPath(blog.blogSlug).length);
  const target = rest && rest !== "/" ? `${blog.address.origin}${blog.address.basePath}${rest}` : blogUrl(blog.address);
  return redirect(`${target}${url.search}`, 301);
}

/**
 * The blog named in the URL. A blog with its own domain answers only there: its /b/ address answers 301 to the same
 * page at the domain (docs/decisions/076). A former address of a blog answers 301 to the same page at its current
 * address (docs/decisions/071); anything else is the 404 page.
 */
export async function requireHostedBlog(request: Request, blogSlug: string | undefined) {
  const blog = blogSlug ? await getHostedBlog(getDb(), blogSlug) : null;
  if (blog) {
    const moved = movedToDomain(request, blog);
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
