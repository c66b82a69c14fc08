import { blogWords } from "./furniture";
import { absoluteOn, blogFileUrl, blogUrl } from "./urls";
import type { HostedBlog, HostedPost } from "./queries.server";

/**
 * The hosted blog's XML: the RSS 2.0 feed (full bodies in content:encoded) and
 * the sitemap. Text is escaped, never wrapped in CDATA (a body containing
 * "]]>" would end it). Characters XML 1.0 forbids are dropped, so one stray
 * control character in an article cannot break a reader's whole feed.
 */

/** Only the characters XML 1.0 allows: tab, LF, CR, and from U+0020 on except lone surrogates and U+FFFE/U+FFFF. */
function xmlCharacters(text: string) {
  let out = "";
  // for…of walks code points, so a valid surrogate pair arrives whole and a lone half alone.
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      code >= 0x10000
    )
      out += char;
  }
  return out;
}

export function escapeXml(text: string) {
  return xmlCharacters(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Our own root-relative src and href values (/uploads/…, /b/…) made absolute, for readers outside this site. */
export function absolutizeUrls(html: string, origin: string) {
  return html.replace(/\b(src|href)="\/(?!\/)/g, (_match, attr: string) => `${attr}="${origin.replace(/\/$/, "")}/`);
}

export function rssXml(blog: HostedBlog, posts: HostedPost[]) {
  const origin = blog.address.assetOrigin;
  const home = blogUrl(blog.address);
  const items = posts.map((post) => {
    const url = blogUrl(blog.address, post.slug);
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(blog.name)}</dc:creator>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <content:encoded>${escapeXml(absolutizeUrls(post.html, origin))}</content:encoded>`,
      "    </item>",
    ].join("\n");
  });
  const newest = posts[0]?.modifiedAt;
  const channel = [
    `    <title>${escapeXml(blog.name)}</title>`,
    `    <link>${escapeXml(home)}</link>`,
    `    <atom:link href="${escapeXml(blogFileUrl(blog.address, "rss.xml"))}" rel="self" type="application/rss+xml" />`,
    `    <description>${escapeXml(blog.description || blogWords(blog.language).articlesFrom(blog.name))}</description>`,
    `    <language>${escapeXml(blog.language.toLowerCase())}</language>`,
    ...(newest ? [`    <lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>`] : []),
    ...(blog.logoPath
      ? [
          "    <image>",
          `      <url>${escapeXml(absoluteOn(origin, blog.logoPath))}</url>`,
          `      <title>${escapeXml(blog.name)}</title>`,
          `      <link>${escapeXml(home)}</link>`,
          "    </image>",
        ]
      : []),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
${[...channel, ...items].join("\n")}
  </channel>
</rss>
`;
}

export function sitemapXml(blog: HostedBlog, posts: Array<{ slug: string; modifiedAt: string }>) {
  const urls = [
    { loc: blogUrl(blog.address), lastmod: posts[0]?.modifiedAt },
    ...posts.map((post) => ({ loc: blogUrl(blog.address, post.slug), lastmod: post.modifiedAt })),
  ];
  const body = urls
    .map((url) => `  <url>\n    <loc>${escapeXml(url.loc)}</loc>\n${url.lastmod ? `    <lastmod>${url.lastmod}</lastmod>\n` : ""}  </url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
