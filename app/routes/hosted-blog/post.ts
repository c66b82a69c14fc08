import { getDb } from "#app/db/client.server";
import { disclosureLine, withDisclosure } from "#app/modules/articles/disclosure.server";
import { publishedSources, withSources } from "#app/modules/research/published-sources.server";
import { hostedFigures } from "#app/modules/hosted-blog/images.server";
import { isProxiedRequest, PROXY_CHECK_FILE, proxyCheckBody } from "#app/modules/hosted-blog/proxy-url";
import { getHostedPost, listRelatedPosts } from "#app/modules/hosted-blog/queries.server";
import { indexNowKeyFile } from "#app/modules/indexing/indexnow.server";
import { hostedNotFound, requireHostedBlog } from "./not-found.server";
import { renderPostPage } from "./pages.server";
import { blogView, pageResponse } from "./view.server";
import type { Route } from "./+types/post";

/**
 * /b/:blogSlug/:articleSlug (?theme=<id> to preview a theme): one public post with posts to read next (or the blog's
 * IndexNow key file); drafts, other sites' articles and unknown slugs are the blog's 404.
 */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  const blog = await requireHostedBlog(request, params.blogSlug);
  // The check through the customer's proxy (docs/decisions/078): answered only to a request that came through it.
  if (params.articleSlug === PROXY_CHECK_FILE && blog.proxy && isProxiedRequest(request.headers, blog.proxy)) {
    return new Response(proxyCheckBody(blog.proxy.token), {
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  // The blog's IndexNow key file (/b/<blog>/<key>.txt), fetched by search engines to check our announcements.
  const key = params.articleSlug ? await indexNowKeyFile(getDb(), blog.siteId, params.articleSlug) : null;
  if (key) return new Response(key, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
  const post = params.articleSlug ? await getHostedPost(getDb(), blog.siteId, params.articleSlug) : null;
  if (!post) hostedNotFound(request, blog);
  const [sources, disclosure, related, view] = await Promise.all([
    publishedSources(getDb(), blog.siteId, post.articleId),
    disclosureLine(getDb(), blog.siteId, post.articleId),
    listRelatedPosts(getDb(), blog.siteId, post, { language: blog.language }),
    blogView(url, blog),
  ]);
  const html = await hostedFigures(withDisclosure(withSources(post.html, sources), disclosure));
  return pageResponse(request, view, renderPostPage(view, { ...post, html }, related));
}
