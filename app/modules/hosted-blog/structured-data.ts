import { blogWords } from "./furniture";
import { absoluteOn, blogUrl } from "./urls";
import type { HostedBlog, HostedPost } from "./queries.server";

/**
 * schema.org data for a hosted post (BlogPosting and BreadcrumbList), and its
 * serialization for <script type="application/ld+json">: `<` is escaped so
 * page text inside can never close the script element (a data block is not
 * executed, so the CSP does not apply to it).
 */

type Ld = Record<string, unknown>;

function brandLd(blog: HostedBlog): Ld {
  return {
    "@type": "Organization",
    name: blog.name,
    url: blogUrl(blog.address),
    ...(blog.logoPath ? { logo: { "@type": "ImageObject", url: absoluteOn(blog.address.assetOrigin, blog.logoPath) } } : {}),
  };
}

export function blogPostingLd(blog: HostedBlog, post: HostedPost): Ld {
  const url = blogUrl(blog.address, post.slug);
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
    ...(post.cover ? { image: [absoluteOn(blog.address.assetOrigin, post.cover.src)] } : {}),
    ...(post.keyword ? { keywords: post.keyword } : {}),
    author: brandLd(blog),
    publisher: brandLd(blog),
    isPartOf: { "@type": "Blog", name: blog.name, url: blogUrl(blog.address) },
  };
}

export function breadcrumbLd(blog: HostedBlog, post: HostedPost): Ld {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: blogWords(blog.language).blog, item: blogUrl(blog.address) },
      { "@type": "ListItem", position: 2, name: post.title, item: blogUrl(blog.address, post.slug) },
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
