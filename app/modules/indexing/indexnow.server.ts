import crypto from "node:crypto";
import net from "node:net";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { retryAfterSeconds } from "#app/modules/backlinks/links.server";
import { enqueue, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logDiag } from "#app/modules/publishing/diagnostics.server";
import { blogAddressOf } from "#app/modules/hosted-blog/address.server";
import { guardedFetch, isPublicAddress, OutboundRequestError } from "#app/utils/http.server";
import { isoNow, MINUTE } from "#app/utils/time";
import { backoffMs, batchesOf, keyCovers, keyLocationOf, keyOfFileName, MAX_URLS_PER_POST, outcomeOf } from "./indexnow";

/**
 * IndexNow for the hosted blog (indexnow.ts for the protocol). The publish engine queues a post's URL with the
 * change it went live with (queueIndexNow); a URL whose newest row carries the same change is not queued again, so
 * publishing the same content twice announces it once and a new revision announces it again. One job per site and
 * minute sends everything queued in one POST (up to 10,000 URLs), so a burst of posts is one request. Each blog
 * has its own random key, made on first use and served beside its posts (indexNowKeyFile): /b/<blog slug>/<key>.txt, or
 * <key>.txt at the root of the blog's own domain.
 */

export const INDEXNOW_JOB = "indexnow-send";
const DEFAULT_ENDPOINT = "https://api.indexnow.org/indexnow";
/** Posts queued within one window go out in one POST, this long after the window closes. */
const BATCH_WINDOW_MS = MINUTE;
const BATCH_DELAY_MS = 5_000;
const TIMEOUT_MS = 20_000;
/** Announcements are a courtesy: a site refused all day is not retried for ever. */
const INDEXNOW_MAX_ATTEMPTS = 8;

/** The site's IndexNow key, made (32 random hex characters) the first time it is needed. */
async function ensureIndexNowKey(db: DB, siteId: string, now = new Date()) {
  await db
    .insertInto("indexnow_keys")
    .values({ site_id: siteId, key: crypto.randomBytes(16).toString("hex"), created_at: isoNow(now) })
    .onConflict((oc) => oc.column("site_id").doNothing())
    .execute();
  const row = await db.selectFrom("indexnow_keys").select("key").where("site_id", "=", siteId).executeTakeFirstOrThrow();
  return row.key;
}

/** The key a request for `<file name>` on this site's blog names, when it is the site's key; else null (the blog's 404). */
export async function indexNowKeyFile(db: DB, siteId: string, fileName: string) {
  const asked = keyOfFileName(fileName);
  if (!asked) return null;
  const row = await db.selectFrom("indexnow_keys").select("key").where("site_id", "=", siteId).executeTakeFirst();
  return row && row.key === asked ? row.key : null;
}

/**
 * Whether announcing makes sense here: not while the app runs at a local address (development) against the real
 * endpoint, which could not fetch the key file and would only learn localhost URLs.
 */
export function indexNowEnabled() {
  const env = getEnv();
  if (env.INDEXNOW_URL.replace(/\/$/, "") !== DEFAULT_ENDPOINT) return true;
  const host = new URL(env.appUrl).hostname.replace(/^\[(.*)\]$/, "$1");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) return false;
  return !net.isIP(host) || isPublicAddress(host);
}

/**
 * Queues one hosted-blog URL for IndexNow with its change (the sent revision's content hash). Returns false when
 * the URL's newest row already carries this change (nothing new to tell). Runs inside the caller's transaction or not.
 */
export async function queueIndexNow(db: DB, siteId: string, url: string, change: string, now = new Date()) {
  const newest = await db
    .selectFrom("indexnow_submissions")
    .select("change")
    .where("site_id", "=", siteId)
    .where("url", "=", url)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (newest?.change === change) return false;
  await ensureIndexNowKey(db, siteId, now);
  await db
    .insertInto("indexnow_submissions")
    .values({ site_id: siteId, url, change, created_at: isoNow(now) })
    .execute();
  const window = Math.floor(now.getTime() / BATCH_WINDOW_MS);
  await enqueue(
    db,
    INDEXNOW_JOB,
    { siteId },
    {
      runAt: new Date((window + 1) * BATCH_WINDOW_MS + BATCH_DELAY_MS),
      idempotencyKey: `indexnow:${siteId}:${window}`,
      maxAttempts: INDEXNOW_MAX_ATTEMPTS,
      tenant: { siteId },
    },
  );
  return true;
}

export type IndexNowRun = { sent: number; failed: number; retryAfterMs: number | null };

type Settlement = { status: "sent" | "failed" | "queued"; http_status?: number | null; last_error?: string | null };

/** Records one attempt's result on these submissions. */
async function settleSubmissions(db: DB, ids: number[], set: Settlement) {
  if (!ids.length) return;
  await db
    .updateTable("indexnow_submissions")
    .set((eb) => ({
      ...set,
      attempts: eb("attempts", "+", 1),
      ...(set.status === "sent" ? { sent_at: isoNow() } : {}),
    }))
    .where("id", "in", ids)
    .execute();
}

