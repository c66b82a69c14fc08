import * as cheerio from "cheerio/slim";
import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import type { LinkKind, LinkStatus } from "#app/db/schema";
import { enqueue } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { newId } from "#app/utils/crypto.server";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";
import { isoNow, MINUTE } from "#app/utils/time";

/**
 * Link monitoring for the Backlinks page: the links in a site's articles are
 * kept in step with the articles' content on every save, and a job checks them
 * through the SSRF-guarded fetch (daily, or on demand) and records the outcome.
 */

export const CHECK_LINKS_JOB = "check-site-links";
export const CHECK_CONCURRENCY = 4;
export const CHECK_TIMEOUT_MS = 10_000;
/** The time limit of one check run (the job's attempt). */
export const CHECK_RUN_TIMEOUT_MS = 15 * MINUTE;
/** "Check links now" runs at most this often per site. */
export const MANUAL_CHECK_INTERVAL_MS = 10 * MINUTE;
// A GET fallback reads at most this much; the status line is all we need.
const GET_FALLBACK_BYTES = 4096;

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

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "");

/** Internal when relative (incl. protocol-relative to the site) or on the site's own host; www. and http/https do not matter. */
export function classifyLink(href: string, siteUrl: string | null): LinkKind {
  if (!/^([a-z][a-z0-9+.-]*:)?\/\//i.test(href)) return "internal";
  let site: URL | null = null;
  try {
    site = siteUrl ? new URL(siteUrl) : null;
  } catch {
    site = null;
  }
  try {
    const target = new URL(href, site ?? "https://invalid.invalid");
    return site && hostOf(target) === hostOf(site) ? "internal" : "external";
  } catch {
    return "external";
  }
}

/** The absolute URL to request for a stored href, or null when it cannot be resolved. */
export function resolveLink(href: string, siteUrl: string | null): string | null {
  try {
    const url = siteUrl ? new URL(href, siteUrl) : new URL(href);
    url.hash = "";
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Replaces the stored links of one article with those in its current content:
 * new ones are added unchecked, vanished ones removed, kept ones keep their last
 * check. Called inside the article's save transaction.
 */
export async function syncArticleLinks(db: DB, siteId: string, articleId: string) {
  const article = await db
    .selectFrom("articles as a")
    .innerJoin("sites as s", "s.id", "a.site_id")
    .select(["a.content_html", "s.url as site_url"])
    .where("a.site_id", "=", siteId)
    .where("a.id", "=", articleId)
    .executeTakeFirst();
  if (!article) return;
  const links = extractLinks(article.content_html);
  const urls = links.map((l) => l.url);
  let removal = db.deleteFrom("links").where("site_id", "=", siteId).where("article_id", "=", articleId);
  if (urls.length) removal = removal.where("url", "not in", urls);
  await removal.execute();
  const now = isoNow();
  for (const link of links) {
    await db
      .insertInto("links")
      .values({
        id: newId(),
        site_id: siteId,
        article_id: articleId,
        url: link.url,
        kind: classifyLink(link.url, article.site_url),
        anchor_text: link.anchorText,
        created_at: now,
      })
      .onConflict((oc) =>
        oc.columns(["article_id", "url"]).doUpdateSet((eb) => ({ anchor_text: eb.ref("excluded.anchor_text"), kind: eb.ref("excluded.kind") })),
      )
      .execute();
  }
}

export type LinkCheck = { status: Exclude<LinkStatus, "unchecked">; httpStatus: number | null; finalUrl: string | null; error: string | null };

// Servers that answer these to a bot usually serve the page to people; not proof the link is dead.
const REFUSED_BOT = new Set([401, 403, 429]);

/**
 * Checks one absolute URL: HEAD first, GET (reading a few KB at most) when the
 * server does not support HEAD. Redirects are followed under the guard and
 * reported with where they ended; private and local addresses are never
 * requested and come back 'blocked'.
 */
export async function checkLink(url: string): Promise<LinkCheck> {
  const base = { timeoutMs: CHECK_TIMEOUT_MS, maxBytes: GET_FALLBACK_BYTES, truncate: true } as const;
  try {
    let res = await guardedFetch(url, { ...base, method: "HEAD" });
    if (res.status === 405 || res.status === 501) res = await guardedFetch(url, { ...base, method: "GET" });
    const redirected = res.url !== new URL(url).href;
    if (res.status >= 200 && res.status < 300) {
      return redirected ? { status: "redirect", httpStatus: res.status, finalUrl: res.url, error: null } : { status: "ok", httpStatus: res.status, finalUrl: null, error: null };
    }
    const finalUrl = redirected ? res.url : null;
    if (REFUSED_BOT.has(res.status)) return { status: "error", httpStatus: res.status, finalUrl, error: `The server refused the link checker (HTTP ${res.status}).` };
    if (res.status >= 400) return { status: "broken", httpStatus: res.status, finalUrl, error: null };
    return { status: "error", httpStatus: res.status, finalUrl, error: `Unexpected answer (HTTP ${res.status}).` };
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    if (error.code === "blocked_address") return { status: "blocked", httpStatus: null, finalUrl: null, error: error.message };
    // A name that does not resolve is a dead link; timeouts and resets may be passing trouble.
    if (error.code === "dns") return { status: "broken", httpStatus: null, finalUrl: null, error: error.message };
    return { status: "error", httpStatus: null, finalUrl: null, error: error.message };
  }
}

/** Checks every distinct link of the site (each URL once), CHECK_CONCURRENCY at a time. */
export async function checkSiteLinks(db: DB, siteId: string, { signal, check = checkLink }: { signal?: AbortSignal; check?: typeof checkLink } = {}) {
  const site = await db.selectFrom("sites").select("url").where("id", "=", siteId).executeTakeFirst();
  if (!site) return { checked: 0 };
  const rows = await db.selectFrom("links").select("url").distinct().where("site_id", "=", siteId).orderBy("url").execute();
  let next = 0;
  const worker = async () => {
    while (next < rows.length && !signal?.aborted) {
      const href = rows[next++]!.url;
      const target = resolveLink(href, site.url);
      const result: LinkCheck = target
        ? await check(target)
        : { status: "error", httpStatus: null, finalUrl: null, error: "A relative link cannot be checked until the site's address is set in Settings." };
      await db
        .updateTable("links")
        .set({ status: result.status, http_status: result.httpStatus, final_url: result.finalUrl, last_error: result.error, checked_at: isoNow() })
        .where("site_id", "=", siteId)
        .where("url", "=", href)
        .execute();
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, rows.length) }, worker));
  return { checked: rows.length };
}

export const checkSiteLinksJob: JobDefinition = {
  run: async (payload, { db, signal }) => {
    const siteId = (payload as { siteId?: unknown })?.siteId;
    if (typeof siteId !== "string") return;
    await checkSiteLinks(db, siteId, { signal });
  },
};

/** A check for this site waiting or under way. */
export async function isCheckRunning(db: DB, siteId: string) {
  const row = await db
    .selectFrom("jobs")
    .select("id")
    .where("name", "=", CHECK_LINKS_JOB)
    .where("status", "in", ["queued", "running"])
    .where(sql<string>`json_extract(payload, '$.siteId')`, "=", siteId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * "Check links now": enqueues a check unless one was requested for this site in
 * the last 10 minutes. Durable (the jobs table), so it holds across restarts
 * and server processes.
 */
export async function requestLinkCheck(db: DB, siteId: string, now = new Date()): Promise<{ ok: true } | { ok: false; retryAfterMinutes: number }> {
  return db.transaction().execute(async (trx) => {
    const since = new Date(now.getTime() - MANUAL_CHECK_INTERVAL_MS).toISOString();
    const last = await trx
      .selectFrom("jobs")
      .select("created_at")
      .where("name", "=", CHECK_LINKS_JOB)
      .where("created_at", ">", since)
      .where(sql<string>`json_extract(payload, '$.siteId')`, "=", siteId)
      .where(sql<string>`json_extract(payload, '$.trigger')`, "=", "manual")
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    if (last) {
      const waitMs = new Date(last.created_at).getTime() + MANUAL_CHECK_INTERVAL_MS - now.getTime();
      return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / MINUTE)) };
    }
    await enqueue(trx, CHECK_LINKS_JOB, { siteId, trigger: "manual" }, { idempotencyKey: `links:${siteId}:manual:${now.toISOString()}`, maxAttempts: 2 });
    return { ok: true };
  });
}

/** The daily check: one job per site that has links, once per UTC day. One query finds the sites still due today. */
export async function enqueueDailyLinkChecks(db: DB, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const due = await db
    .selectFrom("links as l")
    .select("l.site_id")
    .distinct()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("jobs as j")
            .select("j.id")
            .where("j.name", "=", CHECK_LINKS_JOB)
            .where("j.idempotency_key", "=", sql<string>`'links:' || l.site_id || ':daily:' || ${day}`),
        ),
      ),
    )
    .execute();
  for (const { site_id } of due) {
    await enqueue(db, CHECK_LINKS_JOB, { siteId: site_id, trigger: "daily" }, { idempotencyKey: `links:${site_id}:daily:${day}`, maxAttempts: 2 });
  }
}
