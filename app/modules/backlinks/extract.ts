import * as cheerio from "cheerio/slim";

// Pure (no database, no network) so the CPU worker can run it with the rest of an article's analysis.

export type ExtractedLink = { url: string; anchorText: string };

/**
 * The checkable links of an article's HTML: http(s) and relative hrefs, first
 * occurrence per URL. Fragment-only, mailto:, tel:, javascript: and the like
 * are not links to a page.
 */
export function extractLinks(html: string): ExtractedLink[] {
  const $ = cheerio.load(html, null, false);
  const seen = new Map<string, ExtractedLink>();
  $("a[href]").each((_, el) => {
    const href = ($(el).attr("href") ?? "").trim();
    if (!href || href.startsWith("#")) return;
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
    if (scheme && scheme !== "http" && scheme !== "https") return;
    if (seen.has(href)) return;
    seen.set(href, { url: href, anchorText: $(el).text().replace(/\s+/g, " ").trim().slice(0, 500) });
  });
  return [...seen.values()];
}
