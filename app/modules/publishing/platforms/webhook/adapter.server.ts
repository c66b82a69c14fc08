import crypto from "node:crypto";
import { Webhook } from "standardwebhooks";
import { getEnv } from "#app/env.server";
import { OutboundRequestError } from "#app/utils/http.server";
import { describeResponse, platformRequest, retryAfterMs, type PlatformResponse } from "../../http.server";
import {
  PublishError,
  type AdapterContext,
  type Credentials,
  type DoctorCheck,
  type PostInput,
  type PublishingAdapter,
  type RemotePost,
  type UploadedMedia,
} from "../../types";
import { check } from "../doctor";

/**
 * Webhook destination (integrations.md §8, Standard Webhooks 1.0): the customer's
 * URL receives each published or updated article as signed JSON. Zapier, Make and
 * n8n "catch hooks" are served by this adapter; there is no separate Zapier app.
 *
 * What a webhook cannot do shapes the adapter:
 * - Nothing can be looked up or read back, so findExisting finds nothing and read
 *   reports the last delivery. Idempotency instead rests on `webhook-id`: it is
 *   derived from the publication, the event and the content, so a retry after a
 *   lost answer carries the SAME id and the receiver drops it as a duplicate,
 *   while a real update gets a new id.
 * - Images are not uploaded anywhere: the payload links Inkpilot's public copies.
 *
 * The full endpoint URL is kept in credentials, not config or the connection's
 * site URL: catch-hook URLs carry their own token (anyone holding a Zapier hook
 * URL can trigger the Zap), so they are as secret as the signing key.
 */

export const WEBHOOK_USER_AGENT = "Inkpilot-Webhooks/1.0";
/** A receiver that has not answered by then is treated as down (the spec allows 15–30 s). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
// A receiver's answer is only read for an optional {url}; more than this is not an answer we want.
const MAX_ANSWER_BYTES = 1024 * 1024;
const SECRET_PREFIX = "whsec_";

export type WebhookEventType = "article.published" | "article.updated" | "test.ping";

export type WebhookImage = { url: string; alt: string };

/** The article as receivers get it; the schema of article.published and article.updated (docs/webhooks.md). */
export type WebhookArticleData = {
  article_id: string;
  site_id: string;
  publication_id: string;
  title: string;
  slug: string;
  url: string | null;
  status: "draft" | "published";
  html: string;
  markdown: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  keyword: string;
  tags: string[];
  featured_image: WebhookImage | null;
  images: WebhookImage[];
};

export type WebhookPayload =
  | { type: "article.published" | "article.updated"; timestamp: string; data: WebhookArticleData }
  | { type: "test.ping"; timestamp: string; data: { site_id: string; connection_id: string; message: string } };

// ---------------------------------------------------------------------------
// Secrets

/** A new signing secret in the Standard Webhooks form: whsec_ + base64 of 32 random bytes. */
export function generateWebhookSecret() {
  return SECRET_PREFIX + crypto.randomBytes(32).toString("base64");
}

/**
 * A secret the customer typed, normalized to whsec_…, or a reason it cannot be used.
 * Standard Webhooks libraries base64-decode what follows whsec_, so anything else
 * (a password-like word) would sign with a key the customer's library never derives.
 */
export function parseWebhookSecret(raw: string): { secret: string } | { error: string } {
  const value = raw.trim();
  const body = value.startsWith(SECRET_PREFIX) ? value.slice(SECRET_PREFIX.length) : value;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) {
    return { error: "That secret is not in the whsec_… format. Leave the field empty and Inkpilot will create one for you." };
  }
  const bytes = Buffer.from(body, "base64").length;
  if (bytes < 24 || bytes > 64) {
    return {
      error: `That secret holds ${bytes} bytes; use 24 to 64 (whsec_ followed by 32–88 base64 characters), or leave the field empty and Inkpilot will create one.`,
    };
  }
  return { secret: SECRET_PREFIX + body };
}

