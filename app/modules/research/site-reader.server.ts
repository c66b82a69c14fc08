import type { DB } from "#app/db/client.server";
import { guardedFetch } from "#app/utils/http.server";
import { logger } from "#app/utils/logger.server";
import { nonBlank, parseStringList } from "#app/utils/json";
import { isoNow } from "#app/utils/time";
import { parseSitePage, type ParsedSitePage } from "./site-page-parse";
import { replaceSitePages } from "./site-pages.server";
import type { SitePage } from "./types";

/**
 * Reads the site's own pages after the onboarding scan (docs/decisions/058-research.md):
 * its home page and the internal links the scan stored, then the product pages
 * its category pages link to, each through the SSRF guard, within a page
 * count, a size per page and a time for the whole read. What they say
 * replaces the site's stored pages; a read that got no page keeps the old ones.
 */

export const SITE_READ_LIMITS = { pages: 20, bytesPerPage: 1024 * 1024, msPerPage: 10_000, totalMs: 60_000 } as const;

export type PageFetcher = (
  url: string,
  options: { signal?: AbortSignal; correlationId?: string },
) => Promise<{ url: string; html: string } | null>;

/** One page through the SSRF guard; null when it is not an HTML page that answered 2xx. */
const fetchSitePage: PageFetcher = async (url, { signal, correlationId }) => {
  const response = await guardedFetch(url, {
    timeoutMs: SITE_READ_LIMITS.msPerPage,
    maxBytes: SITE_READ_LIMITS.bytesPerPage,
    signal,
    correlationId,
  });
  const type = String(response.headers["content-type"] ?? "").toLowerCase();
  if (response.status < 200 || response.status >= 300 || (type && !type.includes("html"))) return null;
  return { url: response.url, html: response.text() };
};

export type SiteReadResult = { read: number; failed: number; stored: boolean };

/** The site's address and the scan's internal links. */
async function startingPoints(db: DB, siteId: string) {
  const [site, brand] = await Promise.all([
    db.selectFrom("sites").select("url").where("id", "=", siteId).executeTakeFirst(),
    db.selectFrom("brand_settings").select("internal_links").where("site_id", "=", siteId).executeTakeFirst(),
  ]);
  const links = parseStringList(brand?.internal_links, nonBlank);
  return [...new Set([...(site?.url ? [site.url] : []), ...links])];
}

export async function readSitePages(
  db: DB,
  siteId: string,
  {
    fetchPage = fetchSitePage,
    signal,
    correlationId,
    now = new Date(),
  }: { fetchPage?: PageFetcher; signal?: AbortSignal; correlationId?: string; now?: Date } = {},
): Promise<SiteReadResult> {
  const queue = await startingPoints(db, siteId);
  const origin = queue[0] ? new URL(queue[0]).origin : null;
  const deadline = Date.now() + SITE_READ_LIMITS.totalMs;
  const seen = new Set<string>();
  const pages: ParsedSitePage[] = [];
  let failed = 0;
  const fetchedAt = isoNow(now);
  while (queue.length > 0 && seen.size < SITE_READ_LIMITS.pages && Date.now() < deadline && !signal?.aborted) {
    const url = queue.shift()!;
    if (seen.has(url) || (origin && new URL(url).origin !== origin)) continue;
    seen.add(url);
    try {
      const got = await fetchPage(url, { signal, correlationId });
      if (!got) {
        failed++;
        continue;
      }
      const page = parseSitePage(got.html, got.url, fetchedAt);
      if (pages.some((p) => p.url === page.url)) continue;
      pages.push(page);
      // A category page's product links are read too, after the pages already queued.
      if (page.kind === "category") queue.push(...page.links.filter((l) => !seen.has(l)));
    } catch (error) {
      failed++;
      logger.warn({ correlationId, siteId, url, err: error instanceof Error ? error.message : String(error) }, "site page not read");
    }
  }
  // The home page tells little on its own when it is a plain landing page; every other page is kept.
  const kept: SitePage[] = pages
    .filter((p) => p.kind !== "page" || p.facts.length > 0 || p.faq.length > 0 || p.summary)
    .map(({ links: _links, ...page }) => page);
  if (kept.length === 0) return { read: 0, failed, stored: false };
  await replaceSitePages(db, siteId, kept);
  return { read: kept.length, failed, stored: true };
}
