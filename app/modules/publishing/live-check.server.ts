import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import type { ArticlesTable, CmsPlatform } from "#app/db/schema";
import { extractLinks } from "#app/modules/backlinks/extract";
import { retryAfterSeconds } from "#app/modules/backlinks/links.server";
import { lastJobEnqueuedSince, valuesWithActiveJob } from "#app/modules/jobs/find.server";
import { enqueue, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { guardedFetch, OutboundRequestError, type GuardedResponse } from "#app/utils/http.server";
import { isoNow, MINUTE } from "#app/utils/time";
import { logDiag } from "./diagnostics.server";
import { analyzeLivePage, articleImagesOnPage, type ExpectedPage, type LiveCheckResult } from "./live-check-page";
import { platformName } from "./platforms";
import { expectedImages, loadImages, parseConfig, publicationRow, whyNotCheckable } from "./live-check-publication.server";
import type { RemotePost } from "./types";
import type { Selectable } from "kysely";

/**
 * The after-publish check (docs/product.md, Publishing): once a post is public, its live
 * URL is fetched through the SSRF guard, like any customer-given address, and
 * compared with what we sent (live-check-page.ts). The result lives on the
 * publication (live_check JSON, live_checked_at) and shows on the write
 * screen. The engine queues it ~30 s after a live publish, since platforms
 * build and cache pages asynchronously; a page that is not there yet (404,
 * 5xx, timeout) gets one more try a few minutes later before it is recorded.
 */

export const LIVE_CHECK_JOB = "check-live-post";
/** Platforms publish (and purge their caches) asynchronously: the first look waits this long. */
const FIRST_CHECK_DELAY_MS = 30_000;
/** The second try, when the page was not there (yet) at the first. */
const RETRY_DELAY_MS = 5 * MINUTE;
/** "Check again" runs at most this often per publication. */
const MANUAL_CHECK_INTERVAL_MS = MINUTE;
const FETCH_TIMEOUT_MS = 20_000;
const MAX_PAGE_BYTES = 3 * 1024 * 1024;

type Unreachable = Extract<LiveCheckResult, { outcome: "unreachable" }> & { retry: boolean; retryAfterMs?: number };

function unreachableFromError(url: string, error: OutboundRequestError, platform: CmsPlatform): Unreachable {
  const base = { version: 1 as const, outcome: "unreachable" as const, url, httpStatus: null };
  // The hosted blog's address is APP_URL: refused by the guard means a local address (localhost:3000 in development).
  if (platform === "hosted" && (error.code === "blocked_address" || error.code === "port")) {
    return {
      ...base,
      detail: "Could not reach the post: this Inkpilot server runs at a local address, so its blog cannot be checked from here.",
      fix: "Nothing to do for you: the check works once the server runs at its public address (operators: see the README's configuration).",
      retry: false,
    };
  }
  const retry = error.code === "timeout" || error.code === "network" || error.code === "dns";
  return {
    ...base,
    detail: `Could not reach the post: ${error.message}`,
    fix: retry
      ? "Open the post's address in a browser; if it loads for you, use Check again in a few minutes."
      : "Check the post's address on the platform; Inkpilot only checks public web addresses.",
    retry,
  };
}

function unreachableFromStatus(url: string, status: number, retryAfter: string | string[] | undefined, platform: CmsPlatform): Unreachable {
  const base = { version: 1 as const, outcome: "unreachable" as const, url, httpStatus: status };
  if (status === 404 || status === 410) {
    return {
      ...base,
      detail: `The post's address answers "not found" (HTTP ${status}).`,
      fix:
        platform === "wordpress"
          ? "Open the post in WordPress: it may have been unpublished or its permalink changed. Saving Settings → Permalinks once also rebuilds the addresses."
          : "Open the post on the platform: it may have been unpublished, deleted or moved. Publishing again updates its address.",
      retry: true,
    };
  }
  if (status === 401 || status === 403) {
    return {
      ...base,
      detail: `The site refused our checker (HTTP ${status}): a firewall, security plugin or password protection blocks it.`,
      fix: 'Allow the user agent "InkpilotBot" in your firewall or security plugin, or remove the password protection from the post.',
      retry: false,
    };
  }
  if (status === 429 || status >= 500) {
    const seconds = retryAfterSeconds(retryAfter);
    return {
      ...base,
      detail: status === 429 ? "The site asked us to slow down (HTTP 429)." : `The site had an error (HTTP ${status}).`,
      fix: "Use Check again in a few minutes.",
      retry: true,
      ...(seconds ? { retryAfterMs: seconds * 1000 } : {}),
    };
  }
  return { ...base, detail: `The post's address gave an unexpected answer (HTTP ${status}).`, fix: null, retry: false };
}

export type LiveCheckOutcome =
  | { state: "skipped"; reason: string }
  | { state: "recorded"; result: LiveCheckResult }
  /** Not recorded: the page was not there (yet) and another attempt follows. */
  | { state: "retry"; afterMs: number; result: LiveCheckResult };

type Publication = NonNullable<Awaited<ReturnType<typeof publicationRow>>>;
type CheckedArticle = Pick<Selectable<ArticlesTable>, "title" | "content_html" | "meta_description" | "featured_image" | "updated_at">;

/** Why an answer that came is not the post's page: an error status, Shopify's password page, something not HTML; else null. */
function unreachableFromAnswer(url: string, response: GuardedResponse, platform: CmsPlatform): Unreachable | null {
  const type = String(response.headers["content-type"] ?? "");
  if (response.status < 200 || response.status >= 300) {
    return unreachableFromStatus(url, response.status, response.headers["retry-after"], platform);
  }
  if (platform === "shopify" && new URL(response.url).pathname === "/password") {
    return {
      version: 1,
      outcome: "unreachable",
      url,
      httpStatus: response.status,
      detail: "Your Shopify store is password protected, so visitors and search engines see the password page instead of the post.",
      fix: "Remove the storefront password in Shopify (Online Store → Preferences) when the store opens.",
      retry: false,
    };
  }
  if (type && !/html/i.test(type)) {
    return {
      version: 1,
      outcome: "unreachable",
      url,
      httpStatus: response.status,
      detail: `The post's address does not answer with a web page (${type.split(";")[0]}).`,
      fix: null,
      retry: false,
    };
  }
  return null;
}

/** The post's page compared with what was sent: title, description, canonical, images (and whether they load), links. */
async function comparePage(
  db: DB,
  publication: Publication,
  article: CheckedArticle,
  response: GuardedResponse,
  signal: AbortSignal | undefined,
): Promise<LiveCheckResult> {
  const url = publication.remote_url!;
  const config = parseConfig(publication.config);
  const html = response.text();
  const expected: ExpectedPage = {
    platform: publication.platform,
    postUrl: url,
    pageUrl: response.url,
    title: article.title,
    metaDescription: article.meta_description,
    // Articles have no canonical of their own yet (PostInput.canonicalUrl is always null): the post is its own canonical.
    canonicalUrl: null,
    images: await expectedImages(db, publication.connection_id, article),
    links: extractLinks(article.content_html),
    wordpressSeoPlugin: Array.isArray(config.seo) && config.seo.length > 0,
  };
  // Whether the article's images on the page load (the image sizes check).
  expected.imageLoads = await loadImages(articleImagesOnPage(html, expected), { signal, correlationId: publication.correlation_id });
  const checks = analyzeLivePage(html, expected);
  return {
    version: 1,
    outcome: "checked",
    url,
    finalUrl: response.url,
    httpStatus: response.status,
    checks,
    problems: checks.filter((c) => c.state === "problem").length,
    // The hosted blog serves the article's current content: it cannot be behind.
    stale: publication.platform !== "hosted" && article.updated_at > publication.updated_at,
  };
}

/** Fetches the post's page and compares it, or says why it could not be reached. */
async function fetchAndCompare(
  db: DB,
  publication: Publication,
  article: CheckedArticle,
  signal: AbortSignal | undefined,
): Promise<LiveCheckResult | Unreachable> {
  const url = publication.remote_url!;
  try {
    const response = await guardedFetch(url, {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_PAGE_BYTES,
      signal,
      correlationId: publication.correlation_id,
      headers: { Accept: "text/html,application/xhtml+xml" },
    });
    return unreachableFromAnswer(url, response, publication.platform) ?? (await comparePage(db, publication, article, response, signal));
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    return unreachableFromError(url, error, publication.platform);
  }
}

/**
 * Fetches a published, public post and records what arrived intact. With
 * lastAttempt false, a page that is not there yet is not recorded: the caller
 * (the job) tries again later.
 */
export async function checkLivePost(
  db: DB,
  publicationId: string,
  { signal, lastAttempt = true }: { signal?: AbortSignal; lastAttempt?: boolean } = {},
): Promise<LiveCheckOutcome> {
  const publication = await publicationRow(db, publicationId);
  if (!publication) return { state: "skipped", reason: "The publication no longer exists." };
  const reason = whyNotCheckable(publication);
  if (reason) return { state: "skipped", reason };
  const log = (level: "info" | "warn", detail: string) =>
    logDiag(db, {
      siteId: publication.site_id,
      provider: publication.platform,
      level,
      stage: "live-check",
      detail,
      correlationId: publication.correlation_id,
    });
  const article = await db
    .selectFrom("articles")
    .select(["title", "content_html", "meta_description", "featured_image", "updated_at"])
    .where("id", "=", publication.article_id)
    .where("site_id", "=", publication.site_id)
    .executeTakeFirst();
  if (!article) return { state: "skipped", reason: "The article no longer exists." };

  let result = await fetchAndCompare(db, publication, article, signal);
  if ("retry" in result) {
    const { retry, retryAfterMs, ...recorded } = result;
    if (retry && !lastAttempt) {
      await log("info", `live page not there yet (${recorded.httpStatus ?? "no answer"}); trying again later`);
      return { state: "retry", afterMs: Math.max(RETRY_DELAY_MS, retryAfterMs ?? 0), result: recorded };
    }
    result = recorded;
  }
  // updated_at stays the publish time: it tells whether the article changed since (the `stale` flag).
  await db
    .updateTable("publications")
    .set({ live_check: JSON.stringify(result), live_checked_at: isoNow() })
    .where("id", "=", publication.id)
    .execute();
  if (result.outcome === "checked") {
    const problems = result.checks.filter((c) => c.state === "problem").map((c) => c.id);
    await log(
      problems.length ? "warn" : "info",
      `live page checked: ${problems.length ? `problems: ${problems.join(", ")}` : "all intact"}`,
    );
  } else {
    await log("warn", `live page unreachable: ${result.httpStatus ?? ""} ${result.detail}`);
  }
  return { state: "recorded", result };
}

const Payload = z.object({ publicationId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [LIVE_CHECK_JOB]: z.input<typeof Payload>;
  }
}

export const checkLivePostJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: async ({ publicationId }, { db, job, signal }) => {
    const outcome = await checkLivePost(db, publicationId, { signal, lastAttempt: job.attempts >= job.max_attempts });
    if (outcome.state === "retry") throw new RetryLaterError("The live page was not there yet.", outcome.afterMs);
  },
};

