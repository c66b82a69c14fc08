import { blogWords } from "#app/modules/hosted-blog/furniture";
import type { Heading } from "#app/modules/hosted-blog/post-body";
import type { HostedPostSummary } from "#app/modules/hosted-blog/queries.server";
import { blogPath } from "#app/modules/hosted-blog/urls";
import { PostCard } from "./cards.server";
import { linkIn, type BlogView } from "./view.server";

/** What a post page adds around the text: its contents list, the brand as its author, and posts to read next. */

/** The page's own ids, which a heading of the post may not take (post-body.ts). */
export const PAGE_IDS = { main: "main", contents: "contents-title", author: "about-brand", related: "keep-reading" } as const;

export function Contents({ headings, language }: { headings: Heading[]; language: string }) {
  return (
    <nav className="toc" aria-labelledby={PAGE_IDS.contents}>
      <p id={PAGE_IDS.contents} className="toc-title">
        {blogWords(language).inThisArticle}
      </p>
      <ol>
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`}>{heading.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The brand as the post's author: its logo, name and description, and the way to its other posts. */
export function AuthorBox({ view }: { view: BlogView }) {
  const { blog, logo } = view;
  const words = blogWords(blog.language);
  return (
    <section className={logo ? "author has-logo" : "author"} aria-labelledby={PAGE_IDS.author}>
      {/* The name is the box's heading, so the logo beside it is decorative. */}
      {logo ? <img className="author-logo" src={logo.src} alt="" width={64} height={64} loading="lazy" /> : null}
      <p className="author-label">{words.publishedBy}</p>
      <h2 id={PAGE_IDS.author}>{blog.name}</h2>
      {blog.description ? <p>{blog.description}</p> : null}
      <p className="author-more">
        <a href={linkIn(view, blogPath(blog.address))}>{words.moreArticlesFrom(blog.name)}</a>
      </p>
    </section>
  );
}

export function RelatedPosts({ posts, view }: { posts: HostedPostSummary[]; view: BlogView }) {
  if (!posts.length) return null;
  return (
    <section className="related" aria-labelledby={PAGE_IDS.related}>
      <h2 id={PAGE_IDS.related}>{blogWords(view.blog.language).keepReading}</h2>
      <ul className="posts related-posts">
        {posts.map((post) => (
          <PostCard key={post.articleId} post={post} view={view} level={3} />
        ))}
      </ul>
    </section>
  );
}
