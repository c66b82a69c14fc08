import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Request body limits, counted as the bytes arrive: a declared Content-Length
 * over the limit is refused unread, and a chunked body is cut off with 413 the
 * moment it passes the limit, so no request can make the server hold more than
 * its route allows. The table is the one place to read or change them (README,
 * "Security").
 */

const KB = 1024;
const MB = 1024 * KB;

export const BODY_LIMITS = {
  /** Every form post not listed below: sign-in, settings fields, topics... */
  form: 256 * KB,
  /** The write screen, its preview, AI edits and the Developer API carry a whole article (512 KB of HTML, URL-encoded or JSON). */
  article: 2 * MB,
  /** Forms with an image upload (2 MB file plus the other fields and multipart framing). */
  upload: 3 * MB,
  /** Raw webhook bodies from outside services, read whole for signature checks. */
  webhook: 1 * MB,
} as const;

export type BodyLimit = keyof typeof BODY_LIMITS;

type BuildRoutes = ServerBuild["routes"];
/** A route for matchRoutes, the declared limit in its handle. */
type LimitRoute = RouteObject & { handle: { bodyLimit?: BodyLimit }; children: LimitRoute[] };
const trees = new WeakMap<BuildRoutes, LimitRoute[]>();

/** The build's flat route table as a tree for matchRoutes, each route carrying the limit its module declares. */
function routeTree(routes: BuildRoutes): LimitRoute[] {
  const cached = trees.get(routes);
  if (cached) return cached;
  const nodes = new Map<string, LimitRoute>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const declared = (route.module as { bodyLimit?: unknown }).bodyLimit;
    const bodyLimit = typeof declared === "string" && declared in BODY_LIMITS ? (declared as BodyLimit) : undefined;
    const node = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      handle: { bodyLimit },
      children: [],
    };
    nodes.set(route.id, node as unknown as LimitRoute);
  }
  const roots: LimitRoute[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(route.id)!);
  }
  trees.set(routes, roots);
  return roots;
}

/** The page a single-fetch data request (`/x.data`, `/_root.data`) posts to. */
export function documentPath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * The body limit of a request path: the `bodyLimit` its route module exports (`"article"`, `"upload"` or
 * `"webhook"`), the deepest matching route's winning; `form` when none declares one. Declared beside each
 * route so a new upload or article action cannot be forgotten in a list here (docs/decisions/062-route-body-limits.md).
 */
export function bodyLimitFor(routes: BuildRoutes, pathname: string) {
  const matches = matchRoutes(routeTree(routes), documentPath(pathname)) ?? [];
  const declared = matches.map((match): BodyLimit | undefined => (match.route as LimitRoute).handle.bodyLimit).findLast(Boolean);
  return BODY_LIMITS[declared ?? "form"];
}

// After refusing, a little more of the body is read and dropped so that a client still
// sending can read the 413 (closing at once makes its next write fail with a reset).
const LINGER_BYTES = 64 * MB;
const LINGER_MS = 2_000;

function refuse(req: IncomingMessage, res: ServerResponse) {
  if (!res.headersSent) {
    if (req.url?.startsWith("/api/v1/")) {
      // The Developer API answers every error as JSON with a stable code (decision 045).
      res.writeHead(413, { "Content-Type": "application/json; charset=utf-8" });
      res.end(JSON.stringify({ error: { code: "payload_too_large", message: "The request body is too large (at most 2 MB)." } }));
    } else {
      res.writeHead(413, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Request body too large");
    }
  }
  let dropped = 0;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) close();
  });
  req.once("end", () => clearTimeout(timer));
  req.resume();
}

/**
 * Reads the whole body of req within `limit` bytes. Resolves with the bytes,
 * or with null after answering 413 itself (the caller then stops).
 */
export function readBodyWithin(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    refuse(req, res);
    return Promise.resolve(null);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onAborted);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        cleanup();
        req.pause();
        chunks.length = 0;
        refuse(req, res);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onAborted = () => {
      cleanup();
      resolve(null);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onAborted);
  });
}
