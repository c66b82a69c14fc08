import { getDb } from "#app/db/client.server";
import { rssXml } from "#app/modules/hosted-blog/feeds";
import { listHostedFeed } from "#app/modules/hosted-blog/queries.server";
import { requireHostedBlog } from "./not-found.server";
import { cachedResponse } from "./responses.server";
import type { Route } from "./+types/rss";

/** /b/:blogSlug/rss.xml: RSS 2.0 with the 20 newest posts in full. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const blog = await requireHostedBlog(request, params.blogSlug);
  const posts = await listHostedFeed(getDb(), blog.siteId);
  return cachedResponse(request, rssXml(blog, posts), { contentType: "application/rss+xml; charset=utf-8" });
}
