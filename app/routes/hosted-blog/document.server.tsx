import { renderToStaticMarkup } from "react-dom/server";
import { jsonLdText } from "#app/modules/hosted-blog/structured-data";
import { blogWords } from "#app/modules/hosted-blog/furniture";
import { BLOG_THEMES, DEFAULT_BLOG_THEME } from "#app/modules/hosted-blog/themes";
import { absoluteOn, blogFileUrl, blogPath } from "#app/modules/hosted-blog/urls";
import { DEFAULT_ACCENT, DEFAULT_FONT_PAIRING } from "#app/modules/settings/brand-look";
import { themeStylesheet } from "./themes";
import { linkIn, LOGO_HEIGHT, type BlogView } from "./view.server";
import type { ReactNode } from "react";

/**
 * The hosted blog's HTML: whole documents rendered once on the server
 * with renderToStaticMarkup and sent by resource routes, so the pages carry no
 * framework JavaScript at all, only their own small stylesheet: the blog's theme
 * in the brand's accent and fonts (themes/; the app's CSP allows inline styles;
 * JSON-LD is a data block the CSP does not govern).
 * React escapes every text and attribute; the article body is the already
 * sanitized content_html.
 */

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

const PLAIN_STYLE = themeStylesheet({ theme: DEFAULT_BLOG_THEME, accent: DEFAULT_ACCENT, fontPairing: DEFAULT_FONT_PAIRING });

function HeadTags({ view, head }: { view: BlogView | null; head: Head }) {
  const blog = view?.blog;
  const image = head.og?.image;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{head.title}</title>
      <meta name="description" content={head.description} />
      {head.noindex || view?.preview ? <meta name="robots" content="noindex" /> : null}
      {head.canonical ? <link rel="canonical" href={head.canonical} /> : null}
      {head.prev ? <link rel="prev" href={head.prev} /> : null}
      {head.next ? <link rel="next" href={head.next} /> : null}
      {blog ? (
        <link rel="alternate" type="application/rss+xml" title={`${blog.name} RSS feed`} href={blogFileUrl(blog.address, "rss.xml")} />
      ) : null}
      {/* The brand's logo as the icon; otherwise an empty one, so browsers do not ask for a /favicon.ico that is not theirs. */}
      <link rel="icon" href={blog?.logoPath ? absoluteOn(blog.address.assetOrigin, blog.logoPath) : "data:,"} />
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
      <style dangerouslySetInnerHTML={{ __html: blog ? themeStylesheet(blog) : PLAIN_STYLE }} />
    </head>
  );
}

/** Above a preview: what it is, and the way back to the blog as its readers see it. */
function PreviewBar({ view }: { view: BlogView }) {
  const theme = BLOG_THEMES.find((t) => t.id === view.preview)!;
  return (
    <div className="preview-bar">
      <div className="wrap">
        <p>
          Preview of the <strong>{theme.name}</strong> theme. Your readers keep seeing your current theme until you choose this one in
          Settings → Blog.
        </p>
        <a href={blogPath(view.blog.address)}>Leave the preview</a>
      </div>
    </div>
  );
}

export function Document({ view, head, children }: { view: BlogView | null; head: Head; children: ReactNode }) {
  const blog = view?.blog;
  return (
    <html lang={blog?.language ?? "en"}>
      <HeadTags view={view} head={head} />
      <body data-theme={blog?.theme ?? DEFAULT_BLOG_THEME}>
        <a className="skip" href="#main">
          {blogWords(blog?.language ?? "en").skipToContent}
        </a>
        {view?.preview ? <PreviewBar view={view} /> : null}
        <header className="site-header">
          <div className="wrap">
            {view && blog ? (
              <a className="brand" href={linkIn(view, blogPath(blog.address))}>
                {/* The name follows as text, so the logo itself is decorative here. */}
                {view.logo ? <img src={view.logo.src} alt="" height={LOGO_HEIGHT} width={view.logo.width} /> : null}
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
                <a href={blogFileUrl(blog.address, "rss.xml")}>{blogWords(blog.language).rssFeedOf(blog.name)}</a>
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