/**
 * Called by the engine once a publish succeeded: queues the check when the post
 * is public. Never throws: the publication is already recorded, and a missing
 * check must not turn it into a failure.
 */
export async function scheduleLiveCheck(
  db: DB,
  publication: { id: string; siteId: string; mode: "draft" | "live"; correlationId: string },
  remote: RemotePost,
  log: (level: "info" | "warn", stage: string, detail: string) => Promise<void>,
  now = new Date(),
) {
  if (publication.mode !== "live" || !remote.live || !remote.url) return;
  try {
    await enqueue(
      db,
      LIVE_CHECK_JOB,
      { publicationId: publication.id },
      {
        runAt: new Date(now.getTime() + FIRST_CHECK_DELAY_MS),
        idempotencyKey: `live:${publication.id}:${publication.correlationId}`,
        maxAttempts: 2,
        tenant: { siteId: publication.siteId },
      },
    );
  } catch (error) {
    await log(
      "warn",
      "live-check.queue",
      `could not queue the live check: ${error instanceof Error ? error.message : String(error)}`,
    ).catch(() => {});
  }
}

export type LiveCheckRequest =
  | { ok: true; articleId: string }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_checkable"; message: string; articleId: string }
  | { ok: false; reason: "too_soon"; retryAfterSeconds: number; articleId: string };

