import * as cheerio from "cheerio/slim";
import type { DB } from "#app/db/client.server";
import { guardedFetch } from "#app/utils/http.server";
import { limiter } from "#app/utils/limiter";
import { logger } from "#app/utils/logger.server";
import { readCached, writeCached, type CacheOptions } from "./cache.server";
import type { ResultPage, Serp } from "./types";

/**
 * The outlines (title, h1-h3) of a keyword's top result pages
 * (docs/decisions/058-research.md): fetched through the SSRF guard with a
 * time and size limit, at most MAX_IN_FLIGHT at once, and cached per site
 * and URL as kind 'page'. A page that cannot be read (refused address,
 * error status, not HTML, time-out) comes back with `headings: null` and is
 * not cached, so it is tried again next time; it never fails the article.
 */

const DEFAULT_LIMIT = 5;
const MAX_IN_FLIGHT = 3;
const TIMEOUT_MS = 8_000;
// Headings sit in the first part of a page; a longer page is cut there rather than refused.
const MAX_BYTES = 1024 * 1024;
const MAX_HEADINGS = 60;
const MAX_HEADING_CHARS = 200;

const clean = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, MAX_HEADING_CHARS);

/** The page's title and h1-h3 texts in document order (pure). */
export function outlineOf(html: string): { title: string; headings: string[] } {
  const $ = cheerio.load(html);
  const headings: string[] = [];
  $("h1, h2, h3").each((_, element) => {
    const text = clean($(element).text());
    if (text && headings.length < MAX_HEADINGS) headings.push(text);
  });
  return { title: clean($("title").first().text()), headings };
}

async function fetchPage(url: string, fallbackTitle: string, options: CacheOptions): Promise<ResultPage> {
  try {
    const response = await guardedFetch(url, {
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      truncate: true,
      correlationId: options.correlationId,
      signal: options.signal,
    });
    const type = String(response.headers["content-type"] ?? "text/html");
    if (response.status < 200 || response.status >= 300 || !/html/i.test(type)) {
      return { url, title: fallbackTitle, headings: null };
    }
    const outline = outlineOf(response.text());
    return { url, title: outline.title || fallbackTitle, headings: outline.headings };
  } catch (error) {
    logger.info({ correlationId: options.correlationId, url, error: String(error) }, "result page not read");
    return { url, title: fallbackTitle, headings: null };
  }
}

/** The top `limit` (default 5) result pages of the SERP, in its order; cached ones from the database. */
export async function resultPagesFor(
  db: DB,
  siteId: string,
  serp: Serp,
  options: CacheOptions & { limit?: number } = {},
): Promise<ResultPage[]> {
  const now = options.now ?? new Date();
  const results = serp.results.filter((r, i, all) => all.findIndex((o) => o.url === r.url) === i).slice(0, options.limit ?? DEFAULT_LIMIT);
  const cached = await readCached<ResultPage>(
    db,
    siteId,
    "page",
    results.map((r) => r.url),
    now,
  );
  if (options.counters) options.counters.cacheHits += cached.size;
  const missing = results.filter((r) => !cached.has(r.url));
  const pool = limiter(MAX_IN_FLIGHT);
  const fetched = new Map<string, ResultPage>();
  await Promise.all(
    missing.map((result) =>
      pool(async () => {
        if (options.counters) options.counters.pagesFetched++;
        fetched.set(result.url, await fetchPage(result.url, result.title, options));
      }),
    ),
  );
  const readable = [...fetched.values()].filter((page) => page.headings !== null);
  await writeCached(
    db,
    siteId,
    "page",
    readable.map((page) => [page.url, page]),
    now,
  );
  return results.map((r) => cached.get(r.url) ?? fetched.get(r.url)!);
}
