import { getDb } from "#app/db/client.server";
import { sitemapXml } from "#app/modules/hosted-blog/feeds";
import { listHostedSitemap } from "#app/modules/hosted-blog/queries.server";
import { requireHostedBlog } from "./not-found.server";
import { cachedResponse } from "./responses.server";
import type { Route } from "./+types/sitemap";

/** /b/:blogSlug/sitemap.xml: the blog and every public post with its last change. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const blog = await requireHostedBlog(request, params.blogSlug);
  const posts = await listHostedSitemap(getDb(), blog.siteId);
  return cachedResponse(request, sitemapXml(blog, posts), { contentType: "application/xml; charset=utf-8" });
}
