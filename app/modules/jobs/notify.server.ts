/**
 * Lets code that enqueues wake the in-process worker without importing it
 * (the worker imports every job module, so the reverse import would be a cycle).
 */
let listener: (() => void) | undefined;

export function setWorkerListener(fn: (() => void) | undefined) {
  listener = fn;
}

export function notifyWorker() {
  listener?.();
}

/** True in the process that runs the worker (it registered its listener), so work done here is seen at once. */
export function workerRunsHere() {
  return listener !== undefined;
}
