import type { DB } from "#app/db/client.server";
import { STREAM_LIMITS } from "#app/modules/generation/progress-stream.server";
import { workerRunsHere } from "#app/modules/jobs/notify.server";
import { onAutopilotChange } from "./timeline.server";

/**
 * Live day states for an open scheduler or day page, the way the generation
 * progress stream works (decision 015, same limits): each state change is
 * announced in the worker's process (timeline.server.ts), the stream reads the
 * site's latest timeline entry and, when it moved, sends `change`; the page
 * then reads its loader again. A process without the worker polls instead.
 */

/** The site's newest timeline entry: it changes with every move of any of its days. */
export async function timelineVersion(db: DB, siteId: string) {
  const row = await db
    .selectFrom("autopilot_day_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("site_id", "=", siteId)
    .executeTakeFirst();
  return String(row?.id ?? 0);
}

const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** `since`: the version the page was rendered with, so a change between the render and the connection is sent at once. */
export function autopilotStream(db: DB, { siteId, since, signal }: { siteId: string; since: string | null; signal: AbortSignal }) {
  const encoder = new TextEncoder();
  let stop = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const timers: Array<ReturnType<typeof setTimeout>> = [];
      const write = (chunk: string) => !closed && controller.enqueue(encoder.encode(chunk));
      let last = since ?? (await timelineVersion(db, siteId).catch(() => ""));
      let unsubscribe = () => {};
      stop = () => {
        if (closed) return;
        closed = true;
        for (const timer of timers) clearInterval(timer);
        unsubscribe();
        signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // Already cancelled by the client.
        }
      };
      const check = async () => {
        try {
          const now = await timelineVersion(db, siteId);
          if (now !== last) {
            last = now;
            write(`event: change\ndata: ${JSON.stringify({ version: now })}\n\n`);
          }
        } catch {
          stop();
        }
      };
      if (signal.aborted) return stop();
      signal.addEventListener("abort", stop);
      unsubscribe = onAutopilotChange(siteId, () => void check());
      write(`retry: ${STREAM_LIMITS.retryMs}\n\n`);
      void check();
      timers.push(setInterval(() => void check(), workerRunsHere() ? STREAM_LIMITS.safetyPollMs : STREAM_LIMITS.remotePollMs));
      timers.push(setInterval(() => write(": heartbeat\n\n"), STREAM_LIMITS.heartbeatMs));
      timers.push(
        setTimeout(() => {
          write(`retry: ${STREAM_LIMITS.retryMs}\n\n`);
          stop();
        }, STREAM_LIMITS.maxAgeMs),
      );
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
