import { decodeEntities, htmlToText } from "#app/utils/text";

/**
 * What the SEO scorer reads of an article's sanitized HTML: headings, the first paragraph, links and images, and
 * which links stay on the site. Small regexes suffice because the sanitizer guarantees a narrow, well-formed tag
 * set (see seo.ts).
 */

/** An attribute's decoded value in one tag of sanitized HTML, or null. */
export function attr(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  if (!match) return null;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? "");
}

export type ParsedHtml = {
  headings: { level: number; text: string }[];
  firstParagraph: string;
  links: string[];
  images: { alt: string }[];
  text: string;
};

export function parseArticleHtml(html: string): ParsedHtml {
  const headings = [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)].map((m) => ({
    level: Number(m[1]),
    text: htmlToText(m[2] ?? ""),
  }));
  let firstParagraph = "";
  for (const m of html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/gi)) {
    const text = htmlToText(m[1] ?? "");
    if (text) {
      firstParagraph = text;
      break;
    }
  }
  const links = [...html.matchAll(/<a\b[^>]*>/gi)].map((m) => attr(m[0], "href")).filter((h): h is string => !!h);
  const images = [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => ({ alt: (attr(m[0], "alt") ?? "").trim() }));
  return { headings, firstParagraph, links, images, text: htmlToText(html) };
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Internal: relative links, links to the customer's site, and links into the site's hosted blog (`ownBlog`, its
 * absolute address on this server), where its live posts are. Everything else is external.
 */
export function classifyLinks(links: string[], siteOrigin?: string | null, ownBlog?: string | null) {
  const blog = ownBlog ? ownBlog.replace(/\/+$/, "").toLowerCase() : null;
  const own = originOf(siteOrigin);
  const ownHost = own ? new URL(own).hostname.replace(/^www\./, "") : null;
  let internal = 0;
  let external = 0;
  for (const href of links) {
    if (/^(mailto|tel):/i.test(href) || href.startsWith("#")) continue;
    if (/^https?:\/\//i.test(href)) {
      const lower = href.toLowerCase();
      if (blog && (lower === blog || lower.startsWith(`${blog}/`) || lower.startsWith(`${blog}?`))) {
        internal++;
        continue;
      }
      const host = originOf(href) ? new URL(href).hostname.replace(/^www\./, "") : null;
      if (ownHost && host === ownHost) internal++;
      else external++;
    } else {
      internal++;
    }
  }
  return { internal, external };
}
