import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { flyReplayTo, primaryHostname, replayReason, withReplayScope } from "#app/db/replica.server";
import { logger } from "#app/utils/logger.server";
import { bodyLimitFor, readBodyWithin } from "./request-body";
import type express from "express";

/**
 * Express to React Router, written here rather than taken from
 * @react-router/express because the body must be counted as it arrives and
 * refused past its route's limit (server/request-body.ts); the adapter hands
 * the raw stream to the framework, which would read any amount.
 */

type Options = {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => RouterContextProvider;
};

// The Host header is the client's to choose: keep it only when it is a plain host[:port].
const PLAIN_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

function requestUrl(req: express.Request) {
  const host = req.get("host") ?? "";
  return new URL(req.originalUrl, `${req.protocol}://${PLAIN_HOST.test(host) ? host : "localhost"}`);
}

function toWebRequest(req: express.Request, res: express.Response, body: Buffer | undefined) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  // Its own ArrayBuffer: small bodies share a pooled one, and the DOM typings refuse a Buffer.
  if (body) init.body = body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;
  return new Request(requestUrl(req), init);
}

async function sendWebResponse(res: express.Response, response: Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeBody(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/** A burst is written at once when it grows past this, so a long page does not wait in memory for its end. */
const BURST_MAX_BYTES = 256 * 1024;

/**
 * The body to the response, written and flushed once per burst of chunks rather than chunk by chunk. React
 * writes a page in chunks of about 2 KB, and each write to the compression stream is one zlib operation with
 * its own callback on the main thread (a 190 KB page cost 1-1.5 ms of main-thread CPU in them); a flush per
 * chunk, as @react-router/node's writeReadableStreamToWritable did, also made a worse ratio. A burst arrives
 * within one turn of the event loop, so sending it from setImmediate still sends what is ready as soon as it
 * is ready (a streamed Suspense boundary, a progress event) (docs/decisions/053).
 */
export async function writeBody(body: ReadableStream<Uint8Array>, res: express.Response) {
  const reader = body.getReader();
  const flushable = res as express.Response & { flush?: () => void };
  let burst: Uint8Array[] = [];
  let burstBytes = 0;
  let sendQueued = false;
  let draining: Promise<void> | null = null;
  const send = ({ flush }: { flush: boolean }) => {
    if (burst.length === 0 || res.writableEnded || res.destroyed) return;
    const chunk = burst.length === 1 ? burst[0]! : Buffer.concat(burst, burstBytes);
    burst = [];
    burstBytes = 0;
    const more = res.write(chunk);
    if (flush) flushable.flush?.();
    if (!more) draining ??= drained(res).then(() => void (draining = null));
  };
  const sendQueuedBurst = () => {
    sendQueued = false;
    send({ flush: true });
  };
  try {
    for (;;) {
      if (res.destroyed) throw new Error("The response closed before its body was sent");
      if (draining) await draining;
      const { done, value } = await reader.read();
      if (done) break;
      burst.push(value);
      burstBytes += value.byteLength;
      if (burstBytes >= BURST_MAX_BYTES) send({ flush: false });
      else if (!sendQueued) {
        sendQueued = true;
        setImmediate(sendQueuedBurst);
      }
    }
    send({ flush: false });
    res.end();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}

/** Resolves on 'drain', or when the response closes (a client gone never drains). */
function drained(res: express.Response) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off("close", done);
      resolve();
    };
    res.once("drain", done);
    res.once("close", done);
  });
}

/**
 * Given a function, React Router derives the whole server from the build again on every request: route
 * objects, the static handler and its ranked route branches (createRequestHandler in react-router's
 * server runtime), a few milliseconds of CPU per page. In production the build never changes, so it is
 * loaded once and handed over as an object, which React Router derives once (docs/decisions/053).
 * Development keeps the function, so a rebuilt module is picked up.
 */
function requestHandlerFor(build: Options["build"], mode: string) {
  if (mode !== "production") return { handle: createRequestHandler(build, mode), loadBuild: build };
  let loaded: Promise<ServerBuild> | undefined;
  const loadBuild = () =>
    (loaded ??= build().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  const handle = async (request: Request, context: RouterContextProvider) => {
    handler ??= loadBuild().then(
      (ready) => createRequestHandler(ready, mode),
      (error: unknown) => {
        handler = undefined;
        throw error;
      },
    );
    return (await handler)(request, context);
  };
  return { handle, loadBuild };
}

/**
 * A read on a replica that needed a write (app/db/replica.server.ts) is not answered here: Fly's proxy runs it
 * again on the primary, where the write happens, when it sees `fly-replay` (docs/decisions/080).
 */
async function replayOnPrimary(res: express.Response, response: Response, reason: string) {
  await response.body?.cancel();
  const primary = primaryHostname();
  if (!primary) throw new Error(`Asked to replay on the primary (${reason}), but no primary is known.`);
  logger.debug({ reason, primary }, "replaying a read on the primary");
  res
    .status(409)
    .set({ "fly-replay": flyReplayTo(primary), "Cache-Control": "no-store" })
    .end();
}

export function reactRouterHandler({ build, mode, getLoadContext }: Options): express.RequestHandler {
  const { handle, loadBuild } = requestHandlerFor(build, mode);
  return async (req, res, next) => {
    try {
      let body: Buffer | undefined;
      if (req.method !== "GET" && req.method !== "HEAD") {
        const { routes } = await loadBuild();
        const read = await readBodyWithin(req, res, bodyLimitFor(routes, req.path));
        if (read === null) return;
        body = read;
      }
      await withReplayScope(async () => {
        const response = await handle(toWebRequest(req, res, body), getLoadContext(req, res));
        const reason = replayReason();
        if (reason) return replayOnPrimary(res, response, reason);
        await sendWebResponse(res, response);
      });
    } catch (error) {
      next(error);
    }
  };
}
