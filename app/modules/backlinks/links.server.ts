import { sql } from "kysely";
import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import type { LinkFailure, LinkKind, LinkStatus } from "#app/db/schema";
import { hasActiveJob, lastJobEnqueuedSince } from "#app/modules/jobs/find.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { newId } from "#app/utils/crypto.server";
import { limiter } from "#app/utils/limiter";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";
import { isoNow, MINUTE } from "#app/utils/time";
import { getEnv } from "#app/env.server";
import { getHostedBlog, getHostedPost } from "#app/modules/hosted-blog/queries.server";
import { HOSTED_BLOG_PREFIX } from "#app/modules/hosted-blog/urls";
import { forgetScoresOfArticlesLinkingTo } from "#app/modules/articles/state.server";
import { extractLinks, type ExtractedLink } from "./extract";
import { classifyFailure } from "./failure.server";

/**
 * Link monitoring for the Backlinks page: the links in a site's articles are
 * kept in step with the articles' content on every save, and a job checks them
 * through the SSRF-guarded fetch (daily, or on demand) and records the outcome.
 * A run is bounded and polite: capped per article and per site (the links that
 * waited longest go first), at most CHECK_PER_HOST requests at once per host,
 * and a host that does not answer or asks us to wait is left alone until the
 * next run, its links saying why.
 */

export const CHECK_LINKS_JOB = "check-site-links";
/** Requests in flight per run, over all hosts. */
const CHECK_CONCURRENCY = 8;
/** Requests in flight per run to one host. */
export const CHECK_PER_HOST = 2;
/** After this many requests in a row to a host time out or fail to connect, its other links wait for the next run. */
export const HOST_FAILURE_BUDGET = 3;
export const LINKS_PER_ARTICLE_PER_RUN = 200;
export const LINKS_PER_SITE_PER_RUN = 1000;
const CHECK_TIMEOUT_MS = 10_000;
/** The time limit of one check run (the job's attempt). */
export const CHECK_RUN_TIMEOUT_MS = 15 * MINUTE;
/** "Check links now" runs at most this often per site. */
const MANUAL_CHECK_INTERVAL_MS = 10 * MINUTE;
// A GET fallback reads at most this much; the status line is all we need.
const GET_FALLBACK_BYTES = 4096;

