import type { HostedBlog, HostedPost, HostedPostPage, HostedPostSummary } from "#app/modules/hosted-blog/queries.server";
import { blogPostingLd, breadcrumbLd } from "#app/modules/hosted-blog/structured-data";
import { absoluteOn, blogPageUrl, blogPath, blogUrl } from "#app/modules/hosted-blog/urls";
import { formatDate } from "#app/utils/time";
import { Document, renderDocument } from "./document.server";

/** The hosted blog's three pages (index, post, not found), each a whole document (document.server.tsx). */

function PostDate({ iso, blog }: { iso: string; blog: HostedBlog }) {
  return <time dateTime={iso}>{formatDate(iso, blog.timeZone)}</time>;
}

function PostListItem({ post, blog, first }: { post: HostedPostSummary; blog: HostedBlog; first: boolean }) {
  const href = blogPath(blog.address, post.slug);
  return (
    <li>
      <article>
        {post.cover ? (
          <img className="cover" src={post.cover.src} alt={post.cover.alt} loading={first ? "eager" : "lazy"} width={1200} height={675} />
        ) : null}
        <h2>
          <a href={href}>{post.title}</a>
        </h2>
        <p className="meta">
          <PostDate iso={post.publishedAt} blog={blog} />
        </p>
        {post.excerpt ? <p>{post.excerpt}</p> : null}
      </article>
    </li>
  );
}

/** The blog's index (one page of posts), or its empty state. */
export function renderIndexPage(blog: HostedBlog, list: HostedPostPage) {
  const { origin } = blog.address;
  const { page, totalPages } = list;
  const prev = page > 1 ? blogPageUrl(blog.address, page - 1) : undefined;
  const next = page < totalPages ? blogPageUrl(blog.address, page + 1) : undefined;
  const description = blog.description || `Articles from ${blog.name}.`;
  const title = page > 1 ? `${blog.name} blog – page ${page}` : `${blog.name} blog`;
  return renderDocument(
    <Document
      blog={blog}
      head={{
        title,
        description,
        canonical: blogPageUrl(blog.address, page),
        prev,
        next,
        // An empty blog has nothing worth indexing yet.
        noindex: list.total === 0,
        og: { type: "website", image: blog.logoPath ? { url: absoluteOn(origin, blog.logoPath), alt: blog.name } : undefined },
      }}
    >
      <h1>{blog.name}</h1>
      {blog.description ? <p className="lead">{blog.description}</p> : null}
      {list.posts.length === 0 ? (
        <p>No posts yet. Articles appear here as soon as they are published.</p>
      ) : (
        <ul className="posts">
          {list.posts.map((post, i) => (
            <PostListItem key={post.articleId} post={post} blog={blog} first={i === 0} />
          ))}
        </ul>
      )}
      {totalPages > 1 ? (
        <nav className="pager" aria-label="Pages of posts">
          {prev ? (
            <a href={prev} rel="prev">
              ← Newer posts
            </a>
          ) : (
            <span />
          )}
          <span>
            Page {page} of {totalPages}
          </span>
          {next ? (
            <a href={next} rel="next">
              Older posts →
            </a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </Document>,
  );
}

/** An h1 in the body would compete with the title's: headings are shifted to h2 (the sanitizer allows h1 in articles). */
function demoteH1(html: string) {
  return html.replace(/<(\/?)h1\b/gi, "<$1h2");
}

/** The body without a copy of the cover image, when the article also starts with it. */
function showsCoverInBody(post: HostedPost) {
  return Boolean(post.cover && post.html.includes(`src="${post.cover.src}"`));
}

export function renderPostPage(blog: HostedBlog, post: HostedPost) {
  const { origin } = blog.address;
  const url = blogUrl(blog.address, post.slug);
  const description = post.excerpt || `${post.title} – ${blog.name}`;
  const cover = post.cover && !showsCoverInBody(post) ? post.cover : null;
  const ogImage = post.cover
    ? { url: absoluteOn(origin, post.cover.src), alt: post.cover.alt }
    : blog.logoPath
      ? { url: absoluteOn(origin, blog.logoPath), alt: blog.name }
      : undefined;
  return renderDocument(
    <Document
      blog={blog}
      head={{
        title: `${post.title} | ${blog.name}`,
        description,
        canonical: url,
        og: { type: "article", image: ogImage, publishedTime: post.publishedAt, modifiedTime: post.modifiedAt },
        jsonLd: [blogPostingLd(blog, post), breadcrumbLd(blog, post)],
      }}
    >
      <nav className="crumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <a href={blogPath(blog.address)}>Blog</a>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <article>
        <h1>{post.title}</h1>
        <p className="meta">
          {"Published "}
          <PostDate iso={post.publishedAt} blog={blog} />
          {post.modifiedAt.slice(0, 10) > post.publishedAt.slice(0, 10) ? (
            <>
              {" · Updated "}
              <PostDate iso={post.modifiedAt} blog={blog} />
            </>
          ) : null}
        </p>
        {cover ? <img className="cover" src={cover.src} alt={cover.alt} width={1200} height={675} fetchPriority="high" /> : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: demoteH1(post.html) }} />
      </article>
      <p className="back">
        <a href={blogPath(blog.address)}>← More articles from {blog.name}</a>
      </p>
    </Document>,
  );
}

/** Unknown blog, unknown or unpublished post, a page past the end: one plain page, kept out of search results. */
export function renderNotFoundPage(blog: HostedBlog | null) {
  return renderDocument(
    <Document
      blog={blog}
      head={{ title: blog ? `Page not found | ${blog.name}` : "Page not found", description: "This page does not exist.", noindex: true }}
    >
      <h1>Page not found</h1>
      <p>This article does not exist or is not published.</p>
      {blog ? (
        <p>
          <a href={blogPath(blog.address)}>See all articles from {blog.name}</a>
        </p>
      ) : null}
    </Document>,
  );
}
