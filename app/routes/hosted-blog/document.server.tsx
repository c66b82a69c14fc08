import { renderToStaticMarkup } from "react-dom/server";
import { HOSTED_BLOG_FONT_STACK } from "#app/modules/hosted-blog/fonts";
import type { HostedBlog } from "#app/modules/hosted-blog/queries.server";
import { jsonLdText } from "#app/modules/hosted-blog/structured-data";
import { absoluteOn, blogFileUrl, blogPath } from "#app/modules/hosted-blog/urls";
import type { ReactNode } from "react";

/**
 * The hosted blog's HTML: whole documents rendered once on the server
 * with renderToStaticMarkup and sent by resource routes, so the pages carry no
 * framework JavaScript at all, only their own small stylesheet (the app's CSP
 * allows inline styles; JSON-LD is a data block the CSP does not govern).
 * React escapes every text and attribute; the article body is the already
 * sanitized content_html.
 */

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:${HOSTED_BLOG_FONT_STACK};font-size:1.125rem;line-height:1.7;color:#1f2937;background:#fff}
a{color:#1d4ed8;text-underline-offset:2px}
a:hover{color:#1e3a8a}
a:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0;padding:.5rem 1rem;background:#fff;color:#1d4ed8;z-index:1}
.skip:focus{left:1rem;top:1rem}
.wrap{max-width:46rem;margin:0 auto;padding:0 1.25rem}
.site-header{border-bottom:1px solid #e5e7eb}
.site-header .wrap{display:flex;align-items:center;gap:.75rem;min-height:4rem;padding-top:.75rem;padding-bottom:.75rem}
.brand{display:inline-flex;align-items:center;gap:.75rem;font-weight:700;font-size:1.25rem;color:#111827;text-decoration:none;min-height:48px}
.brand img{height:40px;width:auto;max-width:160px;object-fit:contain}
main{padding:2rem 0 3rem}
h1,h2,h3,h4{color:#111827;line-height:1.25;font-weight:700}
h1{font-size:2.25rem;margin:.5rem 0 1rem}
.lead{color:#374151;font-size:1.2rem;margin:0 0 2rem}
.meta{color:#4b5563;font-size:.95rem;margin:0 0 1.5rem}
.cover{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:.5rem;background:#f3f4f6;margin:0 0 2rem}
.posts{list-style:none;margin:0;padding:0}
.posts>li{padding:2rem 0;border-top:1px solid #e5e7eb}
.posts>li:first-child{border-top:0;padding-top:0}
.posts h2{font-size:1.5rem;margin:0 0 .25rem}
.posts h2 a{color:#111827;text-decoration:none}
.posts h2 a:hover{text-decoration:underline}
.posts .cover{margin:0 0 1rem}
.posts p{margin:.25rem 0 0}
.pager{display:flex;justify-content:space-between;align-items:center;gap:1rem;border-top:1px solid #e5e7eb;margin-top:2rem;padding-top:1.5rem;font-size:1rem}
.pager a{display:inline-block;padding:.75rem 0}
.crumbs ol{list-style:none;display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 1rem;padding:0;font-size:.95rem;color:#4b5563}
.crumbs li+li::before{content:"/";margin-right:.5rem;color:#6b7280}
.crumbs a{display:inline-block;padding:.75rem 0}
.prose{overflow-wrap:break-word}
.prose h2{font-size:1.6rem;margin:2.5rem 0 .75rem}
.prose h3{font-size:1.3rem;margin:2rem 0 .5rem}
.prose h4,.prose h5,.prose h6{font-size:1.1rem;margin:1.5rem 0 .5rem}
.prose p,.prose ul,.prose ol,.prose blockquote,.prose pre,.prose figure,.prose table{margin:0 0 1.25rem}
.prose ul,.prose ol{padding-left:1.5rem}
.prose li{margin:.35rem 0}
.prose img,.prose video{max-width:100%;height:auto;border-radius:.375rem}
.prose figure{margin-left:0;margin-right:0}
.prose figcaption{color:#4b5563;font-size:.95rem;margin-top:.5rem}
.prose iframe{display:block;width:100%;max-width:100%;height:auto;aspect-ratio:16/9;border:0;margin:0 0 1.25rem}
.prose blockquote{border-left:4px solid #d1d5db;margin-left:0;padding-left:1rem;color:#374151;font-style:italic}
.prose pre{background:#f3f4f6;padding:1rem;border-radius:.375rem;overflow-x:auto;font-size:.95rem}
.prose code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.95em}
.prose table{width:100%;border-collapse:collapse;font-size:1rem}
.prose th,.prose td{border-bottom:1px solid #e5e7eb;padding:.5rem;text-align:left;vertical-align:top}
.prose th{border-bottom-color:#9ca3af}
.prose .alignleft{float:left;margin-right:1rem}
.prose .alignright{float:right;margin-left:1rem}
.prose .aligncenter{display:block;margin-left:auto;margin-right:auto}
.back{margin-top:3rem;font-size:1rem}
.back a{display:inline-block;padding:.75rem 0}
.site-footer{border-top:1px solid #e5e7eb;color:#4b5563;font-size:.95rem}
.site-footer .wrap{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1.5rem;padding-top:1.5rem;padding-bottom:2rem}
.site-footer a{display:inline-block;padding:.75rem 0}
@media (max-width:640px){h1{font-size:1.85rem}body{font-size:1.0625rem}}
`;

export type Head = {
  title: string;
  description: string;
  /** Absolute; omitted on error pages. */
  canonical?: string;
  noindex?: boolean;
  prev?: string;
  next?: string;
  og?: { type: "website" | "article"; image?: { url: string; alt: string }; publishedTime?: string; modifiedTime?: string };
  jsonLd?: unknown[];
};

export function Document({ blog, head, children }: { blog: HostedBlog | null; head: Head; children: ReactNode }) {
  const image = head.og?.image;
  return (
    <html lang={blog?.language ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.noindex ? <meta name="robots" content="noindex" /> : null}
        {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
        {head.prev ? <link rel="prev" href={head.prev} /> : null}
        {head.next ? <link rel="next" href={head.next} /> : null}
        {blog ? (
          <link rel="alternate" type="application/rss+xml" title={`${blog.name} RSS feed`} href={blogFileUrl(blog.address, "rss.xml")} />
        ) : null}
        {/* The brand's logo as the icon; otherwise an empty one, so browsers do not ask for a /favicon.ico that is not theirs. */}
        <link rel="icon" href={blog?.logoPath ? absoluteOn(blog.address.origin, blog.logoPath) : "data:,"} />
        {head.og && blog ? (
          <>
            <meta property="og:site_name" content={blog.name} />
            <meta property="og:type" content={head.og.type} />
            <meta property="og:title" content={head.title} />
            <meta property="og:description" content={head.description} />
            {head.canonical ? <meta property="og:url" content={head.canonical} /> : null}
            <meta property="og:locale" content={blog.language.replace("-", "_")} />
            {image ? <meta property="og:image" content={image.url} /> : null}
            {image ? <meta property="og:image:alt" content={image.alt} /> : null}
            {head.og.publishedTime ? <meta property="article:published_time" content={head.og.publishedTime} /> : null}
            {head.og.modifiedTime ? <meta property="article:modified_time" content={head.og.modifiedTime} /> : null}
            <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
            <meta name="twitter:title" content={head.title} />
            <meta name="twitter:description" content={head.description} />
            {image ? <meta name="twitter:image" content={image.url} /> : null}
            {image ? <meta name="twitter:image:alt" content={image.alt} /> : null}
          </>
        ) : null}
        {(head.jsonLd ?? []).map((item, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(item) }} />
        ))}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <div className="wrap">
            {blog ? (
              <a className="brand" href={blogPath(blog.address)}>
                {/* The name follows as text, so the logo itself is decorative here. */}
                {blog.logoPath ? <img src={blog.logoPath} alt="" height={40} /> : null}
                <span>{blog.name}</span>
              </a>
            ) : null}
          </div>
        </header>
        <main id="main" className="wrap">
          {children}
        </main>
        <footer className="site-footer">
          <div className="wrap">
            {blog ? (
              <>
                <span>
                  © {new Date().getUTCFullYear()} {blog.name}
                </span>
                <a href={blogFileUrl(blog.address, "rss.xml")}>RSS feed of {blog.name}</a>
              </>
            ) : (
              <span>This blog is hosted by Inkpilot.</span>
            )}
          </div>
        </footer>
      </body>
    </html>
  );
}

export function renderDocument(element: ReactNode) {
  return `<!DOCTYPE html>${renderToStaticMarkup(element)}`;
}