/**
 * The signing secret, for the connect dialog to show ONCE right after connecting
 * (the lead's UI calls this with the credentials connect() returned, before they
 * are stored encrypted). Secrets never go into config, which may reach the browser;
 * afterwards the only way to see a secret again is to reconnect, which makes a new one.
 */
export function webhookSecretForDisplay(credentials: Credentials): string | null {
  return credentials.secret?.startsWith(SECRET_PREFIX) ? credentials.secret : null;
}

// ---------------------------------------------------------------------------
// Endpoint URL

/** The test-only allowlist of the SSRF guard (TEST_ALLOW_PRIVATE_HOSTS): only those hosts may use plain http. */
function isAllowlistedTestHost(url: URL) {
  const allowed = getEnv().TEST_ALLOW_PRIVATE_HOSTS;
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  return allowed.includes(host) || allowed.includes(`${host}:${port}`);
}

/** The endpoint for display and logs: origin and first path segment, the rest (often a token) hidden. */
export function maskWebhookUrl(raw: string) {
  try {
    const url = new URL(raw);
    const segments = url.pathname.split("/").filter(Boolean);
    const shown = segments.length ? `/${segments[0]}` : "";
    return `${url.origin}${shown}${segments.length > 1 || url.search ? "/…" : ""}`;
  } catch {
    return "(invalid address)";
  }
}

/** Validates the customer's endpoint URL; throws a config PublishError worded for the connect dialog. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch (cause) {
    throw new PublishError("config", "That is not a valid web address. Paste the full https:// URL your receiver gave you.", { cause });
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isAllowlistedTestHost(url))) {
    throw new PublishError("config", "The webhook URL must start with https:// so articles travel encrypted.", {
      fix: "Use the https:// address of your receiver (Zapier, Make and n8n all give one).",
    });
  }
  if (url.username || url.password) {
    throw new PublishError("config", "The webhook URL must not contain a user name or password; the signature proves it is us.");
  }
  if (url.port && url.port !== "443" && !isAllowlistedTestHost(url)) {
    throw new PublishError("config", "The webhook URL must use the standard https port (443).");
  }
  if (url.href.length > 2048) throw new PublishError("config", "That webhook URL is too long (more than 2,048 characters).");
  url.hash = "";
  return url;
}

function endpointOf(ctx: AdapterContext): URL {
  const raw = ctx.credentials.url;
  if (!raw) throw new PublishError("config", "This webhook connection has no URL. Reconnect it in Settings → Integrations.");
  return parseWebhookUrl(raw);
}

function signerOf(ctx: AdapterContext): Webhook {
  const parsed = parseWebhookSecret(ctx.credentials.secret ?? "");
  if ("error" in parsed) {
    throw new PublishError("config", "This webhook connection has no valid signing secret. Reconnect it in Settings → Integrations.");
  }
  return new Webhook(parsed.secret);
}

// ---------------------------------------------------------------------------
// Payload and message id

function sha256Hex(value: string) {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** Every occurrence of our image paths replaced by their public URLs (the engine rewrites the HTML; Markdown is ours to fix). */
function withPublicImageUrls(text: string, post: PostInput) {
  let out = text;
  for (const image of post.images) {
    if (image.localPath && image.publicUrl && image.localPath !== image.publicUrl) out = out.split(image.localPath).join(image.publicUrl);
  }
  return out;
}

/** The article part of the payload; key order is fixed so its hash is stable. */
export function articleData(ctx: Pick<AdapterContext, "siteId">, post: PostInput, featured: UploadedMedia | null): WebhookArticleData {
  const featuredUrl = featured?.url ?? post.featuredImage?.publicUrl ?? null;
  return {
    article_id: post.articleId,
    site_id: ctx.siteId,
    publication_id: post.publicationId,
    title: post.title,
    slug: post.slug,
    // The engine passes the hosted blog's URL here when the article is live there.
    url: post.canonicalUrl ?? null,
    status: post.mode === "live" ? "published" : "draft",
    html: withPublicImageUrls(post.html, post),
    markdown: withPublicImageUrls(post.markdown, post),
    excerpt: post.excerpt,
    meta_title: post.metaTitle,
    meta_description: post.metaDescription,
    keyword: post.keyword,
    tags: post.tags,
    featured_image: featuredUrl ? { url: featuredUrl, alt: post.featuredImage?.alt ?? "" } : null,
    images: post.images.map((image) => ({ url: image.publicUrl, alt: image.alt })),
  };
}