/** "Check again": queues a check of one of the site's publications, at most once a minute each. */
export async function requestLiveCheck(db: DB, siteId: string, publicationId: string, now = new Date()): Promise<LiveCheckRequest> {
  const publication = await publicationRow(db, publicationId, siteId);
  if (!publication) return { ok: false, reason: "not_found" };
  const articleId = publication.article_id;
  const reason = whyNotCheckable(publication);
  if (reason) return { ok: false, reason: "not_checkable", message: reason, articleId };
  return inTransaction(db, async (trx) => {
    const since = new Date(now.getTime() - MANUAL_CHECK_INTERVAL_MS).toISOString();
    const last = await lastJobEnqueuedSince(trx, LIVE_CHECK_JOB, { publicationId }, since);
    if (last) {
      const waitMs = Date.parse(last) + MANUAL_CHECK_INTERVAL_MS - now.getTime();
      return { ok: false, reason: "too_soon", retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), articleId };
    }
    // One attempt: the customer is looking, so "not found" is shown at once rather than in five minutes.
    await enqueue(
      trx,
      LIVE_CHECK_JOB,
      { publicationId },
      { idempotencyKey: `live:${publicationId}:manual:${now.toISOString()}`, maxAttempts: 1, tenant: { siteId } },
    );
    return { ok: true, articleId };
  });
}

