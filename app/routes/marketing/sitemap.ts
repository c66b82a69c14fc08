import { getEnv } from "#app/env.server";
import { listPosts } from "#app/modules/blog/posts.server";
import { sitemapXml } from "#app/modules/site-content/public-pages";

export function loader() {
  return new Response(sitemapXml(getEnv().appUrl, listPosts()), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
