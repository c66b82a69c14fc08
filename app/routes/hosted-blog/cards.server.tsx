import type { HostedBlog, HostedPostSummary } from "#app/modules/hosted-blog/queries.server";
import { blogWords } from "#app/modules/hosted-blog/furniture";
import { blogPath } from "#app/modules/hosted-blog/urls";
import { formatDate, formatLongDate, zonedDate } from "#app/utils/time";
import { linkIn, type BlogView } from "./view.server";

/**
 * A post as a card, on the index and under "Keep reading": one link (the title, stretched over the card by the
 * theme), then the topic and date, the excerpt and the cover. The cover comes last in the source, so a screen
 * reader meets the title first; the themes place it on top or beside. Images carry their size, so nothing moves
 * as they load.
 */

/** A post's date on its day in the blog's time zone, written in the blog's language. */
export function PostDate({ iso, blog }: { iso: string; blog: HostedBlog }) {
  const locale = blogWords(blog.language).dateLocale;
  return (
    <time dateTime={iso}>{locale ? formatLongDate(zonedDate(new Date(iso), blog.timeZone), locale) : formatDate(iso, blog.timeZone)}</time>
  );
}

type CardProps = {
  post: HostedPostSummary;
  view: BlogView;
  /** h2 on the index, h3 under a post's own headings. */
  level: 2 | 3;
  /** The index's first card: its cover is the page's largest paint, so it loads at once. */
  lead?: boolean;
};

export function PostCard({ post, view, level, lead = false }: CardProps) {
  const { blog } = view;
  const Title = level === 2 ? "h2" : "h3";
  return (
    <li>
      <article className={post.cover ? "card" : "card no-cover"}>
        <div className="card-body">
          <Title>
            <a href={linkIn(view, blogPath(blog.address, post.slug))}>{post.title}</a>
          </Title>
          <p className="meta">
            {post.topic ? (
              <>
                <span className="topic">{post.topic}</span>
                <span aria-hidden="true"> · </span>
              </>
            ) : null}
            <PostDate iso={post.publishedAt} blog={blog} />
          </p>
          {post.excerpt ? <p className="excerpt">{post.excerpt}</p> : null}
          {blog.theme === "journal" ? (
            <span className="more" aria-hidden="true">
              {blogWords(blog.language).readTheArticle}
            </span>
          ) : null}
        </div>
        {post.cover ? (
          <img
            className="cover"
            src={post.cover.src}
            alt={post.cover.alt}
            width={1200}
            height={675}
            loading={lead ? "eager" : "lazy"}
            decoding={lead ? undefined : "async"}
            fetchPriority={lead ? "high" : undefined}
          />
        ) : null}
      </article>
    </li>
  );
}