/** 'Checked just now', 'Checked 5 minutes ago', 'Checked 2 hours ago', 'Checked 3 days ago'. */
function checkedAgo(checkedAt: string, now = new Date()) {
  const ms = Math.max(0, now.getTime() - Date.parse(checkedAt));
  const plural = (n: number, unit: string) => `Checked ${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (ms < MINUTE) return "Checked just now";
  if (ms < 60 * MINUTE) return plural(Math.floor(ms / MINUTE), "minute");
  if (ms < 48 * 60 * MINUTE) return plural(Math.floor(ms / (60 * MINUTE)), "hour");
  return plural(Math.floor(ms / (24 * 60 * MINUTE)), "day");
}

export type LiveCheckSummary = {
  publicationId: string;
  platform: CmsPlatform;
  destination: string;
  remoteUrl: string | null;
  /** Why this publication cannot be checked; null when it can. */
  notCheckable: string | null;
  /** A check is queued or running. */
  checking: boolean;
  checkedAt: string | null;
  checkedAgo: string | null;
  result: LiveCheckResult | null;
};

/** What the write screen shows: per published destination of the article, its last live check. */
export async function liveCheckOfArticle(db: DB, siteId: string, articleId: string, now = new Date()): Promise<LiveCheckSummary[]> {
  const rows = await db
    .selectFrom("publications as p")
    .innerJoin("cms_connections as c", "c.id", "p.connection_id")
    .select(["p.id", "p.mode", "p.status", "p.remote_url", "p.remote_status", "p.live_check", "p.live_checked_at", "c.platform", "c.name"])
    .where("p.site_id", "=", siteId)
    .where("p.article_id", "=", articleId)
    .where("p.status", "=", "published")
    .orderBy("p.created_at")
    .execute();
  const checking = await valuesWithActiveJob(
    db,
    LIVE_CHECK_JOB,
    "publicationId",
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    publicationId: row.id,
    platform: row.platform,
    destination: row.name || platformName(row.platform),
    remoteUrl: row.remote_url,
    notCheckable: whyNotCheckable(row),
    checking: checking.has(row.id),
    checkedAt: row.live_checked_at,
    checkedAgo: row.live_checked_at ? checkedAgo(row.live_checked_at, now) : null,
    result: parseResult(row.live_check),
  }));
}

function parseResult(json: string | null): LiveCheckResult | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as LiveCheckResult;
    return value?.version === 1 ? value : null;
  } catch {
    return null;
  }
}
