import { blogFileUrl } from "#app/modules/hosted-blog/urls";
import { hostedNotFound, requireHostedBlog } from "./not-found.server";
import type { Route } from "./+types/robots";

/**
 * robots.txt of a blog on its own domain (served there at /robots.txt, docs/decisions/076): everything may be
 * crawled, and the sitemap is named. Under /b/<blog>/ on the app's host it is not a robots file at all.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const blog = await requireHostedBlog(request, params.blogSlug);
  if (!blog.domain) hostedNotFound(request, blog);
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${blogFileUrl(blog.address, "sitemap.xml")}\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
