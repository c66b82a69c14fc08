import { z } from "zod";
import { Webhook } from "standardwebhooks";
import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { getEnv } from "#app/env.server";
import { consumeNamedLimit } from "#app/modules/auth/rate-limit.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { webhookPausedMail } from "#app/modules/email/templates/webhooks.server";
import { workspaceOwners } from "#app/modules/workspaces/owners.server";
import { DeferJobError, enqueue, PermanentJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { generateWebhookSecret, maskWebhookUrl, parseWebhookUrl } from "#app/modules/publishing/webhook-endpoint.server";
import { describeResponse, platformRequest, retryAfterMs } from "#app/modules/publishing/http.server";
import { PublishError } from "#app/modules/publishing/types";
import { decryptSecret, encryptSecret, newId } from "#app/utils/crypto.server";
import { assertPublicDestination, OutboundRequestError } from "#app/utils/http.server";
import { logger } from "#app/utils/logger.server";
import { DAY, HOUR, isoIn, isoNow, MINUTE } from "#app/utils/time";
import { EVENT_TYPES, TEST_EVENT, type EventType } from "./events";

/**
 * Outbound event webhooks (docs/decisions/047): a workspace's endpoints receive
 * article.generated, article.published and publication.failed as JSON signed per
 * Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature with the
 * endpoint's whsec_ secret). emitEvent records one delivery per subscribed
 * endpoint and enqueues it in the caller's transaction, so an event is sent if
 * and only if what it reports was committed. The job sends through the SSRF
 * guard with the publishing engine's per-host limit, retries with backoff under
 * the same webhook-id, and keeps the outcome in the delivery log.
 *
 * A customer's receiver must never slow anyone else (docs/decisions/051): deliveries
 * run in their own lane, at most DELIVERIES_PER_ENDPOINT at once per endpoint and
 * within the workspace's share; a receiver that keeps failing is backed off (its
 * deliveries wait without trying) and then paused, with a mail to the owners;
 * 'Send test' is rate-limited and a workspace has at most MAX_ENDPOINTS endpoints.
 */

export const DELIVER_WEBHOOK_JOB = "deliver-webhook";
const WEBHOOK_MAX_ATTEMPTS = 8;
const TIMEOUT_MS = 15_000;
const USER_AGENT = "Inkpilot-Webhooks/1.0";
const DELIVERY_LOG_SIZE = 25;
/** Endpoints per workspace: every one of them is a receiver the queue may wait on. */
export const MAX_ENDPOINTS = 10;
/** Deliveries to one endpoint in flight at once (its group limit in the queue). */
const DELIVERIES_PER_ENDPOINT = 2;
/** After this many failed attempts in a row, deliveries to the endpoint wait (backoff) instead of trying. */
const BACKOFF_AFTER_FAILURES = 3;
/** After this many failed attempts in a row, the endpoint is paused and the owners are told. */
export const PAUSE_AFTER_FAILURES = 12;
const MAX_BACKOFF_MS = HOUR;
/** 'Send test' per workspace. */
export const TEST_EVENT_LIMIT = { points: 6, duration: 60 };
export const TEST_EVENT_LIMITED = { title: "Too many test events", description: "Wait a minute, then send another test." };

/** How long deliveries to an endpoint wait after `streak` failures in a row: a minute at the threshold, doubling, at most an hour. */
function endpointBackoffMs(streak: number) {
  if (streak < BACKOFF_AFTER_FAILURES) return 0;
  return Math.min(MAX_BACKOFF_MS, MINUTE * 2 ** (streak - BACKOFF_AFTER_FAILURES));
}

export type WebhookActor = { workspaceId: string; userId: string; ip: string | null };

const binding = (id: string) => ({ aad: `webhook_endpoints:${id}` });

export class WebhookUrlError extends Error {
  override name = "WebhookUrlError";
}

export class WebhookLimitError extends Error {
  override name = "WebhookLimitError";
  constructor() {
    super(`A workspace can have at most ${MAX_ENDPOINTS} webhooks. Delete one to add another.`);
  }
}

/** The endpoint's URL as stored; a private destination is refused now, with delivery's message (decision 052). */
async function checkedUrl(raw: string) {
  try {
    const url = parseWebhookUrl(raw).href;
    await assertPublicDestination(url);
    return url;
  } catch (error) {
    if (error instanceof PublishError || error instanceof OutboundRequestError) throw new WebhookUrlError(error.message);
    throw error;
  }
}

/** Adds an endpoint; returns its signing secret, shown once. Audited. */
export async function createWebhookEndpoint(db: DB, actor: WebhookActor, input: { url: string; events: EventType[] }) {
  const url = await checkedUrl(input.url);
  const id = newId();
  const secret = generateWebhookSecret();
  const now = isoNow();
  await inTransaction(db, async (trx) => {
    const { count } = await trx
      .selectFrom("webhook_endpoints")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("workspace_id", "=", actor.workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ENDPOINTS) throw new WebhookLimitError();
    await trx
      .insertInto("webhook_endpoints")
      .values({
        id,
        workspace_id: actor.workspaceId,
        url,
        events: JSON.stringify([...new Set(input.events)]),
        secret_encrypted: encryptSecret(secret, binding(id)),
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "webhook.created",
      target: `webhook:${id}`,
      detail: { url: maskWebhookUrl(url), events: input.events },
      ip: actor.ip,
    });
  });
  return { id, secret };
}

export async function deleteWebhookEndpoint(db: DB, actor: WebhookActor, endpointId: string) {
  return inTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom("webhook_endpoints")
      .where("id", "=", endpointId)
      .where("workspace_id", "=", actor.workspaceId)
      .returning("url")
      .executeTakeFirst();
    if (!gone) return false;
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "webhook.deleted",
      target: `webhook:${endpointId}`,
      detail: { url: maskWebhookUrl(gone.url) },
      ip: actor.ip,
    });
    return true;
  });
}

