import { EventEmitter } from "node:events";
import type { DB } from "#app/db/client.server";
import { logger } from "#app/utils/logger.server";

/**
 * Generation progress announcements inside this process (decision 015): the
 * pipeline, running in the worker, announces each write that changes what a
 * progress stream shows, and each open stream re-reads its generation once.
 * Only the id travels; the database stays the one source of truth.
 */

const progress = new EventEmitter();
// One listener per open progress stream; the per-user stream cap bounds them.
progress.setMaxListeners(0);

/** Called after every write that changes what a generation's progress stream shows. */
export function emitGenerationProgress(generationId: string) {
  progress.emit(generationId);
}

/** Listens to one generation's announcements; returns the function that stops listening. */
export function onGenerationProgress(generationId: string, listener: () => void) {
  progress.on(generationId, listener);
  return () => void progress.off(generationId, listener);
}

type SettledListener = (db: DB, generationId: string) => Promise<void> | void;
const settledListeners: SettledListener[] = [];

/**
 * What other areas do once a generation is over (succeeded, failed or cancelled) and its article saved: auto-pilot
 * checks its day's article at once instead of at the next minute tick. Registered at start-up by
 * app/worker/hooks.server.ts so generation never imports auto-pilot; returns the function that removes it.
 */
export function onGenerationSettled(listener: SettledListener) {
  settledListeners.push(listener);
  return () => void settledListeners.splice(settledListeners.indexOf(listener) >>> 0, 1);
}

/** Called after the generation's final state is committed; a failing listener is logged and never fails the generation. */
export async function emitGenerationSettled(db: DB, generationId: string) {
  for (const listener of settledListeners) {
    try {
      await listener(db, generationId);
    } catch (error) {
      logger.error({ err: error, generationId }, "a generation-settled listener failed");
    }
  }
}
