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
