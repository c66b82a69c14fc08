import { offLane } from "#app/modules/jobs/lane-slot.server";
import { guardedFetch, isPublicAddress, OutboundRequestError, type GuardedFetchOptions } from "#app/utils/http.server";
import { PublishError } from "./types";

/**
 * Every request an adapter makes goes through here (docs/decisions/033): the
 * SSRF guard (customer-given hosts such as WordPress or Ghost, and vendor APIs
 * alike, so one path is tested), a limit of concurrent requests per host so
 * one customer's site is never flooded and one slow host cannot take every
 * slot, tolerant JSON parsing, and transport failures turned into PublishError.
 */

/** At most this many requests in flight to one host for one connection, from this process. */
export const HOST_CONCURRENCY = 4;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 8 * 1024 * 1024;

type Waiter = () => void;
const inFlight = new Map<string, { active: number; queue: Waiter[] }>();

async function acquire(host: string) {
  let slot = inFlight.get(host);
  if (!slot) {
    slot = { active: 0, queue: [] };
    inFlight.set(host, slot);
  }
  if (slot.active < HOST_CONCURRENCY) {
    slot.active++;
    return;
  }
  const current = slot;
  // A job waiting here gives its lane slot back meanwhile, so jobs queued on one busy host never fill a lane (docs/decisions/051).
  await offLane(new Promise<void>((resolve) => current.queue.push(resolve)));
}

function release(host: string) {
  const slot = inFlight.get(host);
  if (!slot) return;
  const next = slot.queue.shift();
  if (next) next();
  else if (--slot.active === 0) inFlight.delete(host);
}

export type PlatformRequest = {
  method?: GuardedFetchOptions["method"];
  headers?: Record<string, string>;
  /** Serialized once and sent with Content-Type: application/json. */
  json?: unknown;
  body?: Buffer | string;
  timeoutMs?: number;
  maxBytes?: number;
};

