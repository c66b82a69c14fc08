import { Link } from "react-router";
import { JsonLd } from "#app/components/json-ld";
import { listPosts } from "#app/modules/blog/posts.server";
import { absoluteUrl, seoMeta, useSiteOrigin } from "#app/utils/seo";
import { formatLongDate } from "#app/utils/time";
import { PageHeader } from "./components";
import type { Route } from "./+types/blog";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) => [
  ...seoMeta(args, {
    title: "Blog",
    description:
      "Practical guides on SEO blogging, keyword research and content planning for founders and small teams, from the Inkpilot team.",
    path: "/blog",
  }),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Inkpilot blog", href: "/blog/rss.xml" },
];

export function loader() {
  return {
    posts: listPosts().map(({ slug, title, description, date, author, readingMinutes }) => ({
      slug,
      title,
      description,
      date,
      author,
      readingMinutes,
    })),
  };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const origin = useSiteOrigin();
  return (
    <main id="main">
      <JsonLd
        data={{
          "@type": "Blog",
          name: "Inkpilot blog",
          url: absoluteUrl(origin, "/blog"),
          blogPost: posts.map((post) => ({
            "@type": "BlogPosting",
            headline: post.title,
            url: absoluteUrl(origin, `/blog/${post.slug}`),
            datePublished: post.date,
          })),
        }}
      />
      <PageHeader title="The Inkpilot Blog" lead="Practical guides on SEO blogging, keyword research and content planning." />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <ul className="flex flex-col gap-8">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="rounded-2xl border border-slate-200 p-6 shadow-sm">
                <p className="text-sm text-slate-600">
                  <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readingMinutes} min read
                </p>
                <h2 className="mt-2 text-2xl font-bold text-slate-900">
                  <Link to={`/blog/${post.slug}`} className="hover:text-brand-700 hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-3 text-slate-700">{post.description}</p>
                <p className="mt-4 text-sm text-slate-600">By {post.author}</p>
              </article>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-sm text-slate-600">
          Subscribe with the{" "}
          <a href="/blog/rss.xml" className="font-medium text-brand-700 underline">
            RSS feed
          </a>
          .
        </p>
      </div>
    </main>
  );
}
