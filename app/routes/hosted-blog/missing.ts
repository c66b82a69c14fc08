import { hostedNotFound, requireHostedBlog } from "./not-found.server";
import type { Route } from "./+types/missing";

/** Any deeper path under a blog (on its own domain, every path that is not a post): the blog's own 404 page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  hostedNotFound(request, await requireHostedBlog(request, params.blogSlug));
}
