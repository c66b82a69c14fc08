import { Worker } from "node:worker_threads";
import { logger } from "#app/utils/logger.server";

/**
 * WAL checkpoints outside requests (docs/decisions/080-replicas-and-processes.md). By default SQLite checkpoints
 * on the connection that commits past 1,000 pages of WAL, synchronously, inside whatever request committed: with a
 * large database that copy took seconds of the main thread (decision 054's growing `/healthz max`). Here the
 * server's connections never checkpoint (`wal_autocheckpoint = 0`) and a worker thread of the process that runs the
 * job worker does, on its own connection, every few seconds: a PASSIVE checkpoint copies what no reader still
 * needs and never waits for a lock, so neither the pages nor the writers wait for it.
 */

export type CheckpointResult = { busy: number; log: number; checkpointed: number; ms: number };

// Plain CommonJS evaluated in the thread: it needs only better-sqlite3, not the app's build.
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma("busy_timeout = 0");
const run = () => {
  const started = performance.now();
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ...row, ms: performance.now() - started });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
};
const timer = setInterval(run, workerData.intervalMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  run();
  db.close();
  parentPort.close();
});
`;

/** A WAL that a checkpoint could not bring below this many pages (a reader held it) is worth a warning. */
const LARGE_WAL_PAGES = 50_000;

/** Starts the checkpoint thread for a database file; the returned function runs a last checkpoint and stops it. */
export function startCheckpoints(
  file: string,
  { intervalMs = 5_000, onResult }: { intervalMs?: number; onResult?: (r: CheckpointResult) => void } = {},
) {
  const thread = new Worker(THREAD_SOURCE, { eval: true, workerData: { file, intervalMs } });
  thread.unref();
  thread.on("message", (message: CheckpointResult | { error: string }) => {
    if ("error" in message) return logger.warn({ err: message.error }, "WAL checkpoint failed");
    onResult?.(message);
    if (message.log - message.checkpointed > LARGE_WAL_PAGES) logger.warn(message, "the WAL stays large: a long reader holds it");
  });
  thread.on("error", (error) => logger.error({ err: error }, "the checkpoint thread stopped"));
  return () =>
    new Promise<void>((resolve) => {
      thread.once("exit", () => resolve());
      thread.postMessage("stop");
    });
}