export { extractLinks, type ExtractedLink };

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
export async function syncArticleLinks(db: DB, siteId: string, articleId: string, extracted?: ExtractedLink[]) {
  const article = await db
    .selectFrom("articles as a")
    .innerJoin("sites as s", "s.id", "a.site_id")
    .select(["a.content_html", "s.url as site_url"])
    .where("a.site_id", "=", siteId)
    .where("a.id", "=", articleId)
    .executeTakeFirst();
  if (!article) return;
  // Saving an article passes the links its analysis found (off the main thread for large articles).
  const links = extracted ?? extractLinks(article.content_html);
  const urls = links.map((l) => l.url);
  let removal = db.deleteFrom("links").where("site_id", "=", siteId).where("article_id", "=", articleId);
  if (urls.length) removal = removal.where("url", "not in", urls);
  await removal.execute();
  const now = isoNow();
  // Many rows per statement: an article with thousands of links is saved in
  // milliseconds, not one statement (and one event-loop pause) per link.
  for (let i = 0; i < links.length; i += SYNC_BATCH) {
    await db
      .insertInto("links")
      .values(
        links.slice(i, i + SYNC_BATCH).map((link) => ({
          id: newId(),
          site_id: siteId,
          article_id: articleId,
          url: link.url,
          kind: classifyLink(link.url, article.site_url),
          anchor_text: link.anchorText,
          created_at: now,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(["article_id", "url"])
          .doUpdateSet((eb) => ({ anchor_text: eb.ref("excluded.anchor_text"), kind: eb.ref("excluded.kind") })),
      )
      .execute();
  }
}
const SYNC_BATCH = 500;

export type LinkCheck = {
  status: Exclude<LinkStatus, "unchecked">;
  httpStatus: number | null;
  finalUrl: string | null;
  error: string | null;
  /** Why the check failed (app/modules/backlinks/failure.server.ts); null when the link answered 2xx. */
  failure: LinkFailure | null;
  /** What the answer says about the host, for the run's per-host budget: no answer at all, or "wait" (429/503). */
  host?: "unreachable" | "wait";
};

// Servers that answer these to a bot usually serve the page to people; not proof the link is dead.
const REFUSED_BOT = new Set([401, 403]);
// "Too many requests" and "unavailable": the host asks us to come back later (often with Retry-After).
const ASKS_TO_WAIT = new Set([429, 503]);
const NEXT_RUN = "It will be checked again on the next run.";

/** Retry-After as seconds (a number of seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: string | string[] | undefined, now = Date.now()) {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function forHowLong(seconds: number) {
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 2 * 3600) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

/**
 * Checks one absolute URL: HEAD first, GET (reading a few KB at most) when the
 * server does not support HEAD. Redirects are followed under the guard and
 * reported with where they ended; private and local addresses are never
 * requested and come back 'blocked'. A failure is classified here, where its
 * error is at hand (DNS, timeout, TLS, HTTP status, the guard...).
 */
export async function checkLink(
  url: string,
  { signal, timeoutMs = CHECK_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<LinkCheck> {
  const base = { timeoutMs, maxBytes: GET_FALLBACK_BYTES, truncate: true, signal } as const;
  try {
    let res = await guardedFetch(url, { ...base, method: "HEAD" });
    if (res.status === 405 || res.status === 501) res = await guardedFetch(url, { ...base, method: "GET" });
    const redirected = res.url !== new URL(url).href;
    if (res.status >= 200 && res.status < 300) {
      return redirected
        ? { status: "redirect", httpStatus: res.status, finalUrl: res.url, error: null, failure: null }
        : { status: "ok", httpStatus: res.status, finalUrl: null, error: null, failure: null };
    }
    const answered = { httpStatus: res.status, finalUrl: redirected ? res.url : null, failure: "http" as const };
    if (ASKS_TO_WAIT.has(res.status)) {
      const wait = retryAfterSeconds(res.headers["retry-after"]);
      const error = `The server asked us to wait (HTTP ${res.status}${wait ? `, for ${forHowLong(wait)}` : ""}). ${NEXT_RUN}`;
      return { status: "error", ...answered, error, host: "wait" };
    }
    if (REFUSED_BOT.has(res.status))
      return { status: "error", ...answered, error: `The server refused the link checker (HTTP ${res.status}).` };
    if (res.status >= 400) return { status: "broken", ...answered, error: null };
    return { status: "error", ...answered, error: `Unexpected answer (HTTP ${res.status}).` };
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    const failure = classifyFailure(error);
    const failed = { httpStatus: null, finalUrl: null, error: error.message, failure };
    if (failure === "blocked") return { status: "blocked", ...failed };
    // A name that does not resolve is a dead link, and so is a certificate browsers refuse; timeouts and resets may be passing trouble.
    if (failure === "dns") return { status: "broken", ...failed };
    if (failure === "tls")
      return { status: "broken", ...failed, error: "The site's security certificate is not valid, so browsers warn visitors away." };
    const unreachable = failure === "timeout" || failure === "connection";
    return { status: "error", ...failed, ...(unreachable ? { host: "unreachable" as const } : {}) };
  }
}

type CheckOptions = { signal?: AbortSignal; timeoutMs?: number };

/**
 * Links to a post on our own hosted blog (/b/<blog>/<post>, relative or on
 * APP_URL) are answered from the database: resolving them against the
 * customer's site address would check the wrong server, and APP_URL may be a
 * local address the guard refuses. Null when the link is not one of ours.
 */
async function checkHostedBlogLink(db: DB, href: string): Promise<LinkCheck | null> {
  let url: URL;
  try {
    const origin = new URL(getEnv().appUrl);
    url = new URL(href, origin);
    if (url.origin !== origin.origin) return null;
  } catch {
    return null;
  }
  const parts = url.pathname.split("/").filter(Boolean);
  if (`/${parts[0]}` !== HOSTED_BLOG_PREFIX || parts.length < 2 || parts.length > 3) return null;
  const [blogSlug, postSlug] = parts.slice(1).map((part) => decodeURIComponent(part));
  const blog = await getHostedBlog(db, blogSlug!);
  const found = blog && (!postSlug || ["rss.xml", "sitemap.xml"].includes(postSlug) || (await getHostedPost(db, blog.siteId, postSlug)));
  return found
    ? { status: "ok", httpStatus: 200, finalUrl: null, error: null, failure: null }
    : { status: "broken", httpStatus: 404, finalUrl: null, error: null, failure: "http" };
}

/**
 * This run's share of the site's links, each URL once: at most
 * LINKS_PER_ARTICLE_PER_RUN per article and LINKS_PER_SITE_PER_RUN in all, the
 * links that waited longest (never attempted first) before the others.
 */
async function linksForThisRun(db: DB, siteId: string) {
  const result = await sql<{ url: string }>`
    SELECT url FROM (
      SELECT url, attempted_at,
             row_number() OVER (PARTITION BY article_id ORDER BY attempted_at, url) AS n
        FROM links
       WHERE site_id = ${siteId})
     WHERE n <= ${LINKS_PER_ARTICLE_PER_RUN}
     GROUP BY url
     ORDER BY min(coalesce(attempted_at, '')), url
     LIMIT ${LINKS_PER_SITE_PER_RUN}`.execute(db);
  return result.rows.map((r) => r.url);
}

/**
 * One check run for a site (see the module comment for its bounds). Returns how
 * many links were checked and how many were skipped for their host's sake; links
 * beyond the caps, or left when the signal aborts, go first next run.
 */
export async function checkSiteLinks(
  db: DB,
  siteId: string,
  {
    signal,
    check = checkLink,
    timeoutMs = CHECK_TIMEOUT_MS,
  }: CheckOptions & { check?: (url: string, options: CheckOptions) => Promise<LinkCheck> } = {},
) {
  const site = await db.selectFrom("sites").select("url").where("id", "=", siteId).executeTakeFirst();
  if (!site) return { checked: 0, skipped: 0 };
  const hrefs = await linksForThisRun(db, siteId);

  const record = async (href: string, result: LinkCheck) => {
    const now = isoNow();
    await db
      .updateTable("links")
      .set({
        status: result.status,
        http_status: result.httpStatus,
        final_url: result.finalUrl,
        last_error: result.error,
        failure: result.failure,
        checked_at: now,
        attempted_at: now,
      })
      .where("site_id", "=", siteId)
      .where("url", "=", href)
      .execute();
    await forgetScoresOfArticlesLinkingTo(db, siteId, href);
  };
  // A skipped link keeps its last result and when it was checked; the reason says why it was not checked now.
  // All of a host's remaining links at once, a batch per statement: one awaited query per link would run as
  // one long chain of microtasks and keep every request waiting.
  const skip = async (hrefs: string[], reason: string) => {
    for (let i = 0; i < hrefs.length; i += SYNC_BATCH) {
      await db
        .updateTable("links")
        .set({ last_error: reason, attempted_at: isoNow() })
        .where("site_id", "=", siteId)
        .where("url", "in", hrefs.slice(i, i + SYNC_BATCH))
        .execute();
    }
  };

  type Host = { name: string; queue: Array<{ href: string; target: string }>; failures: number; skipReason: string | null };
  const hosts = new Map<string, Host>();
  let checked = 0;
  let skipped = 0;
  for (const href of hrefs) {
    const hosted = await checkHostedBlogLink(db, href);
    if (hosted) {
      await record(href, hosted);
      checked++;
      continue;
    }
    const target = resolveLink(href, site.url);
    if (!target) {
      await record(href, {
        status: "error",
        httpStatus: null,
        finalUrl: null,
        error: "A relative link cannot be checked until the site's address is set in Settings.",
        failure: "invalid",
      });
      checked++;
      continue;
    }
    const name = new URL(target).hostname;
    const host = hosts.get(name) ?? { name, queue: [], failures: 0, skipReason: null };
    host.queue.push({ href, target });
    hosts.set(name, host);
  }

  const slots = limiter(CHECK_CONCURRENCY);
  const hostWorker = async (host: Host) => {
    while (host.queue.length && !signal?.aborted) {
      const { href, target } = host.queue.shift()!;
      // The host may have used up its budget while this request waited for a slot.
      const result = host.skipReason ? null : await slots(async () => (host.skipReason ? null : check(target, { signal, timeoutMs })));
      // An aborted run (time limit, lost lease) records nothing more: the link goes first next run.
      if (signal?.aborted) return;
      if (!result) {
        const rest = [href, ...host.queue.splice(0).map((link) => link.href)];
        await skip(rest, host.skipReason!);
        skipped += rest.length;
        continue;
      }
      await record(href, result);
      checked++;
      if (result.host === "wait") {
        host.skipReason ??= `Not checked this time: ${host.name} asked us to wait (HTTP ${result.httpStatus}). ${NEXT_RUN}`;
      } else if (result.host === "unreachable") {
        if (++host.failures >= HOST_FAILURE_BUDGET) {
          host.skipReason ??= `Not checked this time: ${host.name} did not answer ${HOST_FAILURE_BUDGET} requests in a row. ${NEXT_RUN}`;
        }
      } else host.failures = 0;
    }
  };
  await Promise.all(
    [...hosts.values()].flatMap((host) => Array.from({ length: Math.min(CHECK_PER_HOST, host.queue.length) }, () => hostWorker(host))),
  );
  return { checked, skipped };
}

const CheckLinksPayload = z.object({ siteId: z.string().min(1), trigger: z.enum(["manual", "daily"]) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [CHECK_LINKS_JOB]: z.input<typeof CheckLinksPayload>;
  }
}

export const checkSiteLinksJob: JobDefinition<typeof CheckLinksPayload> = {
  payload: CheckLinksPayload,
  run: async ({ siteId }, { db, signal }) => {
    await checkSiteLinks(db, siteId, { signal });
  },
};

/** A check for this site waiting or under way. */
export async function isCheckRunning(db: DB, siteId: string) {
  return hasActiveJob(db, CHECK_LINKS_JOB, { siteId });
}

/**
 * "Check links now": enqueues a check unless one was requested for this site in
 * the last 10 minutes. Durable (the jobs table), so it holds across restarts
 * and server processes.
 */
export async function requestLinkCheck(
  db: DB,
  siteId: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; retryAfterMinutes: number }> {
  return inTransaction(db, async (trx) => {
    const since = new Date(now.getTime() - MANUAL_CHECK_INTERVAL_MS).toISOString();
    const last = await lastJobEnqueuedSince(trx, CHECK_LINKS_JOB, { siteId, trigger: "manual" }, since);
    if (last) {
      const waitMs = new Date(last).getTime() + MANUAL_CHECK_INTERVAL_MS - now.getTime();
      return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / MINUTE)) };
    }
    await enqueue(
      trx,
      CHECK_LINKS_JOB,
      { siteId, trigger: "manual" },
      { idempotencyKey: `links:${siteId}:manual:${now.toISOString()}`, maxAttempts: 2, tenant: { siteId } },
    );
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
    await enqueue(
      db,
      CHECK_LINKS_JOB,
      { siteId: site_id, trigger: "daily" },
      { idempotencyKey: `links:${site_id}:daily:${day}`, maxAttempts: 2, tenant: { siteId: site_id } },
    );
  }
}

/**
 * Records that these links of one article answered when the research step checked them (checkLink, before
 * the article was written), so the article is not shown them as unchecked until the next run. A link checked
 * since keeps its newer result. The articles linking to them are scored again with the checks.
 */
export async function recordWorkingLinks(db: DB, siteId: string, articleId: string, urls: string[], checkedAt: string) {
  if (urls.length === 0) return;
  const updated = await db
    .updateTable("links")
    .set({ status: "ok", checked_at: checkedAt, attempted_at: checkedAt, last_error: null, failure: null, http_status: null })
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .where("url", "in", urls)
    .where((eb) => eb.or([eb("checked_at", "is", null), eb("checked_at", "<", checkedAt)]))
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) for (const url of urls) await forgetScoresOfArticlesLinkingTo(db, siteId, url);
}
