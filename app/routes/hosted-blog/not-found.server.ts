import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { getHostedBlog, type HostedBlog } from "#app/modules/hosted-blog/queries.server";
import { renderNotFoundPage } from "./pages.server";
import { cachedResponse, HTML } from "./responses.server";

/** The hosted blog's 404 as a whole page in the blog's own style (thrown so loaders stay linear). */
export function hostedNotFound(request: Request, blog: HostedBlog | null): never {
  throw cachedResponse(request, renderNotFoundPage(getEnv().appUrl, blog), { status: 404, contentType: HTML });
}

/** The blog named in the URL, or the 404 page. */
export async function requireHostedBlog(request: Request, blogSlug: string | undefined) {
  const blog = blogSlug ? await getHostedBlog(getDb(), blogSlug) : null;
  if (!blog) hostedNotFound(request, null);
  return blog;
}
