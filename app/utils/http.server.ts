import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { getEnv } from "#app/env.server";
import { logger } from "#app/utils/logger.server";
import type { LookupAddress, LookupOptions } from "node:dns";

/**
 * THE outbound HTTP helper for user-given URLs (website scan, link checks,
 * self-hosted CMS, webhooks). It is an SSRF guard first: only http/https on
 * ports 80/443, no credentials, every resolved address must be public, redirects are followed by
 * hand and re-checked hop by hop, and the socket connects to the very address
 * that was checked, so a second DNS answer (rebinding) cannot swap it. Opt-in
 * keep-alive reuses sockets only to that same checked address (keepAliveAgent).
 */

export type OutboundErrorCode =
  | "invalid_url"
  | "protocol"
  | "port"
  | "credentials"
  | "blocked_address"
  | "dns"
  | "timeout"
  | "too_large"
  | "too_many_redirects"
  | "network";

const USER_MESSAGES: Record<OutboundErrorCode, string> = {
  invalid_url: "That is not a valid web address. Please enter a full URL such as https://example.com.",
  protocol: "Only http:// and https:// addresses can be used.",
  port: "Only the standard web ports (80 for http, 443 for https) can be used.",
  credentials: "Addresses that contain a user name or password are not allowed.",
  blocked_address: "That address is not allowed: it points to a private or local network.",
  dns: "We could not find that website. Please check the address.",
  timeout: "The website took too long to respond.",
  too_large: "The page is too large to scan.",
  too_many_redirects: "The website redirected too many times.",
  network: "We could not connect to that website.",
};

/** A refused or failed outbound request; `message` is safe to show to the user. */
export class OutboundRequestError extends Error {
  readonly code: OutboundErrorCode;
  readonly url: string;
  constructor(code: OutboundErrorCode, url: string, options?: { cause?: unknown }) {
    super(USER_MESSAGES[code], options);
    this.name = "OutboundRequestError";
    this.code = code;
    this.url = url;
  }
}

export type GuardedFetchOptions = {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  correlationId?: string;
  /** GET and HEAD follow redirects; any other method never does (a redirected POST would silently become a GET), and answers the 3xx. */
  method?: "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  /** Request body for POST/PUT/PATCH; sent as given (set Content-Type in headers). */
  body?: Buffer | string;
  /** Cut the body at maxBytes (and close the connection) instead of refusing it: for link checks, which want the status only. */
  truncate?: boolean;
  /** The caller's own cancellation (a job's signal); fails the request like the time limit does. */
  signal?: AbortSignal;
  /**
   * Reuse connections (HTTP keep-alive) to the same checked address instead of opening one per request:
   * for clients that talk to one host many times in a row (publishing). See keepAliveAgent for why it stays safe.
   */
  keepAlive?: boolean;
};

export type GuardedResponse = {
  /** The final URL after redirects. */
  url: string;
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The body decoded with the charset from Content-Type (or a <meta charset>), UTF-8 by default. */
  text(): string;
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// A user-given URL may only reach a web server, not mail, database or admin ports on a public host.
const ALLOWED_PORTS = new Set(["80", "443"]);
// Deprecated IPv6 site-local space; ipaddr.js still calls it unicast.
const SITE_LOCAL_V6 = ipaddr.parseCIDR("fec0::/10");
// IPv6 forms that carry an IPv4 address (decision 052). ipaddr.js 2.2 turns only ::ffff:0:0/96 (mapped) back into
// IPv4; it calls ::/96 (IPv4-compatible, RFC 4291) and 64:ff9b:1::/48 (local-use NAT64, RFC 8215) plain unicast.
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");
const NAT64 = ipaddr.parseCIDR("64:ff9b::/96");
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48");
const SIX_TO_FOUR = ipaddr.parseCIDR("2002::/16");
const TEREDO = ipaddr.parseCIDR("2001::/32");

function ipv4From(bytes: number[]) {
  return new ipaddr.IPv4(bytes);
}

/**
 * The address a connection would end up at, as far as we can tell: an IPv6 address that embeds an IPv4 one
 * (mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4) becomes that IPv4 address; forms whose IPv4 end is not
 * readable from the address (local-use NAT64, where the network's own prefix rules apply, and Teredo, whose
 * relay and obfuscated client are outside our view) give null, which is refused. Null for anything not an IP.
 */
function effectiveAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed;
  const v6 = parsed as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  // :: and ::1 sit inside ::/96 too; as 0.0.0.0 and 0.0.0.1 they are refused all the same.
  if (v6.match(IPV4_COMPATIBLE) || v6.match(NAT64)) return ipv4From(bytes.slice(12, 16));
  if (v6.match(SIX_TO_FOUR)) return ipv4From(bytes.slice(2, 6));
  if (v6.match(LOCAL_NAT64) || v6.match(TEREDO)) return null;
  return v6;
}

