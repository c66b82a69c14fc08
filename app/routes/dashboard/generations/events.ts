import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { getGeneration, type GenerationView } from "#app/modules/generation/service.server";
import type { Route } from "./+types/events";

/**
 * Server-Sent Events for one generation: a `progress` event whenever it moves,
 * a comment heartbeat every 15 s, and `done` or `error` at the end. The job
 * writes progress to the database, so this polls the row (cheap, indexed)
 * rather than needing a broker; it works the same on any process.
 */

const POLL_MS = 400;
const HEARTBEAT_MS = 15_000;
const MAX_MS = 15 * 60_000;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const db = getDb();
  const first = await getGeneration(db, auth.site.id, params.id);
  if (!first) throw new Response("Not found", { status: 404 });
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: string, payload: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`));
      const started = Date.now();
      let lastBeat = Date.now();
      let last = "";
      let view: GenerationView | null = first;
      controller.enqueue(encoder.encode("retry: 2000\n\n"));
      while (view && !request.signal.aborted) {
        const snapshot = JSON.stringify([view.status, view.step, view.progress, view.steps]);
        if (snapshot !== last) {
          last = snapshot;
          send("progress", view);
        }
        if (view.status === "succeeded") {
          send("done", { articleId: view.articleId });
          break;
        }
        if (view.status !== "running") {
          send("error", { status: view.status, message: view.error ?? (view.status === "cancelled" ? "Generation cancelled." : "Failed to generate AI article. Please try again.") });
          break;
        }
        if (Date.now() - lastBeat > HEARTBEAT_MS) {
          controller.enqueue(encoder.encode(": heartbeat\n\n"));
          lastBeat = Date.now();
        }
        if (Date.now() - started > MAX_MS) break;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        view = await getGeneration(db, auth.site.id, params.id);
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
