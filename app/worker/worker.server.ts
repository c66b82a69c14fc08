import { Cron } from "croner";
import { getSqlite, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { startDatabaseBackups } from "#app/modules/backup/backup-loop.server";
import { logger } from "#app/utils/logger.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { notifyWorker, setWorkerListener } from "#app/modules/jobs/notify.server";
import { jobRegistry } from "./registry.server";
import { enqueueDueWork } from "./schedule.server";

let worker: ReturnType<typeof startWorker> | undefined;
let tick: Cron | undefined;
let stopWaking: (() => void) | undefined;
let stopBackups: (() => Promise<void>) | undefined;

/** How often the worker looks for other processes' commits: the longest a job enqueued by a web process waits. */
const WAKE_CHECK_MS = 50;

/**
 * Wakes the worker when another process committed (docs/decisions/080-replicas-and-processes.md): web processes
 * started with RUN_WORKER=false enqueue into the shared database, and SQLite's `data_version` changes for this
 * connection whenever another connection commits. Reading it touches no page, so checking often costs next to
 * nothing; jobs enqueued in this process wake the worker directly (notifyWorker).
 */
function wakeOnOtherProcessesCommits(wake: () => void) {
  const sqlite = getSqlite();
  const version = () => sqlite.pragma("data_version", { simple: true }) as number;
  let seen = version();
  const timer = setInterval(() => {
    const now = version();
    if (now === seen) return;
    seen = now;
    wake();
  }, WAKE_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export function workerOptions() {
  const env = getEnv();
  return { leaseMs: env.JOB_LEASE_MS, pollMs: env.JOB_POLL_MS };
}

/** Starts the queue worker and the minute tick; only the primary process calls this. */
export function startBackgroundWork(db: DB) {
  worker = startWorker(db, jobRegistry, workerOptions());
  setWorkerListener(worker.notify);
  stopWaking = wakeOnOtherProcessesCommits(worker.notify);
  if (getEnv().RUN_CRON) {
    tick = new Cron("* * * * *", { protect: true }, async () => {
      try {
        await enqueueDueWork(db);
        notifyWorker();
      } catch (error) {
        logger.error({ err: error }, "minute tick failed");
      }
    });
  }
  // Database backups run beside the worker, on the primary only (docs/decisions/081-backups-you-can-restore.md).
  stopBackups = startDatabaseBackups();
  logger.info("background worker started");
}

export async function stopBackgroundWork() {
  tick?.stop();
  tick = undefined;
  stopWaking?.();
  stopWaking = undefined;
  setWorkerListener(undefined);
  await stopBackups?.();
  stopBackups = undefined;
  await worker?.stop();
  worker = undefined;
}