export type PlatformResponse = {
  status: number;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body as JSON; PHP notices or other text before the first { or [ are skipped. Throws a transient PublishError when it is not JSON. */
  json<T = unknown>(): T;
};

/** The JSON in a body that may start with warnings (WordPress with WP_DEBUG_DISPLAY on). */
export function parseLenientJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.search(/[[{]/);
    if (start > 0) return JSON.parse(text.slice(start));
    throw new SyntaxError("not JSON");
  }
}

function originOf(url: string) {
  try {
    return new URL(url).origin;
  } catch {
    return "";
  }
}

/** Status and the first 200 characters of a body, for the diagnostic log. */
export function describeResponse(response: { status: number; text: string }) {
  return `HTTP ${response.status}: ${response.text.replace(/\s+/g, " ").slice(0, 200)}`;
}

export async function platformRequest(
  ctx: { correlationId: string; signal: AbortSignal; connectionId?: string },
  url: string,
  request: PlatformRequest = {},
): Promise<PlatformResponse> {
  let host: string;
  try {
    host = new URL(url).host;
  } catch (cause) {
    throw new PublishError("config", "The address of this connection is not a valid URL.", { detail: url.slice(0, 200), cause });
  }
  const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
  let body = request.body;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers["Content-Type"] ??= "application/json";
  }
  // Per host and connection: a customer's own site gets 4 at a time; a vendor API (Notion, Webflow)
  // is shared by every customer, whose limits are per token, so one customer's burst does not queue the others.
  const slot = ctx.connectionId ? `${host}#${ctx.connectionId}` : host;
  await acquire(slot);
  try {
    const response = await guardedFetch(url, {
      method: request.method ?? "GET",
      headers,
      body,
      timeoutMs: request.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxBytes: request.maxBytes ?? DEFAULT_MAX_BYTES,
      correlationId: ctx.correlationId,
      signal: ctx.signal,
      // A publication is a run of requests to one host: reusing the connection saves a TCP (and TLS) setup
      // per request, which on a loaded machine is most of the time a slot is held beyond the server's own.
      keepAlive: true,
    });
    const text = response.text();
    return {
      status: response.status,
      url: response.url,
      headers: response.headers,
      text,
      json<T>() {
        try {
          return parseLenientJson(text) as T;
        } catch (cause) {
          throw new PublishError("transient", "The platform sent an answer we could not read.", {
            detail: describeResponse({ status: response.status, text }),
            cause,
          });
        }
      },
    };
  } catch (error) {
    if (error instanceof OutboundRequestError) {
      const transient = error.code === "timeout" || error.code === "network";
      const message =
        error.code === "timeout"
          ? "The platform did not answer in time; publishing will try again."
          : error.code === "network"
            ? "We could not reach the platform; publishing will try again."
            : error.message;
      // The origin only in the log: a query string may carry a token.
      throw new PublishError(transient ? "transient" : "config", message, {
        detail: `${error.code} ${originOf(url)}`.slice(0, 200),
        cause: error,
      });
    }
    throw error;
  } finally {
    release(slot);
  }
}

/** Retry-After in milliseconds (seconds or an HTTP date), or null. */
export function retryAfterMs(headers: Record<string, string | string[] | undefined>, now = Date.now()): number | null {
  const raw = headers["retry-after"];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : null;
}

/**
 * The generic reading of a failed answer, for what an adapter does not map
 * itself: 429 waits, 5xx retries, 401 needs reconnecting, 403 needs a fix, other
 * 4xx are refusals of the content.
 */
export function errorFromResponse(platform: string, response: PlatformResponse, message?: string): PublishError {
  const detail = describeResponse(response);
  if (response.status === 429) {
    return new PublishError("rate_limit", `${platform} asked us to slow down; publishing will retry shortly.`, {
      detail,
      retryAfterMs: retryAfterMs(response.headers),
    });
  }
  if (response.status >= 500)
    return new PublishError("transient", `${platform} had a temporary problem (HTTP ${response.status}).`, { detail });
  if (response.status === 401)
    return new PublishError(
      "auth",
      message ?? `${platform} no longer accepts this connection's credentials. Reconnect it in Settings → Integrations.`,
      {
        detail,
      },
    );
  if (response.status === 403) return new PublishError("config", message ?? `${platform} refused the request (HTTP 403).`, { detail });
  if (response.status === 404) return new PublishError("not_found", message ?? `${platform} could not find it (HTTP 404).`, { detail });
  if (response.status >= 300 && response.status < 400)
    return new PublishError("config", `${platform} redirected the request; check the site address (use the final https:// address).`, {
      detail,
    });
  return new PublishError("invalid", message ?? `${platform} refused the post (HTTP ${response.status}).`, { detail });
}

/**
 * A WHATWG fetch over platformRequest, for official SDKs that accept their own
 * fetch (Notion's client, Shopify's Admin API client): they then go through
 * the same guard and per-host limit.
 */
export function guardedFetchApi(ctx: { correlationId: string; signal: AbortSignal; connectionId?: string }): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : null;
    const url = request ? request.url : String(input);
    const method = (init?.method ?? request?.method ?? "GET").toUpperCase() as PlatformRequest["method"];
    const headers: Record<string, string> = {};
    new Headers(init?.headers ?? request?.headers).forEach((value, key) => {
      headers[key] = value;
    });
    let body: Buffer | string | undefined;
    const raw = init?.body ?? (request ? await request.arrayBuffer() : undefined);
    if (typeof raw === "string") body = raw;
    else if (raw instanceof ArrayBuffer) body = Buffer.from(raw);
    else if (ArrayBuffer.isView(raw)) body = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    else if (raw != null) body = Buffer.from(await new Response(raw as BodyInit).arrayBuffer());
    const response = await platformRequest(ctx, url, { method, headers, body });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) responseHeaders.append(key, v);
    }
    // The guard already decoded the body; its original encoding header would mislead the SDK.
    responseHeaders.delete("content-encoding");
    responseHeaders.delete("content-length");
    return new Response(response.status === 204 || response.status === 304 ? null : response.text, {
      status: response.status,
      headers: responseHeaders,
    });
  };
}

/**
 * True when a URL's host cannot be reached from the internet: localhost names and
 * private or loopback IP literals (other names are taken as public). Platforms
 * that fetch our images or links (Notion, Webflow, Shopify) cannot load them from such an APP_URL.
 */
export function isPrivateUrl(url: string) {
  try {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, "$1");
    return host === "localhost" || host.endsWith(".localhost") || (/^[\d.]+$|:/.test(host) && !isPublicAddress(host));
  } catch {
    return true;
  }
}
