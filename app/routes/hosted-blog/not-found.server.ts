import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { getHostedBlog, type HostedBlog } from "#app/modules/hosted-blog/queries.server";
import { hostedBlogPath } from "#app/modules/hosted-blog/urls";
import { blogSlugNow } from "#app/modules/workspaces/blog-address.server";
import { renderNotFoundPage } from "./pages.server";
import { cachedResponse, HTML } from "./responses.server";

/** The hosted blog's 404 as a whole page in the blog's own style (thrown so loaders stay linear). */
export function hostedNotFound(request: Request, blog: HostedBlog | null): never {
  throw cachedResponse(request, renderNotFoundPage(getEnv().appUrl, blog), { status: 404, contentType: HTML });
}

/**
 * The blog named in the URL; a former address of a blog answers 301 to the same page at its current address
 * (docs/decisions/071); anything else is the 404 page.
 */
export async function requireHostedBlog(request: Request, blogSlug: string | undefined) {
  const blog = blogSlug ? await getHostedBlog(getDb(), blogSlug) : null;
  if (blog) return blog;
  const now = blogSlug ? await blogSlugNow(getDb(), blogSlug) : null;
  if (now) {
    const url = new URL(request.url);
    const rest = url.pathname.slice(hostedBlogPath(blogSlug!).length);
    throw redirect(`${hostedBlogPath(now)}${rest}${url.search}`, 301);
  }
  return hostedNotFound(request, null);
}
