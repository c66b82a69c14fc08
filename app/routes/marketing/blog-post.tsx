import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { PrimaryCta } from "#app/components/public-header";
import { JsonLd } from "#app/components/json-ld";
import { getPost } from "#app/modules/blog/posts.server";
import { articleLd, breadcrumbLd } from "#app/modules/site-content/structured-data";
import { notFound } from "#app/utils/responses.server";
import { seoMeta, useSiteOrigin } from "#app/utils/seo";
import { formatLongDate } from "#app/utils/time";
import type { Route } from "./+types/blog-post";

export const handle = { hydrate: false };

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, location } = args;
  if (!loaderData) {
    return seoMeta(args, {
      title: "Post not found",
      description: "This blog post does not exist.",
      path: location.pathname,
      noindex: true,
    });
  }
  const { post } = loaderData;
  return seoMeta(args, {
    title: post.title,
    description: post.description,
    path: `/blog/${post.slug}`,
    image: post.image,
    imageAlt: post.imageAlt ?? post.title,
    type: "article",
    publishedTime: post.date,
    author: post.author,
  });
};

export function loader({ params }: Route.LoaderArgs) {
  const post = getPost(params.slug);
  if (!post) notFound("Post not found");
  return { post };
}

/** Typography for the rendered markdown (no typography plugin: a few descendant rules). */
const proseClasses = [
  "text-lg leading-relaxed text-slate-700",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-6 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_strong]:text-slate-900",
  "[&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-500 [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:text-base [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:text-left [&_td]:border-b [&_td]:border-slate-200 [&_td]:py-2",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-base",
].join(" ");

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  const origin = useSiteOrigin();
  return (
    <main id="main">
      <JsonLd
        data={[
          articleLd(origin, post),
          breadcrumbLd(origin, [
            { name: "Blog", path: "/blog" },
            { name: post.title, path: `/blog/${post.slug}` },
          ]),
        ]}
      />
      <article className="px-4 py-14 sm:px-6">
        <header className="mx-auto max-w-3xl">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
            <Link to="/blog" className="hover:underline">
              Blog
            </Link>{" "}
            / <span aria-current="page">{post.title}</span>
          </nav>
          <h1 className="mt-4 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{post.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{post.description}</p>
          <p className="mt-4 text-sm text-slate-600">
            By {post.author} · <time dateTime={post.date}>{formatLongDate(post.date)}</time> · {post.readingMinutes} min read
          </p>
        </header>
        <div className="mx-auto mt-10 grid max-w-5xl gap-10 lg:grid-cols-[14rem_1fr]">
          {post.toc.length ? (
            <nav aria-labelledby="toc-title" className="lg:sticky lg:top-6 lg:self-start">
              <h2 id="toc-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
                On this page
              </h2>
              <ol className="mt-3 flex flex-col gap-2 text-sm">
                {post.toc.map((entry) => (
                  <li key={entry.id} className={entry.depth === 3 ? "pl-4" : undefined}>
                    <a href={`#${entry.id}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                      {entry.text}
                    </a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <div className={`min-w-0 ${proseClasses}`} dangerouslySetInnerHTML={{ __html: post.html }} />
        </div>
        <aside aria-labelledby="cta-title" className="mx-auto mt-14 max-w-3xl rounded-2xl bg-brand-50 p-8 text-center">
          <h2 id="cta-title" className="text-2xl font-bold text-slate-900">
            Let Inkpilot write your next article
          </h2>
          <p className="mt-2 text-slate-700">
            A 30-day content plan and SEO articles in your brand's voice. 7-day free trial, no credit card required.
          </p>
          <PrimaryCta className="mt-6 inline-block rounded-md bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700" />
        </aside>
      </article>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      as="main"
      statusCopy={{ 404: { title: "Post not found", message: "This blog post does not exist or has moved." } }}
      back={{ to: "/blog", label: "Back to the blog" }}
    />
  );
}