function parseEvents(stored: string): EventType[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((e): e is EventType => (EVENT_TYPES as readonly string[]).includes(e)) : [];
  } catch {
    return [];
  }
}

/** The workspace's endpoints (URLs masked: a path often carries a token) and its latest deliveries. */
export async function webhooksView(db: DB, workspaceId: string) {
  const endpoints = await db
    .selectFrom("webhook_endpoints")
    .select(["id", "url", "events", "enabled", "paused_reason", "failure_streak", "backoff_until", "created_at"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at")
    .execute();
  const deliveries = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select(["d.id", "d.event_type", "d.status", "d.attempts", "d.response_status", "d.last_error", "d.created_at", "e.url"])
    .where("e.workspace_id", "=", workspaceId)
    .orderBy("d.created_at", "desc")
    .orderBy("d.id")
    .limit(DELIVERY_LOG_SIZE)
    .execute();
  return {
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: maskWebhookUrl(e.url),
      events: parseEvents(e.events),
      enabled: e.enabled === 1,
      pausedReason: e.paused_reason,
      failing: e.enabled === 1 && e.failure_streak >= BACKOFF_AFTER_FAILURES,
      retryingAt: e.enabled === 1 && e.backoff_until && e.backoff_until > isoNow() ? e.backoff_until : null,
      createdAt: e.created_at,
    })),
    deliveries: deliveries.map((d) => ({
      id: d.id,
      eventType: d.event_type,
      status: d.status,
      attempts: d.attempts,
      responseStatus: d.response_status,
      lastError: d.last_error,
      createdAt: d.created_at,
      url: maskWebhookUrl(d.url),
    })),
  };
}

const messageId = () => `msg_${newId().replaceAll("-", "")}`;

async function insertDelivery(
  db: DB,
  endpoint: { id: string; workspaceId: string },
  type: string,
  data: Record<string, unknown>,
  now = new Date(),
) {
  const id = messageId();
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
  await db
    .insertInto("webhook_deliveries")
    .values({ id, endpoint_id: endpoint.id, event_type: type, payload, created_at: isoNow(now), updated_at: isoNow(now) })
    .execute();
  await enqueue(
    db,
    DELIVER_WEBHOOK_JOB,
    { deliveryId: id },
    {
      maxAttempts: WEBHOOK_MAX_ATTEMPTS,
      idempotencyKey: `webhook:${id}`,
      groupKey: `webhook:${endpoint.id}`,
      groupLimit: DELIVERIES_PER_ENDPOINT,
      tenant: { workspaceId: endpoint.workspaceId },
    },
  );
  return id;
}

/**
 * Records the event for every enabled endpoint of the site's workspace that
 * subscribed to it. Call it inside the transaction that makes the event true.
 */
export async function emitEvent(db: DB, siteId: string, type: EventType, data: Record<string, unknown>) {
  const endpoints = await db
    .selectFrom("webhook_endpoints as e")
    .innerJoin("sites as s", "s.workspace_id", "e.workspace_id")
    .select(["e.id", "e.events", "e.workspace_id"])
    .where("s.id", "=", siteId)
    .where("e.enabled", "=", 1)
    .execute();
  const subscribed = endpoints.filter((e) => parseEvents(e.events).includes(type));
  for (const endpoint of subscribed) {
    await insertDelivery(db, { id: endpoint.id, workspaceId: endpoint.workspace_id }, type, { site_id: siteId, ...data });
  }
  if (subscribed.length) notifyWorker();
  return subscribed.length;
}

