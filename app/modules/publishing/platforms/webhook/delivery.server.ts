import crypto from "node:crypto";
import { safeLinkHref } from "#app/utils/html";
import { OutboundRequestError } from "#app/utils/http.server";
import { describeResponse, platformRequest, retryAfterMs, type PlatformResponse } from "../../http.server";
import { PublishError, type AdapterContext, type PostInput, type RemotePost, type UploadedMedia } from "../../types";
import { endpointOf, maskWebhookUrl, signerOf } from "../../webhook-endpoint.server";
import { type WebhookPayload, articleData, webhookMessageId } from "./payload.server";

/**
 * Delivering one signed event to the receiver, its answer turned into a
 * PublishError kind, and the retry schedule of deliveries that failed.
 */

export const WEBHOOK_USER_AGENT = "Inkpilot-Webhooks/1.0";
/** A receiver that has not answered by then is treated as down (the spec allows 15–30 s). */
const WEBHOOK_TIMEOUT_MS = 15_000;
// A receiver's answer is only read for an optional {url}; more than this is not an answer we want.
const MAX_ANSWER_BYTES = 1024 * 1024;

export type Delivery = { webhookId: string; response: PlatformResponse; durationMs: number };

/** Turns the guard's refusals and transport failures into webhook words, without the (secret-bearing) URL in the detail. */
function transportFailure(error: PublishError, masked: string): PublishError {
  const cause = error.cause instanceof OutboundRequestError ? error.cause : null;
  const detail = `${cause?.code ?? error.kind} ${masked}`.slice(0, 200);
  switch (cause?.code) {
    case "timeout":
      return new PublishError("transient", `Your webhook URL did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`, {
        detail,
        cause: error,
        fix: "Make the receiver answer 2xx at once and do slow work afterwards; the delivery will be retried.",
      });
    case "network":
      return new PublishError("transient", "We could not connect to your webhook URL.", { detail, cause: error });
    case "too_large":
      return new PublishError("transient", "Your webhook receiver answered with more than 1 MB; answer with a short JSON body.", {
        detail,
        cause: error,
      });
    case "dns":
      return new PublishError("config", "We could not find the host of your webhook URL.", {
        detail,
        cause: error,
        fix: "Check the address in Settings → Integrations; reconnect with the URL your receiver shows.",
      });
    default:
      return new PublishError("config", error.message, { detail, cause: error, fix: "Use a public https:// address for your receiver." });
  }
}

/**
 * POSTs one signed message. The body is serialized once and those exact bytes are
 * signed; `webhook-timestamp` is this attempt's time. Redirects are never followed
 * (guardedFetch answers a POST's 3xx as is). Returns any answer; throws on transport failures.
 */
export async function deliver(ctx: AdapterContext, webhookId: string, payload: WebhookPayload): Promise<Delivery> {
  const endpoint = endpointOf(ctx);
  const signer = signerOf(ctx);
  const body = JSON.stringify(payload);
  const at = new Date(Math.floor(Date.now() / 1000) * 1000);
  const started = Date.now();
  try {
    const response = await platformRequest(ctx, endpoint.href, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": WEBHOOK_USER_AGENT,
        "webhook-id": webhookId,
        "webhook-timestamp": String(at.getTime() / 1000),
        "webhook-signature": signer.sign(webhookId, at, body),
      },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    return { webhookId, response, durationMs: Date.now() - started };
  } catch (error) {
    if (error instanceof PublishError) throw transportFailure(error, maskWebhookUrl(endpoint.href));
    throw error;
  }
}

function retryAfter(response: PlatformResponse) {
  return retryAfterMs(response.headers);
}

