import type { ServerBuild } from "react-router";
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

type BodyLimit = keyof typeof BODY_LIMITS;

type BuildRoutes = ServerBuild["routes"];
type Declared = { pattern: RegExp; limit: BodyLimit; depth: number };
const tables = new WeakMap<BuildRoutes, Declared[]>();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A route's full path as an anchored pattern: `:param` one segment, a trailing `*` the rest. */
function patternOf(fullPath: string) {
  const source = fullPath
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment === "*" ? "(?:/.*)?" : segment.startsWith(":") ? "/[^/]+" : `/${escapeRegExp(segment)}`))
    .join("");
  return new RegExp(`^${source || "/"}/?$`, "i");
}

/**
 * The routes whose modules declare a limit, as patterns compiled once per build: a request is matched against
 * these few rather than ranking the whole route table again (React Router's matchRoutes flattens and ranks it
 * on every call, a few milliseconds for every post).
 */
function declaredLimits(routes: BuildRoutes): Declared[] {
  const cached = tables.get(routes);
  if (cached) return cached;
  const fullPath = (id: string | undefined): string => {
    const route = id ? routes[id] : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  const declared: Declared[] = [];
  for (const route of Object.values(routes)) {
    const limit = (route?.module as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    if (!route || typeof limit !== "string" || !(limit in BODY_LIMITS)) continue;
    const path = fullPath(route.id);
    declared.push({ pattern: patternOf(path), limit: limit as BodyLimit, depth: path.split("/").length });
  }
  // The most specific first, so a route inside a declaring one wins.
  declared.sort((a, b) => b.depth - a.depth);
  tables.set(routes, declared);
  return declared;
}

/** The page a single-fetch data request (`/x.data`, `/_root.data`) posts to. */
function documentPath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * The body limit of a request path: the `bodyLimit` its route module exports (`"article"`, `"upload"` or
 * `"webhook"`), the most specific declaring route's winning; `form` when none declares one. Declared beside each
 * route so a new upload or article action cannot be forgotten in a list here (docs/decisions/062-route-body-limits.md).
 */
export function bodyLimitFor(routes: BuildRoutes, pathname: string) {
  const path = documentPath(pathname);
  const declared = declaredLimits(routes).find((route) => route.pattern.test(path));
  return BODY_LIMITS[declared?.limit ?? "form"];
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