/**
 * 'Send test': a signed webhook.test to one endpoint of the workspace; "not_found" when it is not the
 * workspace's, "limited" past TEST_EVENT_LIMIT a minute.
 */
export async function sendTestEvent(db: DB, workspaceId: string, endpointId: string): Promise<{ id: string } | "not_found" | "limited"> {
  const endpoint = await db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("id", "=", endpointId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!endpoint) return "not_found";
  if (!(await consumeNamedLimit("webhook-test", TEST_EVENT_LIMIT, workspaceId))) return "limited";
  const id = await insertDelivery(db, { id: endpoint.id, workspaceId }, TEST_EVENT, {
    workspace_id: workspaceId,
    message: "Test delivery from Inkpilot. Verify the signature with your endpoint's secret and answer 2xx.",
  });
  notifyWorker();
  return { id };
}

async function settle(
  db: DB,
  id: string,
  fields: { status?: "succeeded" | "failed"; response_status?: number | null; last_error?: string | null },
  attempts: number,
) {
  await db
    .updateTable("webhook_deliveries")
    .set({ ...fields, attempts, updated_at: isoNow(), ...(fields.status === "succeeded" ? { delivered_at: isoNow() } : {}) })
    .where("id", "=", id)
    .execute();
}

/** A receiver answered 2xx: its failure streak and backoff end. */
async function endpointSucceeded(db: DB, endpointId: string) {
  await db
    .updateTable("webhook_endpoints")
    .set({ failure_streak: 0, backoff_until: null, updated_at: isoNow() })
    .where("id", "=", endpointId)
    .where("failure_streak", ">", 0)
    .execute();
}

/**
 * One more failed attempt in a row for the endpoint: from BACKOFF_AFTER_FAILURES its deliveries wait
 * (endpointBackoffMs), at PAUSE_AFTER_FAILURES it is paused and its owners are mailed once.
 */
async function endpointFailed(db: DB, endpointId: string, lastError: string) {
  const row = await db
    .updateTable("webhook_endpoints")
    .set((eb) => ({ failure_streak: eb("failure_streak", "+", 1), updated_at: isoNow() }))
    .where("id", "=", endpointId)
    .returning(["failure_streak", "workspace_id", "url"])
    .executeTakeFirst();
  if (!row) return;
  const backoff = endpointBackoffMs(row.failure_streak);
  if (backoff)
    await db
      .updateTable("webhook_endpoints")
      .set({ backoff_until: isoIn(backoff) })
      .where("id", "=", endpointId)
      .execute();
  if (row.failure_streak < PAUSE_AFTER_FAILURES) return;
  const reason = `Paused after ${row.failure_streak} failed deliveries in a row (last: ${lastError.slice(0, 200)}).`;
  const paused = await db
    .updateTable("webhook_endpoints")
    .set({ enabled: 0, paused_reason: reason, backoff_until: null, updated_at: isoNow() })
    .where("id", "=", endpointId)
    .where("enabled", "=", 1)
    .executeTakeFirst();
  if (Number(paused.numUpdatedRows) === 0) return;
  logger.warn({ endpointId, streak: row.failure_streak }, "event webhook paused");
  const owners = await workspaceOwners(db, row.workspace_id);
  const settingsUrl = `${getEnv().appUrl}/dashboard/settings?tab=integrations#card-event-webhooks`;
  for (const owner of owners) {
    await sendMail(db, {
      to: owner.email,
      tag: "webhook-paused",
      ...webhookPausedMail({ workspaceName: owner.workspaceName, url: maskWebhookUrl(row.url), reason, settingsUrl }),
    });
  }
}

/** 'Resume' on a paused or turned-off endpoint: on again with a clean streak; false when it is not the workspace's. Audited. */
export async function resumeWebhookEndpoint(db: DB, actor: WebhookActor, endpointId: string) {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable("webhook_endpoints")
      .set({ enabled: 1, paused_reason: null, failure_streak: 0, backoff_until: null, updated_at: isoNow() })
      .where("id", "=", endpointId)
      .where("workspace_id", "=", actor.workspaceId)
      .returning("url")
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "webhook.resumed",
      target: `webhook:${endpointId}`,
      detail: { url: maskWebhookUrl(row.url) },
      ip: actor.ip,
    });
    return true;
  });
}

