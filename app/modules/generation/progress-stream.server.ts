import type { DB } from "#app/db/client.server";
import { workerRunsHere } from "#app/modules/jobs/notify.server";
import { onGenerationProgress } from "./progress-events.server";
import { getGeneration, GENERATION_ERROR, type GenerationView } from "./service.server";

/**
 * Live generation progress without polling (decision 015). The worker and the
 * page server share this process, so each stream waits for the pipeline's
 * announcements and re-reads its generation once per announcement. A process
 * without the worker (a LiteFS read replica) hears nothing and polls slowly
 * instead; a slow safety poll covers a missed announcement everywhere.
 */

export const MAX_STREAMS_PER_USER = 5;
export const TOO_MANY_STREAMS = "Too many live progress windows are open. Close some of them; this one will pick up again within a minute.";
export const STREAM_LIMITS = {
  heartbeatMs: 15_000,
  /** With the worker in this process: a re-read now and then, in case an event was missed. */
  safetyPollMs: 10_000,
  /** Without it (read replica): the only way to see progress. */
  remotePollMs: 2_000,
  /** No change for this long: the stream ends (the job is stuck, or the tab was forgotten). */
  idleMs: 5 * 60_000,
  maxAgeMs: 15 * 60_000,
  /** The browser's reconnect delay after a normal drop, and after the server ended an idle or old stream. */
  retryMs: 2_000,
  retryAfterEndMs: 60_000,
};

const openByUser = new Map<string, number>();

function takeSlot(userId: string) {
  const open = openByUser.get(userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) return null;
  openByUser.set(userId, open + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (openByUser.get(userId) ?? 1) - 1;
    if (left > 0) openByUser.set(userId, left);
    else openByUser.delete(userId);
  };
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform keeps the compression middleware from buffering the stream.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** The event that ends the stream for a generation that is no longer running, if it is not. */
function endEvent(view: GenerationView): { event: "done" | "error"; payload: unknown } | null {
  if (view.status === "succeeded") return { event: "done", payload: { articleId: view.articleId } };
  if (view.status === "running") return null;
  return {
    event: "error",
    payload: {
      status: view.status,
      message: view.error ?? (view.status === "cancelled" ? "Generation cancelled." : GENERATION_ERROR),
    },
  };
}

/**
 * Wraps a read so only one runs at a time; calls that arrive during a read cause exactly one more.
 * A failed read calls `onError`; nothing runs once `isClosed` says so.
 */
function oneReadAtATime(read: () => Promise<void>, isClosed: () => boolean, onError: () => void) {
  let reading = false;
  let again = false;
  return async () => {
    if (isClosed()) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        await read();
      } while (again && !isClosed());
    } catch {
      onError();
    } finally {
      reading = false;
    }
  };
}

/**
 * The Server-Sent Events response for one generation: `progress` with the current
 * state first and on every change, a comment heartbeat, and `done` or `error` at
 * the end. Past the per-user cap the answer is 429, which an EventSource does not
 * retry on its own (the page retries after a pause).
 */
export function progressStream(
  db: DB,
  { siteId, userId, first, signal }: { siteId: string; userId: string; first: GenerationView; signal: AbortSignal },
) {
  const release = takeSlot(userId);
  if (!release) {
    return new Response(TOO_MANY_STREAMS, { status: 429, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "30" } });
  }
  const encoder = new TextEncoder();
  const generationId = first.id;
  let stop: () => void = release;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      let last = "";
      const timers: Array<ReturnType<typeof setTimeout>> = [];
      let idleTimer: ReturnType<typeof setTimeout> | undefined;
      let unsubscribe = () => {};
      const write = (chunk: string) => controller.enqueue(encoder.encode(chunk));
      const send = (event: string, payload: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);

      stop = () => {
        if (closed) return;
        closed = true;
        for (const timer of timers) clearInterval(timer);
        clearTimeout(idleTimer);
        unsubscribe();
        signal.removeEventListener("abort", stop);
        release();
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      // The browser comes back, but not soon: the page shows the last state meanwhile.
      const expire = () => {
        if (closed) return;
        write(`retry: ${STREAM_LIMITS.retryAfterEndMs}\n\n`);
        stop();
      };
      const resetIdle = () => {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(expire, STREAM_LIMITS.idleMs);
      };

      const show = (view: GenerationView | null) => {
        if (closed) return;
        if (!view) return stop();
        const snapshot = JSON.stringify([view.status, view.step, view.progress, view.steps]);
        if (snapshot !== last) {
          last = snapshot;
          resetIdle();
          send("progress", view);
        }
        const end = endEvent(view);
        if (end) {
          send(end.event, end.payload);
          return stop();
        }
      };

      const refresh = oneReadAtATime(
        async () => show(await getGeneration(db, siteId, generationId)),
        () => closed,
        () => stop(),
      );
      const onProgress = () => void refresh();

      if (signal.aborted) return stop();
      signal.addEventListener("abort", stop);
      unsubscribe = onGenerationProgress(generationId, onProgress);
      write(`retry: ${STREAM_LIMITS.retryMs}\n\n`);
      show(first);
      if (closed) return;
      const pollMs = workerRunsHere() ? STREAM_LIMITS.safetyPollMs : STREAM_LIMITS.remotePollMs;
      timers.push(setInterval(onProgress, pollMs));
      timers.push(setInterval(() => !closed && write(": heartbeat\n\n"), STREAM_LIMITS.heartbeatMs));
      timers.push(setTimeout(expire, STREAM_LIMITS.maxAgeMs));
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
