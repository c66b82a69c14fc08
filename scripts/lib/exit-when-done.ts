/**
 * Called by every bench once it has printed its figures: the process ends by itself even when a library left
 * something open (a keep-alive socket, a timer, a worker), which would otherwise keep `npm run bench:*` and
 * anything waiting for it running. Whatever is still open after a short grace is named on stderr, so the leak
 * can be found, and the process exits with the code it already had.
 */
export function exitWhenDone(graceMs = 2_000) {
  const timer = setTimeout(() => {
    // stdout and stderr (a terminal or a pipe) are always open.
    const open = process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap" && kind !== "PipeWrap");
    if (open.length) console.error(`(still open after the figures: ${open.join(", ")}; exiting)`);
    process.exit(process.exitCode ?? 0);
  }, graceMs);
  timer.unref();
}
