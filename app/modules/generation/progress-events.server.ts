import { EventEmitter } from "node:events";

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