/** The POST itself: its HTTP status (0 when IndexNow could not be reached) and the Retry-After it asked for. */
async function postToIndexNow(body: unknown, signal: AbortSignal | undefined) {
  try {
    const response = await guardedFetch(getEnv().INDEXNOW_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify(body),
      timeoutMs: TIMEOUT_MS,
      maxBytes: 64 * 1024,
      signal,
    });
    const seconds = retryAfterSeconds(response.headers["retry-after"]);
    return { status: response.status, retryAfter: seconds === null ? null : seconds * 1000 };
  } catch (error) {
    if (!(error instanceof OutboundRequestError)) throw error;
    return { status: 0, retryAfter: null };
  }
}

/** More than one POST's worth was queued: the rest goes in a job of its own. */
async function sendTheRestLater(db: DB, siteId: string, lastSentId: number | undefined) {
  const more = await db
    .selectFrom("indexnow_submissions")
    .select("id")
    .where("site_id", "=", siteId)
    .where("status", "=", "queued")
    .executeTakeFirst();
  if (more) await enqueue(db, INDEXNOW_JOB, { siteId }, { idempotencyKey: `indexnow:${siteId}:after:${lastSentId}`, tenant: { siteId } });
}

/** One attempt: sends the site's queued URLs. Throws RetryLaterError on 403, 429 and server errors unless lastAttempt. */
export async function sendQueuedIndexNow(
  db: DB,
  siteId: string,
  { attempt = 1, lastAttempt = false, signal }: { attempt?: number; lastAttempt?: boolean; signal?: AbortSignal } = {},
): Promise<IndexNowRun> {
  const run: IndexNowRun = { sent: 0, failed: 0, retryAfterMs: null };
  const address = await blogAddressOf(db, siteId, { live: true });
  const rows = await db
    .selectFrom("indexnow_submissions")
    .select(["id", "url"])
    .where("site_id", "=", siteId)
    .where("status", "=", "queued")
    .orderBy("id")
    .limit(MAX_URLS_PER_POST)
    .execute();
  if (!rows.length) return run;
  const log = (level: "info" | "warn", detail: string) =>
    logDiag(db, { siteId, provider: "indexnow", level, stage: "indexnow", detail, correlationId: siteId.slice(0, 8) });
  if (!address) {
    await settleSubmissions(
      db,
      rows.map((r) => r.id),
      { status: "failed", last_error: "The site's hosted blog is switched off or has no address." },
    );
    return { ...run, failed: rows.length };
  }
  const key = await ensureIndexNowKey(db, siteId);
  const keyLocation = keyLocationOf(address, key);
  // A URL of an earlier blog address (or origin) is not under this key's folder: the key cannot vouch for it.
  const outside = rows.filter((r) => !keyCovers(keyLocation, r.url));
  await settleSubmissions(
    db,
    outside.map((r) => r.id),
    { status: "failed", last_error: "Not under the blog's current address." },
  );
  run.failed += outside.length;
  const inside = rows.filter((r) => keyCovers(keyLocation, r.url));
  const [body] = batchesOf(
    keyLocation,
    key,
    inside.map((r) => r.url),
  );
  if (!body) return run;
  const ids = inside.map((r) => r.id);
  const { status, retryAfter } = await postToIndexNow(body, signal);
  const outcome = status
    ? outcomeOf(status, retryAfter)
    : { kind: "retry" as const, reason: "IndexNow could not be reached.", afterMs: null };
  if (outcome.kind === "sent") {
    await settleSubmissions(db, ids, { status: "sent", http_status: status, last_error: null });
    await log("info", `IndexNow took ${ids.length} URL(s) (HTTP ${status})`);
    await sendTheRestLater(db, siteId, ids.at(-1));
    return { ...run, sent: ids.length };
  }
  if (outcome.kind === "rejected" || lastAttempt) {
    await settleSubmissions(db, ids, { status: "failed", http_status: status || null, last_error: outcome.reason });
    await log("warn", `${outcome.reason} ${ids.length} URL(s) not announced.`);
    return { ...run, failed: run.failed + ids.length };
  }
  await settleSubmissions(db, ids, { status: "queued", http_status: status || null, last_error: outcome.reason });
  const afterMs = Math.max(outcome.afterMs ?? 0, backoffMs(attempt));
  await log("info", `${outcome.reason} Trying again in ${Math.round(afterMs / MINUTE)} minute(s).`);
  return { ...run, retryAfterMs: afterMs };
}

const Payload = z.object({ siteId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [INDEXNOW_JOB]: z.input<typeof Payload>;
  }
}

export const sendIndexNowJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: async ({ siteId }, { db, job, signal }) => {
    const result = await sendQueuedIndexNow(db, siteId, { attempt: job.attempts, lastAttempt: job.attempts >= job.max_attempts, signal });
    if (result.retryAfterMs !== null) throw new RetryLaterError("IndexNow asked us to wait.", result.retryAfterMs);
  },
};

/** What an operator or a test reads: the site's announcements, newest first. */
export async function indexNowSubmissions(db: DB, siteId: string) {
  return db.selectFrom("indexnow_submissions").selectAll().where("site_id", "=", siteId).orderBy("id", "desc").execute();
}