/**
 * True when the address is publicly routable unicast. IPv6 forms that embed an IPv4 address are judged by that
 * IPv4 address; forms that cannot be judged are not public. The one judgement for literal hosts and DNS answers.
 */
export function isPublicAddress(address: string) {
  const effective = effectiveAddress(address);
  if (!effective || effective.range() !== "unicast") return false;
  if (effective.kind() === "ipv6" && (effective as ipaddr.IPv6).match(SITE_LOCAL_V6)) return false;
  return true;
}

function defaultPort(url: URL) {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

function bareHost(url: URL) {
  // URL keeps IPv6 literals bracketed; DNS and ipaddr want them bare.
  return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

/**
 * Test-only escape hatch: entries are `host` or `host:port`, matched exactly
 * against the URL, so allowing the local test site does not open the app's own port.
 */
function isAllowlisted(url: URL) {
  const allowed = getEnv().TEST_ALLOW_PRIVATE_HOSTS;
  if (!allowed.length) return false;
  const host = url.hostname.toLowerCase();
  return allowed.includes(host) || allowed.includes(`${host}:${defaultPort(url)}`);
}

/** Parses and checks one hop; returns the address to connect to. */
async function checkTarget(raw: string | URL): Promise<{ url: URL; address: string; family: 4 | 6 }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (cause) {
    throw new OutboundRequestError("invalid_url", String(raw), { cause });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRequestError("protocol", url.href);
  if (url.username || url.password) throw new OutboundRequestError("credentials", url.href);
  const host = bareHost(url);
  if (!host) throw new OutboundRequestError("invalid_url", url.href);
  // A private address literal is refused as such (the more telling reason); any other
  // non-web port before the name is even looked up.
  if (net.isIP(host) && !isPublicAddress(host) && !isAllowlisted(url)) throw new OutboundRequestError("blocked_address", url.href);
  if (!ALLOWED_PORTS.has(defaultPort(url)) && !isAllowlisted(url)) throw new OutboundRequestError("port", url.href);

  let addresses: LookupAddress[];
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch (cause) {
      throw new OutboundRequestError("dns", url.href, { cause });
    }
  }
  if (!addresses.length) throw new OutboundRequestError("dns", url.href);
  // Every answer must be public: a name with one public and one private record
  // would otherwise let the connection pick the private one.
  if (!isAllowlisted(url) && addresses.some((a) => !isPublicAddress(a.address))) {
    throw new OutboundRequestError("blocked_address", url.href);
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** How long a save waits for the destination's DNS answer. */
const SAVE_CHECK_MS = 5_000;

/**
 * The guard's own check, for a destination the customer is saving (an event webhook endpoint, a publishing
 * connection's URL): the URL's form and every address its host resolves to, judged exactly as before each request,
 * the test allowlist honoured the same way (decision 052). Throws the OutboundRequestError delivery would throw,
 * so the form shows delivery's words. A name that does not resolve now (or not within SAVE_CHECK_MS) is let through:
 * there is nothing to judge yet, and every request is checked again.
 */
export async function assertPublicDestination(raw: string | URL): Promise<void> {
  try {
    await untilAborted(checkTarget(raw), AbortSignal.timeout(SAVE_CHECK_MS), String(raw));
  } catch (error) {
    if (error instanceof OutboundRequestError && (error.code === "dns" || error.code === "timeout")) return;
    throw error;
  }
}

function charsetOf(headers: http.IncomingHttpHeaders, body: Buffer) {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(headers["content-type"] ?? "")?.[1];
  if (fromHeader) return fromHeader;
  const head = body.subarray(0, 2048).toString("latin1");
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? "utf-8";
}

function decode(body: Buffer, charset: string) {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

function decompressor(encoding: string | undefined) {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** DNS lookups cannot be cancelled, so the time limit races them instead. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, url: string) {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new OutboundRequestError("timeout", url));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

type Hop = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
type Target = { url: URL; address: string; family: 4 | 6 };

/**
 * Keep-alive without weakening the guard. The guard's promise is "a socket only
 * ever connects to an address that was checked for the URL it carries". A pooled
 * socket keeps that promise when:
 * - the pool holds only sockets to ONE checked address: agents are keyed by
 *   (protocol, host, port, checked address). A request whose check resolved the
 *   host to another address (DNS changed, or a rebinding attempt) gets another
 *   agent, so it never rides a socket to the old address; a host that now
 *   resolves to a private address is refused by checkTarget before any pool is
 *   looked at (the check runs on every request and every redirect hop, pooled or not);
 * - a NEW socket in that agent still connects through the request's pinned lookup
 *   (the same address as the key), never through a fresh DNS answer;
 * - the host is part of the key too, so a socket opened (and, for https, verified by
 *   TLS) for one name is never reused for another name that shares the address.
 * Reusing a socket is no new exposure: it was connected to a checked address, and
 * the checks of the new request passed for that same address. Sockets carry no
 * credentials (auth is per request, in headers), so connections sharing a vendor
 * host may share sockets. Idle sockets close after KEEP_ALIVE_IDLE_MS (sooner when the
 * server's Keep-Alive header says so), and the pool of agents is bounded (least
 * recently used out; its idle sockets closed, busy ones finish their request).
 */
const KEEP_ALIVE_IDLE_MS = 4_000;
const MAX_KEEP_ALIVE_AGENTS = 256;
const keepAliveAgents = new Map<string, http.Agent>();

function keepAliveAgent(target: Target): http.Agent {
  const key = `${target.url.protocol}//${bareHost(target.url)}:${defaultPort(target.url)}@${target.address}`;
  const existing = keepAliveAgents.get(key);
  if (existing) {
    keepAliveAgents.delete(key);
    keepAliveAgents.set(key, existing);
    return existing;
  }
  const Agent = target.url.protocol === "https:" ? https.Agent : http.Agent;
  // No maxSockets: the callers bound their own concurrency (platformRequest's per-host slots), and a queue
  // inside the agent would spend the request's time limit where nobody sees it.
  const agent = new Agent({ keepAlive: true, timeout: KEEP_ALIVE_IDLE_MS, maxFreeSockets: 8, scheduling: "lifo" });
  keepAliveAgents.set(key, agent);
  if (keepAliveAgents.size > MAX_KEEP_ALIVE_AGENTS) {
    const [oldestKey, oldest] = keepAliveAgents.entries().next().value!;
    keepAliveAgents.delete(oldestKey);
    for (const sockets of Object.values(oldest.freeSockets)) sockets?.forEach((socket) => socket.destroy());
  }
  return agent;
}

/**
 * A reused socket that failed before any answer: most likely the server closed it while idle, but it may have
 * received the request, so only an idempotent one goes again (once, on a fresh socket); a POST fails as
 * "network" and the caller's own retry (publishing's findExisting first) decides.
 */
class StaleSocketError extends Error {}
const IDEMPOTENT = new Set(["GET", "HEAD", "PUT", "DELETE"]);

/** One request to an already checked address; the body is read only when wanted. */
function requestOnce(
  target: Target,
  options: GuardedFetchOptions,
  signal: AbortSignal,
  readBody: (status: number) => boolean,
  pooled = Boolean(options.keepAlive),
): Promise<Hop> {
  const { url, address, family } = target;
  const client = url.protocol === "https:" ? https : http;
  // Connect to the checked address whatever a new lookup would say; TLS still
  // verifies the certificate against the URL's host name.
  const pinnedLookup = (
    _hostname: string,
    opts: LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (opts.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

  return new Promise<Hop>((resolve, reject) => {
    // Rejects directly too: after a response started, destroying the request
    // does not always surface as an 'error' event on it.
    const onAbort = () => {
      reject(new OutboundRequestError("timeout", url.href));
      req.destroy();
    };
    const headers: Record<string, string> = {
      "User-Agent": "InkpilotBot/1.0 (+https://inkpilot.app)",
      Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
      "Accept-Encoding": "gzip, deflate, br",
      ...options.headers,
    };
    if (options.correlationId) headers["X-Request-Id"] = options.correlationId;
    const payload =
      options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body, "utf8");
    if (payload) headers["Content-Length"] = String(payload.length);

    const req = client.request(url, {
      method: options.method ?? "GET",
      headers,
      lookup: pinnedLookup as unknown as net.LookupFunction,
      agent: pooled ? keepAliveAgent(target) : false,
    });
    let responded = false;
    signal.addEventListener("abort", onAbort, { once: true });
    req.on("close", () => signal.removeEventListener("abort", onAbort));
    req.on("error", (cause) => {
      if (req.reusedSocket && !responded && !signal.aborted && IDEMPOTENT.has(options.method ?? "GET")) reject(new StaleSocketError());
      else if (signal.aborted) reject(new OutboundRequestError("timeout", url.href, { cause }));
      else reject(cause instanceof OutboundRequestError ? cause : new OutboundRequestError("network", url.href, { cause }));
    });
    req.on("response", (res) => {
      responded = true;
      const status = res.statusCode ?? 0;
      if (!readBody(status) || options.method === "HEAD") {
        res.resume();
        resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
        return;
      }
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > options.maxBytes && !res.headers["content-encoding"] && !options.truncate) {
        reject(new OutboundRequestError("too_large", url.href));
        req.destroy();
        return;
      }
      const inflate = decompressor(res.headers["content-encoding"]);
      const stream = inflate ? res.pipe(inflate) : res;
      const chunks: Buffer[] = [];
      let size = 0;
      const fail = (error: unknown) => {
        const failure = error instanceof OutboundRequestError ? error : new OutboundRequestError("network", url.href, { cause: error });
        reject(signal.aborted ? new OutboundRequestError("timeout", url.href) : failure);
        inflate?.destroy();
        req.destroy();
      };
      // The limit applies to the decompressed bytes, so a small gzip bomb is stopped too.
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes && options.truncate) {
          chunks.push(chunk.subarray(0, Math.max(0, chunk.length - (size - options.maxBytes))));
          resolve({ status, headers: res.headers, body: Buffer.concat(chunks) });
          stream.removeAllListeners("data");
          inflate?.destroy();
          req.destroy();
        } else if (size > options.maxBytes) fail(new OutboundRequestError("too_large", url.href));
        else chunks.push(chunk);
      });
      stream.on("error", fail);
      stream.on("end", () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.end(payload);
  });
}

/**
 * Fetches a user-given URL under the SSRF guard with a total time limit and a
 * response size limit. Non-2xx answers are returned, not thrown; refusals and
 * transport failures throw OutboundRequestError.
 */
export async function guardedFetch(input: string | URL, options: GuardedFetchOptions): Promise<GuardedResponse> {
  const followsRedirects = !options.method || options.method === "GET" || options.method === "HEAD";
  const maxRedirects = followsRedirects ? (options.maxRedirects ?? 5) : 0;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  const started = Date.now();
  let current: string | URL = input;
  try {
    for (let hop = 0; ; hop++) {
      const target = await untilAborted(checkTarget(current), controller.signal, String(current));
      if (controller.signal.aborted) throw new OutboundRequestError("timeout", target.url.href);
      const isRedirect = (status: number) => followsRedirects && REDIRECT_STATUSES.has(status);
      const readBody = (status: number) => !isRedirect(status);
      const response = await requestOnce(target, options, controller.signal, readBody).catch((error: unknown) => {
        // Once, on a fresh socket of its own (to the same checked address).
        if (error instanceof StaleSocketError) return requestOnce(target, options, controller.signal, readBody, false);
        throw error;
      });
      const location = response.headers.location;
      if (isRedirect(response.status) && location) {
        if (hop >= maxRedirects) throw new OutboundRequestError("too_many_redirects", target.url.href);
        current = new URL(location, target.url);
        continue;
      }
      const body = response.body;
      const headers = response.headers;
      logger.debug(
        { correlationId: options.correlationId, url: target.url.origin, status: response.status, ms: Date.now() - started },
        "outbound request",
      );
      return { url: target.url.href, status: response.status, headers, body, text: () => decode(body, charsetOf(headers, body)) };
    }
  } catch (error) {
    const failure =
      error instanceof OutboundRequestError
        ? error
        : new OutboundRequestError(controller.signal.aborted ? "timeout" : "network", String(current), { cause: error });
    logger.info(
      { correlationId: options.correlationId, code: failure.code, ms: Date.now() - started },
      "outbound request refused or failed",
    );
    throw failure;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}