/** The PublishError for a non-2xx answer (docs/decisions/033). */
export function webhookFailure(response: PlatformResponse): PublishError {
  const status = response.status;
  const detail = describeResponse(response);
  if (status >= 300 && status < 400) {
    const location = response.headers.location;
    return new PublishError("config", "Your webhook URL redirects; use the final address.", {
      detail: `${detail}${location ? ` → ${maskWebhookUrl(String(location))}` : ""}`.slice(0, 200),
      fix: "Reconnect with the address the URL redirects to (for example https:// instead of http://, or the new path).",
    });
  }
  if (status === 410) {
    return new PublishError(
      "config",
      "The receiver said this endpoint is gone (410); it was turned off. Deliveries stop until you reconnect with a working URL.",
      { detail, fix: "Turn the Zap or scenario back on, or copy its new URL, then reconnect the webhook in Settings → Integrations." },
    );
  }
  if (status === 429 || status === 502 || status === 504) {
    return new PublishError("rate_limit", `Your webhook receiver asked us to wait (HTTP ${status}); the delivery will be retried.`, {
      detail,
      retryAfterMs: retryAfter(response),
    });
  }
  const fix =
    status === 401 || status === 403
      ? "Your receiver rejected the request: make sure it verifies signatures with the secret shown when you connected (reconnect for a new one)."
      : status === 404
        ? "Check that the webhook URL is still the one your receiver shows."
        : "Check your receiver's logs; the delivery will be retried with the same webhook-id.";
  return new PublishError("transient", `Your webhook receiver answered HTTP ${status}; the delivery will be retried.`, { detail, fix });
}

/** The public URL a receiver may announce in its answer ({"url": "https://…"}); anything else is ignored. */
function announcedUrl(response: PlatformResponse): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.text);
  } catch {
    return null; // "OK", empty or broken answers are fine: any 2xx means delivered.
  }
  const url = parsed && typeof parsed === "object" ? (parsed as { url?: unknown }).url : undefined;
  if (typeof url !== "string" || url.length > 2048 || url.trim().startsWith("/")) return null;
  return safeLinkHref(url);
}

export async function deliverArticle(
  ctx: AdapterContext,
  type: "article.published" | "article.updated",
  post: PostInput,
  featured: UploadedMedia | null,
  previousId: string | null,
): Promise<RemotePost> {
  const data = articleData(ctx, post, featured);
  const webhookId = webhookMessageId({ publicationId: post.publicationId, type, data, previousId });
  let delivery: Delivery;
  try {
    delivery = await deliver(ctx, webhookId, { type, timestamp: new Date().toISOString(), data });
  } catch (error) {
    if (error instanceof PublishError) await ctx.log("warn", type, `${webhookId} ${error.detail}`);
    throw error;
  }
  const { response, durationMs } = delivery;
  if (response.status < 200 || response.status >= 300) {
    const failure = webhookFailure(response);
    await ctx.log("warn", type, `${webhookId} ${failure.detail}`);
    throw failure;
  }
  await ctx.log("info", type, `${webhookId} delivered: HTTP ${response.status} in ${durationMs} ms`);
  // What the receiver does with a draft is its business; "live" says what we sent.
  return { remoteId: webhookId, url: announcedUrl(response), status: "delivered", live: post.mode === "live" };
}

/**
 * 'Send test' (and the doctor's last check): a signed test.ping with a fresh id.
 * Resolves when the receiver answered 2xx; throws the PublishError a failed delivery would.
 */
export async function sendTestDelivery(ctx: AdapterContext): Promise<{ webhookId: string; status: number; durationMs: number }> {
  const webhookId = `msg_test_${crypto.randomBytes(12).toString("hex")}`;
  const { response, durationMs } = await deliver(ctx, webhookId, testPing(ctx));
  if (response.status < 200 || response.status >= 300) throw webhookFailure(response);
  return { webhookId, status: response.status, durationMs };
}

export function testPing(ctx: AdapterContext): WebhookPayload {
  return {
    type: "test.ping",
    timestamp: new Date().toISOString(),
    data: {
      site_id: ctx.siteId,
      connection_id: ctx.connectionId,
      message: "Test delivery from Inkpilot. Verify the signature with your secret and answer 2xx.",
    },
  };
}

/** The Standard Webhooks example schedule: the wait before attempt 2, 3, … 10 (the first is immediate). */
const RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

/**
 * How long to wait after the `failedAttempts`-th failed delivery before trying again,
 * with ±10% jitter so many deliveries failing together do not return together; null
 * once the schedule (10 attempts, about 3 days) is used up and the delivery has failed.
 * A Retry-After longer than this wins (the engine takes the larger of the two).
 */
export function webhookRetryDelayMs(failedAttempts: number, random: () => number = Math.random): number | null {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) return 0;
  const base = RETRY_SCHEDULE_MS[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (0.9 + 0.2 * random()));
}
