import type { DB } from "#app/db/client.server";
import { escapeHtml, safeLinkHref } from "#app/utils/html";
import { getArticleResearch } from "./article-research.server";
import type { LedgerEntry } from "./types";

/**
 * 'Show sources on published posts' (Settings → Content): a post written from research ends with a
 * 'Sources' section listing its claim ledger. Added where a post is rendered or sent, as the disclosure
 * line is: the hosted blog and every publishing platform.
 */

const domainOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
};

/** The section's HTML for these sources: the site's own pages by title, the web's by title and domain. */
function sourcesHtml(sources: LedgerEntry[]) {
  if (!sources.length) return "";
  // Appended after the post was sanitized, so only http(s) links (or the site's own paths) are written.
  const items = sources.flatMap((s) => {
    const href = safeLinkHref(s.url);
    if (!href) return [];
    const domain = s.kind === "web" ? domainOf(href) : "";
    const link = `<a href="${escapeHtml(href)}"${s.kind === "web" ? ' rel="noopener noreferrer"' : ""}>${escapeHtml(s.title || href)}</a>`;
    return [`<li>${link}${domain ? ` (${escapeHtml(domain)})` : ""}</li>`];
  });
  if (!items.length) return "";
  return `<h2>Sources</h2>\n<ul class="article-sources">${items.join("")}</ul>`;
}

/** The 'Sources' section of a post when the site shows sources and the article has any; null otherwise. */
export async function publishedSources(db: DB, siteId: string, articleId: string): Promise<string | null> {
  const setting = await db.selectFrom("content_settings").select("show_sources").where("site_id", "=", siteId).executeTakeFirst();
  if (setting?.show_sources !== 1) return null;
  const research = await getArticleResearch(db, siteId, articleId);
  return research ? sourcesHtml(research.sources) || null : null;
}

/** The article's HTML with the section appended. */
export function withSources(html: string, section: string | null) {
  return section ? `${html}\n${section}` : html;
}