/**
 * The `webhook-id` of an article delivery: the same on every retry of one delivery,
 * new for every real change. It hashes the publication, the event type, the content
 * (not the per-attempt timestamp) and, for updates, the delivery id being updated:
 * without that link, updating an article back to an earlier text within the
 * receivers' dedupe window would reuse an old id and be dropped as a duplicate.
 * A retry after a lost answer still matches, because the engine only records the
 * new id once the receiver's answer arrived. No "." (forbidden by the spec).
 */
export function webhookMessageId(input: {
  publicationId: string;
  type: WebhookEventType;
  data: WebhookArticleData;
  previousId?: string | null;
}) {
  const contentHash = sha256Hex(JSON.stringify(input.data));
  return `msg_${sha256Hex([input.publicationId, input.type, input.previousId ?? "", contentHash].join("\n")).slice(0, 32)}`;
}

// ---------------------------------------------------------------------------
// Delivery

type Delivery = { webhookId: string; response: PlatformResponse; durationMs: number };

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
async function deliver(ctx: AdapterContext, webhookId: string, payload: WebhookPayload): Promise<Delivery> {
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

/** The PublishError for a non-2xx answer (integrations.md §8 "Delivery and retries"). */
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
  if (typeof url !== "string" || url.length > 2048) return null;
  try {
    const protocol = new URL(url).protocol;
    return protocol === "https:" || protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

async function deliverArticle(
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

function testPing(ctx: AdapterContext): WebhookPayload {
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

// ---------------------------------------------------------------------------
// Retry schedule

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

// ---------------------------------------------------------------------------
// The adapter

export const webhookAdapter: PublishingAdapter = {
  facts: {
    platform: "webhook",
    name: "Webhook",
    description:
      "Sends every published or updated article as signed JSON (Standard Webhooks) to your URL: HTML, Markdown, SEO meta, tags and image links. Use it for Zapier, Make, n8n or your own server.",
    connectKind: "form",
    customerHost: true,
    supportsDraft: true,
    supportsSchedule: false,
    limitations: [
      'A webhook only delivers: Inkpilot cannot read the post back, so it shows \'Delivered\', and a live link only when your receiver answers with {"url": "…"}.',
      "Your receiver decides what a draft is: every message says status draft or published.",
      "Images are sent as links to Inkpilot's copies, not uploaded; copy them if you need them in your own storage.",
      "Scheduled articles are sent at the scheduled time; the receiver cannot hold them itself.",
      "Failed deliveries are retried for about 3 days with the same webhook-id; your receiver should ignore ids it has already seen.",
      "Redirects are not followed, and an answer of 410 Gone turns the connection off until you reconnect.",
    ],
  },

  /**
   * The secret field is optional. Empty (the normal case): Inkpilot creates the
   * secret and shows it once. Filled: a whsec_ secret the customer already has
   * (their receiver is configured with it, or they rotate on their side). We never
   * deliver unsigned: a receiver that does not verify (a Zapier catch hook) simply
   * ignores the headers, so a secret costs it nothing and keeps the option open.
   */
  async connect(input, ctx) {
    const url = parseWebhookUrl(input.siteUrl);
    let secret = generateWebhookSecret();
    const typed = input.secret.trim();
    if (typed) {
      const parsed = parseWebhookSecret(typed);
      if ("error" in parsed) throw new PublishError("config", parsed.error);
      secret = parsed.secret;
    }
    const masked = maskWebhookUrl(url.href);
    await ctx.log("info", "connect", `webhook endpoint ${masked}`);
    const zapier = url.hostname === "hooks.zapier.com";
    return {
      // The origin only, plus a short fingerprint of the whole URL: the URL may carry the receiver's
      // own token (see the module comment), and two hooks on one host (two Zaps) are two connections.
      siteUrl: `${url.origin}#${crypto.createHash("sha256").update(url.href).digest("hex").slice(0, 8)}`,
      name: zapier ? "Zapier" : `Webhook (${url.hostname})`,
      credentials: { url: url.href, secret },
      config: { endpoint: masked, secretSource: typed ? "customer" : "generated", signing: "standard-webhooks-v1" },
    };
  },

  async doctor(ctx) {
    const checks: DoctorCheck[] = [];
    let endpoint: URL;
    try {
      endpoint = endpointOf(ctx);
      checks.push(check("url", "Webhook URL", "pass", maskWebhookUrl(endpoint.href)));
    } catch (error) {
      const message = error instanceof PublishError ? error.message : "The webhook URL cannot be read.";
      checks.push(check("url", "Webhook URL", "fail", message, "Reconnect with the https:// URL your receiver shows."));
      return checks;
    }
    checks.push(
      endpoint.protocol === "https:"
        ? check("https", "Encrypted (https)", "pass", "Deliveries travel over https.")
        : check(
            "https",
            "Encrypted (https)",
            "warn",
            "This test address uses plain http; real connections must use https.",
            "Use an https:// URL.",
          ),
    );
    if ("error" in parseWebhookSecret(ctx.credentials.secret ?? "")) {
      checks.push(
        check("secret", "Signing secret", "fail", "This connection has no valid signing secret.", "Reconnect to get a new secret."),
      );
      return checks;
    }
    checks.push(check("secret", "Signing secret", "pass", "Every delivery is signed (Standard Webhooks v1)."));

    let delivery: Delivery;
    try {
      delivery = await deliver(ctx, `msg_test_${crypto.randomBytes(12).toString("hex")}`, testPing(ctx));
    } catch (error) {
      const failure = error instanceof PublishError ? error : null;
      checks.push(
        check(
          "reachable",
          "Receiver reachable",
          "fail",
          failure?.message ?? "We could not reach your webhook URL.",
          failure?.fix ?? "Check that the receiver is running and reachable from the internet.",
        ),
      );
      return checks;
    }
    const { response, durationMs } = delivery;
    checks.push(check("reachable", "Receiver reachable", "pass", `Answered in ${durationMs} ms.`));
    if (response.status >= 200 && response.status < 300) {
      checks.push(check("test", "Test delivery", "pass", `A signed test.ping was accepted (HTTP ${response.status}).`));
    } else {
      const failure = webhookFailure(response);
      // "Will be retried" belongs to article deliveries; a test is simply answered.
      const detail =
        failure.kind === "config" ? failure.message : `Your receiver answered the signed test.ping with HTTP ${response.status}.`;
      checks.push(check("test", "Test delivery", "fail", detail, failure.fix ?? "Check your receiver's logs."));
    }
    return checks;
  },

  // A webhook cannot be asked what it has: idempotency is the webhook-id, which is
  // identical on a retry of the same delivery so the receiver drops the repeat.
  async findExisting() {
    return null;
  },

  // Receivers fetch images themselves from Inkpilot's public copies: nothing to upload.
  async uploadMedia(_ctx, file) {
    return { remoteId: file.localPath, url: file.publicUrl };
  },

  async create(ctx, post, featured) {
    return deliverArticle(ctx, "article.published", post, featured, null);
  },

  // The returned remoteId is the new delivery's webhook-id; the receiver knows the
  // article by article_id and publication_id, which never change.
  async update(ctx, remote, post, featured) {
    return deliverArticle(ctx, "article.updated", post, featured, remote.remoteId);
  },

  // Nothing to read back. Never null (that would mean "deleted there" and trigger a
  // new create); url null means "unknown": keep the URL the delivery's answer gave.
  async read(_ctx, remoteId) {
    return { remoteId, url: null, status: "delivered", live: false };
  },
};
