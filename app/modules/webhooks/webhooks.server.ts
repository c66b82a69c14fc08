import { z } from "zod";
import { Webhook } from "standardwebhooks";
import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { enqueue, PermanentJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { generateWebhookSecret, maskWebhookUrl, parseWebhookUrl } from "#app/modules/publishing/adapters/webhook.server";
import { describeResponse, platformRequest, retryAfterMs } from "#app/modules/publishing/http.server";
import { PublishError } from "#app/modules/publishing/types";
import { decryptSecret, encryptSecret, newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
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
 */

export const DELIVER_WEBHOOK_JOB = "deliver-webhook";
export const WEBHOOK_MAX_ATTEMPTS = 8;
const TIMEOUT_MS = 15_000;
const USER_AGENT = "Inkpilot-Webhooks/1.0";
export const DELIVERY_LOG_SIZE = 25;

export type WebhookActor = { workspaceId: string; userId: string; ip: string | null };

const binding = (id: string) => ({ aad: `webhook_endpoints:${id}` });

export class WebhookUrlError extends Error {
  override name = "WebhookUrlError";
}

function checkedUrl(raw: string) {
  try {
    return parseWebhookUrl(raw).href;
  } catch (error) {
    if (error instanceof PublishError) throw new WebhookUrlError(error.message);
    throw error;
  }
}

/** Adds an endpoint; returns its signing secret, shown once. Audited. */
export async function createWebhookEndpoint(db: DB, actor: WebhookActor, input: { url: string; events: EventType[] }) {
  const url = checkedUrl(input.url);
  const id = newId();
  const secret = generateWebhookSecret();
  const now = isoNow();
  await inTransaction(db, async (trx) => {
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
    .select(["id", "url", "events", "enabled", "created_at"])
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

async function insertDelivery(db: DB, endpointId: string, type: string, data: Record<string, unknown>, now = new Date()) {
  const id = messageId();
  const payload = JSON.stringify({ type, timestamp: now.toISOString(), data });
  await db
    .insertInto("webhook_deliveries")
    .values({ id, endpoint_id: endpointId, event_type: type, payload, created_at: isoNow(now), updated_at: isoNow(now) })
    .execute();
  await enqueue(db, DELIVER_WEBHOOK_JOB, { deliveryId: id }, { maxAttempts: WEBHOOK_MAX_ATTEMPTS, idempotencyKey: `webhook:${id}` });
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
    .select(["e.id", "e.events"])
    .where("s.id", "=", siteId)
    .where("e.enabled", "=", 1)
    .execute();
  const subscribed = endpoints.filter((e) => parseEvents(e.events).includes(type));
  for (const endpoint of subscribed) await insertDelivery(db, endpoint.id, type, { site_id: siteId, ...data });
  if (subscribed.length) notifyWorker();
  return subscribed.length;
}

/** 'Send test': a signed webhook.test to one endpoint of the workspace; null when it is not the workspace's. */
export async function sendTestEvent(db: DB, workspaceId: string, endpointId: string) {
  const endpoint = await db
    .selectFrom("webhook_endpoints")
    .select("id")
    .where("id", "=", endpointId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!endpoint) return null;
  const id = await insertDelivery(db, endpoint.id, TEST_EVENT, {
    workspace_id: workspaceId,
    message: "Test delivery from Inkpilot. Verify the signature with your endpoint's secret and answer 2xx.",
  });
  notifyWorker();
  return id;
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

/** One attempt of one delivery: the stored body, signed now, POSTed once; 2xx is delivered, anything else retried. */
async function deliver(db: DB, deliveryId: string, { signal, lastAttempt }: { signal: AbortSignal; lastAttempt: boolean }) {
  const row = await db
    .selectFrom("webhook_deliveries as d")
    .innerJoin("webhook_endpoints as e", "e.id", "d.endpoint_id")
    .select(["d.id", "d.payload", "d.status", "d.attempts", "e.id as endpointId", "e.url", "e.secret_encrypted", "e.enabled"])
    .where("d.id", "=", deliveryId)
    .executeTakeFirst();
  // Deleted with its endpoint, or already delivered by an attempt whose outcome was lost.
  if (!row || row.status === "succeeded") return;
  const attempts = row.attempts + 1;
  if (row.enabled !== 1) {
    await settle(db, row.id, { status: "failed", last_error: "The endpoint is turned off." }, attempts);
    return;
  }
  const signer = new Webhook(decryptSecret(row.secret_encrypted, binding(row.endpointId)));
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const failed = async (message: string, status: number | null) => {
    await settle(db, row.id, { status: lastAttempt ? "failed" : undefined, response_status: status, last_error: message }, attempts);
  };
  let response;
  try {
    response = await platformRequest({ correlationId: row.id.slice(4, 12), signal }, row.url, {
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
    return;
  }
  const detail = describeResponse(response).slice(0, 300);
  if (response.status === 410) {
    // The receiver says it is gone: stop sending to it (the customer adds it again when it is back).
    await db.updateTable("webhook_endpoints").set({ enabled: 0, updated_at: isoNow() }).where("id", "=", row.endpointId).execute();
    await settle(
      db,
      row.id,
      { status: "failed", response_status: 410, last_error: "The receiver answered 410 Gone; the endpoint was turned off." },
      attempts,
    );
    throw new PermanentJobError(detail);
  }
  await failed(response.status >= 300 && response.status < 400 ? `Redirects are not followed (${detail})` : detail, response.status);
  const wait = response.status === 429 ? retryAfterMs(response.headers) : null;
  if (wait) throw new RetryLaterError(detail, wait);
  throw new Error(detail);
}

const Payload = z.object({ deliveryId: z.string().min(1) });

export const deliverWebhookJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: (payload, { db, job, signal }) => deliver(db, payload.deliveryId, { signal, lastAttempt: job.attempts >= job.max_attempts }),
};
