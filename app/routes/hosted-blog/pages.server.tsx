import { blogWords } from "#app/modules/hosted-blog/furniture";
import { CONTENTS_MIN_HEADINGS, postBody } from "#app/modules/hosted-blog/post-body";
import type { HostedBlog, HostedPost, HostedPostPage, HostedPostSummary } from "#app/modules/hosted-blog/queries.server";
import { blogPostingLd, breadcrumbLd } from "#app/modules/hosted-blog/structured-data";
import { absoluteOn, blogPageUrl, blogPath, blogUrl } from "#app/modules/hosted-blog/urls";
import { PostCard, PostDate } from "./cards.server";
import { Document, renderDocument } from "./document.server";
import { AuthorBox, Contents, PAGE_IDS, RelatedPosts } from "./post-parts.server";
import { linkIn, plainView, type BlogView } from "./view.server";

/**
 * The hosted blog's three pages (index, post, not found), each a whole document (document.server.tsx) in the
 * blog's theme (docs/decisions/077-blog-themes.md). The markup is the same in every theme; the themes' styles
 * place it.
 */

function Pager({ view, list }: { view: BlogView; list: HostedPostPage }) {
  const { page, totalPages } = list;
  if (totalPages <= 1) return null;
  const address = view.blog.address;
  const words = blogWords(view.blog.language);
  return (
    <nav className="pager" aria-label={words.pagerLabel}>
      {page > 1 ? (
        <a href={linkIn(view, blogPageUrl(address, page - 1))} rel="prev">
          {words.newerPosts}
        </a>
      ) : (
        <span />
      )}
      <span>{words.pageOf(page, totalPages)}</span>
      {page < totalPages ? (
        <a href={linkIn(view, blogPageUrl(address, page + 1))} rel="next">
          {words.olderPosts}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The blog's index (one page of posts), or its empty state. */
export function renderIndexPage(view: BlogView, list: HostedPostPage) {
  const { blog } = view;
  const origin = blog.address.assetOrigin;
  const { page, totalPages } = list;
  const words = blogWords(blog.language);
  const description = blog.description || `${words.articlesFrom(blog.name)}.`;
  const title = words.blogTitle(blog.name);
  return renderDocument(
    <Document
      view={view}
      head={{
        title: page > 1 ? words.titlePage(title, page) : title,
        description,
        canonical: blogPageUrl(blog.address, page),
        prev: page > 1 ? blogPageUrl(blog.address, page - 1) : undefined,
        next: page < totalPages ? blogPageUrl(blog.address, page + 1) : undefined,
        // An empty blog has nothing worth indexing yet.
        noindex: list.total === 0,
        og: { type: "website", image: blog.logoPath ? { url: absoluteOn(origin, blog.logoPath), alt: blog.name } : undefined },
      }}
    >
      <div className="intro">
        <h1>{blog.name}</h1>
        {blog.description ? <p className="lead">{blog.description}</p> : null}
      </div>
      {list.posts.length === 0 ? (
        <p>{words.noPostsYet}</p>
      ) : (
        <ul className="posts">
          {list.posts.map((post, i) => (
            <PostCard key={post.articleId} post={post} view={view} level={2} lead={i === 0} />
          ))}
        </ul>
      )}
      <Pager view={view} list={list} />
    </Document>,
  );
}

/** The body without a copy of the cover image, when the article also starts with it. */
function showsCoverInBody(post: HostedPost) {
  return Boolean(post.cover && post.html.includes(`src="${post.cover.src}"`));
}

function ogImageOf(blog: HostedBlog, post: HostedPost) {
  const origin = blog.address.assetOrigin;
  if (post.cover) return { url: absoluteOn(origin, post.cover.src), alt: post.cover.alt };
  return blog.logoPath ? { url: absoluteOn(origin, blog.logoPath), alt: blog.name } : undefined;
}

function PostHeader({ post, blog }: { post: HostedPost; blog: HostedBlog }) {
  const words = blogWords(blog.language);
  return (
    <header className="post-header">
      {post.topic ? <p className="kicker">{post.topic}</p> : null}
      <h1>{post.title}</h1>
      {post.metaDescription.trim() ? <p className="standfirst">{post.metaDescription.trim()}</p> : null}
      <p className="meta">
        {`${words.published} `}
        <PostDate iso={post.publishedAt} blog={blog} />
        {post.modifiedAt.slice(0, 10) > post.publishedAt.slice(0, 10) ? (
          <>
            {` · ${words.updated} `}
            <PostDate iso={post.modifiedAt} blog={blog} />
          </>
        ) : null}
      </p>
    </header>
  );
}

/** One post: its header and cover, a contents list when it has enough sections, the text, its author and what to read next. */
export function renderPostPage(view: BlogView, post: HostedPost, related: HostedPostSummary[] = []) {
  const { blog } = view;
  const coverInBody = showsCoverInBody(post);
  const cover = post.cover && !coverInBody ? post.cover : null;
  const body = postBody(post.html, { reserved: Object.values(PAGE_IDS), lead: coverInBody ? post.cover!.src : null });
  const contents = body.headings.length >= CONTENTS_MIN_HEADINGS;
  const words = blogWords(blog.language);
  return renderDocument(
    <Document
      view={view}
      head={{
        title: `${post.title} | ${blog.name}`,
        description: post.excerpt || `${post.title} – ${blog.name}`,
        canonical: blogUrl(blog.address, post.slug),
        og: { type: "article", image: ogImageOf(blog, post), publishedTime: post.publishedAt, modifiedTime: post.modifiedAt },
        jsonLd: [blogPostingLd(blog, post), breadcrumbLd(blog, post)],
      }}
    >
      <nav className="crumbs" aria-label={words.breadcrumbLabel}>
        <ol>
          <li>
            <a href={linkIn(view, blogPath(blog.address))}>{words.blog}</a>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <article className="post">
        <PostHeader post={post} blog={blog} />
        {cover ? <img className="cover post-cover" src={cover.src} alt={cover.alt} width={1200} height={675} fetchPriority="high" /> : null}
        <div className={contents ? "post-body has-toc" : "post-body"}>
          {contents ? <Contents headings={body.headings} language={blog.language} /> : null}
          <div className="prose" dangerouslySetInnerHTML={{ __html: body.html }} />
        </div>
        <AuthorBox view={view} />
      </article>
      <RelatedPosts posts={related} view={view} />
    </Document>,
  );
}

/** Unknown blog, unknown or unpublished post, a page past the end: one plain page, kept out of search results. */
export function renderNotFoundPage(blog: HostedBlog | null) {
  const view = blog ? plainView(blog) : null;
  const words = blogWords(blog?.language ?? "en");
  return renderDocument(
    <Document
      view={view}
      head={{
        title: blog ? `${words.pageNotFound} | ${blog.name}` : words.pageNotFound,
        description: words.pageDoesNotExist,
        noindex: true,
      }}
    >
      <h1>{words.pageNotFound}</h1>
      <p>{words.articleNotPublished}</p>
      {blog ? (
        <p>
          <a href={blogPath(blog.address)}>{words.allArticlesFrom(blog.name)}</a>
        </p>
      ) : null}
    </Document>,
  );
}