/** One attempt of one delivery: the stored body, signed now, POSTed once; 2xx is delivered, anything else retried. */
async function deliver(db: DB, deliveryId: string, { signal, lastAttempt }: { signal: AbortSignal; lastAttempt: boolean }) {
  const row = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select([
      "d.id",
      "d.payload",
      "d.status",
      "d.attempts",
      "e.id as endpointId",
      "e.url",
      "e.secret_encrypted",
      "e.enabled",
      "e.paused_reason",
      "e.backoff_until",
    ])
    .where("d.id", "=", deliveryId)
    .executeTakeFirst();
  // Deleted with its endpoint, or already delivered by an attempt whose outcome was lost.
  if (!row || row.status === "succeeded") return;
  const attempts = row.attempts + 1;
  if (row.enabled !== 1) {
    await settle(db, row.id, { status: "failed", last_error: row.paused_reason ?? "The endpoint is turned off." }, attempts);
    return;
  }
  // A receiver that keeps failing is left alone for a while: the delivery waits without trying or using an attempt.
  const waitMs = row.backoff_until ? Date.parse(row.backoff_until) - Date.now() : 0;
  if (waitMs > 0) throw new DeferJobError("The receiver kept failing; deliveries to it wait.", waitMs);
  const signer = new Webhook(decryptSecret(row.secret_encrypted, binding(row.endpointId)));
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const failed = async (message: string, status: number | null) => {
    await settle(db, row.id, { status: lastAttempt ? "failed" : undefined, response_status: status, last_error: message }, attempts);
    await endpointFailed(db, row.endpointId, status ? `HTTP ${status}` : message);
  };
  let response;
  try {
    // Request slots per endpoint, not per host: a receiver's host (an automation service) is shared by many customers.
    response = await platformRequest({ correlationId: row.id.slice(4, 12), signal, connectionId: row.endpointId }, row.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "webhook-id": row.id,
        "webhook-timestamp": String(at.getTime() / 1000),
        "webhook-signature": signer.sign(row.id, at, row.payload),
      },
      body: row.payload,
      timeoutMs: TIMEOUT_MS,
      maxBytes: 64 * 1024,
    });
  } catch (error) {
    if (error instanceof PublishError && error.kind === "config") {
      // The address itself is refused (a private network, a bad port): retrying cannot help.
      await settle(db, row.id, { status: "failed", response_status: null, last_error: error.message }, attempts);
      throw new PermanentJobError(error.message);
    }
    await failed(
      `Your receiver could not be reached or did not answer in time${lastAttempt ? "." : "; the delivery will be retried."}`,
      null,
    );
    throw error;
  }
  if (response.status >= 200 && response.status < 300) {
    await settle(db, row.id, { status: "succeeded", response_status: response.status, last_error: null }, attempts);
    await endpointSucceeded(db, row.endpointId);
    return;
  }
  const detail = describeResponse(response).slice(0, 300);
  if (response.status === 410) {
    // The receiver says it is gone: stop sending to it (the customer resumes it when it is back).
    const gone = "The receiver answered 410 Gone; the endpoint was turned off.";
    await db
      .updateTable("webhook_endpoints")
      .set({ enabled: 0, paused_reason: gone, updated_at: isoNow() })
      .where("id", "=", row.endpointId)
      .execute();
    await settle(db, row.id, { status: "failed", response_status: 410, last_error: gone }, attempts);
    throw new PermanentJobError(detail);
  }
  const wait = response.status === 429 ? retryAfterMs(response.headers) : null;
  if (wait) {
    // Asked to slow down is not failing: no streak, and no sooner than asked.
    await settle(db, row.id, { status: lastAttempt ? "failed" : undefined, response_status: 429, last_error: detail }, attempts);
    throw new RetryLaterError(detail, wait);
  }
  await failed(response.status >= 300 && response.status < 400 ? `Redirects are not followed (${detail})` : detail, response.status);
  throw new Error(detail);
}

const Payload = z.object({ deliveryId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [DELIVER_WEBHOOK_JOB]: z.input<typeof Payload>;
  }
}

export const deliverWebhookJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: (payload, { db, job, signal }) => deliver(db, payload.deliveryId, { signal, lastAttempt: job.attempts >= job.max_attempts }),
};

/** Housekeeping: the event webhook delivery log keeps 30 days (decision 047); pending deliveries stay. */
export async function purgeOldDeliveries(db: DB, now = new Date()) {
  await db
    .deleteFrom("webhook_deliveries")
    .where("created_at", "<", isoIn(-30 * DAY, now))
    .where("status", "!=", "pending")
    .execute();
}
