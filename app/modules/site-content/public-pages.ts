import { freeTools } from "./navigation";

/**
 * Every public, indexable page of the site: the sitemap, the page cache, the
 * audit scripts and the end-to-end audits all read this list. Blog posts are
 * added from the blog module; the free tools come from navigation.ts.
 */

export type PublicPage = { path: string; changefreq: "daily" | "weekly" | "monthly" | "yearly"; priority: number };

export const marketingPages: PublicPage[] = [
  { path: "/", changefreq: "weekly", priority: 1 },
  { path: "/pricing", changefreq: "monthly", priority: 0.9 },
  { path: "/about", changefreq: "monthly", priority: 0.6 },
  { path: "/blog", changefreq: "weekly", priority: 0.8 },
  { path: "/help-center", changefreq: "monthly", priority: 0.6 },
  { path: "/contact", changefreq: "yearly", priority: 0.4 },
  { path: "/terms", changefreq: "yearly", priority: 0.3 },
  { path: "/privacy", changefreq: "yearly", priority: 0.3 },
];

export const toolPages: PublicPage[] = [
  { path: "/tools", changefreq: "monthly", priority: 0.8 },
  ...freeTools.map((tool) => ({ path: tool.href, changefreq: "monthly" as const, priority: 0.7 })),
];

function blogPostPath(slug: string) {
  return `/blog/${slug}`;
}

/** Paths search engines should not crawl: signed-in areas, operator pages, resource routes, sign-in flows. */
const disallowedPaths = ["/dashboard", "/admin", "/dashboard/admin", "/resources", "/auth", "/api"];

export function sitemapXml(origin: string, blogPosts: Array<{ slug: string; date: string }>) {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const urls = [
    ...marketingPages.map((page) => ({ ...page, lastmod: undefined as string | undefined })),
    ...blogPosts.map((post) => ({
      path: blogPostPath(post.slug),
      changefreq: "yearly" as const,
      priority: 0.7,
      lastmod: post.date,
    })),
    ...toolPages.map((page) => ({ ...page, lastmod: undefined })),
  ];
  const body = urls
    .map(
      (url) =>
        `  <url>\n    <loc>${escape(origin + url.path)}</loc>\n${url.lastmod ? `    <lastmod>${url.lastmod}</lastmod>\n` : ""}    <changefreq>${url.changefreq}</changefreq>\n    <priority>${url.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function robotsTxt(origin: string) {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
