import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { listHostedPosts } from "#app/modules/hosted-blog/queries.server";
import { blogPath } from "#app/modules/hosted-blog/urls";
import { hostedNotFound, requireHostedBlog } from "./not-found.server";
import { renderIndexPage } from "./pages.server";
import { blogView, linkIn, pageResponse } from "./view.server";
import type { Route } from "./+types/index";

/** /b/:blogSlug (?page=N, ?theme=<id> to preview a theme): the hosted blog's posts, newest first. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const blog = await requireHostedBlog(request, params.blogSlug);
  const view = await blogView(url, blog);
  const given = url.searchParams.get("page");
  // One URL per page: ?page=1 is the blog itself, anything but a page number is not a page.
  if (given === "1") return redirect(linkIn(view, blogPath(blog.address)), 301);
  if (given !== null && !/^[1-9]\d{0,5}$/.test(given)) hostedNotFound(request, blog);
  const list = await listHostedPosts(getDb(), blog.siteId, { page: given ? Number(given) : 1 });
  if (list.page > list.totalPages) hostedNotFound(request, blog);
  return pageResponse(request, view, renderIndexPage(view, list));
}
