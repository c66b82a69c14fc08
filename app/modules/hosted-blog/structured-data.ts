import { absoluteOn, hostedBlogUrl } from "./urls";
import type { HostedBlog, HostedPost } from "./queries.server";

/**
 * schema.org data for a hosted post (BlogPosting and BreadcrumbList), and its
 * serialization for <script type="application/ld+json">: `<` is escaped so
 * page text inside can never close the script element (a data block is not
 * executed, so the CSP does not apply to it).
 */

type Ld = Record<string, unknown>;

function brandLd(origin: string, blog: HostedBlog): Ld {
  return {
    "@type": "Organization",
    name: blog.name,
    url: hostedBlogUrl(origin, blog.blogSlug),
    ...(blog.logoPath ? { logo: { "@type": "ImageObject", url: absoluteOn(origin, blog.logoPath) } } : {}),
  };
}

export function blogPostingLd(origin: string, blog: HostedBlog, post: HostedPost): Ld {
  const url = hostedBlogUrl(origin, blog.blogSlug, post.slug);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt,
    dateModified: post.modifiedAt,
    inLanguage: blog.language,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    ...(post.cover ? { image: [absoluteOn(origin, post.cover.src)] } : {}),
    ...(post.keyword ? { keywords: post.keyword } : {}),
    author: brandLd(origin, blog),
    publisher: brandLd(origin, blog),
    isPartOf: { "@type": "Blog", name: blog.name, url: hostedBlogUrl(origin, blog.blogSlug) },
  };
}

export function breadcrumbLd(origin: string, blog: HostedBlog, post: HostedPost): Ld {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Blog", item: hostedBlogUrl(origin, blog.blogSlug) },
      { "@type": "ListItem", position: 2, name: post.title, item: hostedBlogUrl(origin, blog.blogSlug, post.slug) },
    ],
  };
}

/** The text of a JSON-LD script element. */
export function jsonLdText(data: unknown) {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
