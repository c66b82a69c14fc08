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

const ARTICLE_PATHS = new Set(["/dashboard/write", "/dashboard/write/preview", "/dashboard/write/ai"]);
const UPLOAD_PATHS = new Set(["/dashboard/settings", "/dashboard/account"]);

export function bodyLimitFor(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path.startsWith("/resources/webhooks/")) return BODY_LIMITS.webhook;
  if (UPLOAD_PATHS.has(path)) return BODY_LIMITS.upload;
  if (path.startsWith("/api/v1/")) return BODY_LIMITS.article;
  if (ARTICLE_PATHS.has(path)) return BODY_LIMITS.article;
  return BODY_LIMITS.form;
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
