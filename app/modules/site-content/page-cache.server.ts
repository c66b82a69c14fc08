import crypto from "node:crypto";
import { gzipSync } from "node:zlib";
import { hostnameOf, isAppHost } from "#app/modules/hosted-blog/hosts.server";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

/**
 * Public pages are the same for every anonymous visitor until the next deploy,
 * so each is rendered once per process and then served from memory: GET only,
 * no session and no flash cookie (signed-in visitors and toasts bypass it),
 * no query string except the pricing toggle's. Every response still gets its
 * own CSP nonce: pages with inline scripts have it swapped into the HTML per
 * hit; the others are kept gzipped and sent as stored bytes.
 */

const PUBLIC_CACHE_CONTROL = "public, max-age=300";
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 2 * 1024 * 1024;

const CACHEABLE = [
  /^\/$/,
  /^\/(pricing|about|blog|help-center|terms|privacy|contact|tools)$/,
  /^\/blog\/[a-z0-9-]+$/,
  /^\/tools\/[a-z0-9-]+$/,
  /^\/(sitemap\.xml|robots\.txt|blog\/rss\.xml)$/,
];
const ALLOWED_QUERY = /^(billing=(annual|monthly))?$/;
const BYPASS_COOKIES = /(?:^|;\s*)(__session|__toast)=/;

type Entry = {
  status: number;
  /** The response headers of the first render (security headers included), minus per-response ones. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzip: Buffer | null;
  /** The nonce the page was rendered with, when it appears in the body. */
  nonce: string | null;
};

const PER_RESPONSE_HEADERS = new Set([
  "date",
  "x-request-id",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "vary",
]);

const entries = new Map<string, Entry>();

export function cacheKey(url: string) {
  const [path = "/", query = ""] = url.split("?", 2);
  if (!CACHEABLE.some((pattern) => pattern.test(path))) return null;
  if (!ALLOWED_QUERY.test(query)) return null;
  return query ? `${path}?${query}` : path;
}

function acceptsGzip(req: Request) {
  return /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
}

/** Stored headers with the CSP's nonce swapped for this response's own. */
function headersFor(entry: Entry, nonce: string) {
  const headers: Record<string, string | string[]> = { ...entry.headers, vary: "Accept-Encoding", "x-page-cache": "hit" };
  const csp = headers["content-security-policy"];
  if (typeof csp === "string") headers["content-security-policy"] = csp.replace(/'nonce-[^']*'/, `'nonce-${nonce}'`);
  return headers;
}

function serve(req: Request, res: Response, entry: Entry) {
  const nonce = String(res.locals.cspNonce ?? "");
  res.status(entry.status);
  for (const [name, value] of Object.entries(headersFor(entry, nonce))) res.setHeader(name, value);
  if (entry.nonce) {
    // Compressed downstream by the launcher's compression middleware.
    res.end(entry.body.toString("utf8").split(entry.nonce).join(nonce));
  } else if (entry.gzip && acceptsGzip(req)) {
    res.setHeader("Content-Encoding", "gzip");
    res.setHeader("Content-Length", entry.gzip.length);
    res.end(entry.gzip);
  } else {
    res.setHeader("Content-Length", entry.body.length);
    res.end(entry.body);
  }
}

/**
 * Wraps the whole Node request handler (the launcher's Express app): a cached
 * page without a nonce in its body is answered here, before Express, its
 * middleware and the request log, which would otherwise cost several times
 * the work of sending the bytes. Everything else goes to Express.
 */
function isOwnHost(hostHeader: string | undefined) {
  const hostname = hostnameOf(hostHeader);
  return hostname !== null && isAppHost(hostname);
}

export function withPageCache(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  return function cachedFirst(req: IncomingMessage, res: ServerResponse) {
    // Only the app's own pages: a customer's domain has the same paths ("/") for its blog.
    if (req.method === "GET" && !BYPASS_COOKIES.test(req.headers.cookie ?? "") && isOwnHost(req.headers.host)) {
      const key = cacheKey(req.url ?? "/");
      const entry = key ? entries.get(key) : undefined;
      if (entry) {
        const nonce = crypto.randomBytes(16).toString("base64");
        const headers = headersFor(entry, nonce);
        headers["x-request-id"] = crypto.randomUUID();
        const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
        if (gzip) headers["content-encoding"] = "gzip";
        // A page with inline scripts gets this response's nonce, compressed fast (level 1) per request.
        const raw = entry.nonce ? Buffer.from(entry.body.toString("utf8").split(entry.nonce).join(nonce)) : entry.body;
        const body = gzip ? (entry.nonce ? gzipSync(raw, { level: 1 }) : entry.gzip!) : raw;
        headers["content-length"] = String(body.length);
        res.writeHead(entry.status, headers);
        res.end(body);
        return;
      }
    }
    handler(req, res);
  };
}

export function publicPageCache() {
  return function pageCache(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || BYPASS_COOKIES.test(req.headers.cookie ?? "")) return next();
    const key = cacheKey(req.originalUrl);
    if (!key) return next();
    const hit = entries.get(key);
    if (hit) return serve(req, res, hit);

    // Miss: let React Router render, copying the uncompressed bytes on their way out.
    const chunks: Buffer[] = [];
    let size = 0;
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size <= MAX_BODY_BYTES) chunks.push(buffer);
    };
    res.writeHead = ((...args: unknown[]) => {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if (status === 200 && !res.getHeader("Cache-Control") && !res.getHeader("Set-Cookie")) {
        res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
      }
      return writeHead(...args);
    }) as Response["writeHead"];
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as Response["end"];
    res.on("finish", () => {
      const contentType = String(res.getHeader("Content-Type") ?? "");
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = typeof value === "number" ? String(value) : value;
      }
      if (res.statusCode !== 200 || res.getHeader("Set-Cookie") || size > MAX_BODY_BYTES) return;
      if (!/^(text\/html|application\/xml|application\/rss\+xml|text\/plain|text\/xml)/.test(contentType)) return;
      if (entries.size >= MAX_ENTRIES) return;
      const body = Buffer.concat(chunks);
      const nonce = String(res.locals.cspNonce ?? "");
      const hasNonce = nonce !== "" && body.includes(nonce);
      entries.set(key, {
        status: 200,
        headers,
        body,
        gzip: hasNonce ? null : gzipSync(body),
        nonce: hasNonce ? nonce : null,
      });
    });
    next();
  };
}
