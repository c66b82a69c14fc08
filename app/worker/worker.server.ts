import { Cron } from "croner";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { logger } from "#app/utils/logger.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { notifyWorker, setWorkerListener } from "#app/modules/jobs/notify.server";
import { jobRegistry } from "./registry.server";
import { enqueueDueWork } from "./schedule.server";

let worker: ReturnType<typeof startWorker> | undefined;
let tick: Cron | undefined;

export function workerOptions() {
  const env = getEnv();
  return { leaseMs: env.JOB_LEASE_MS, pollMs: env.JOB_POLL_MS };
}

/** Starts the queue worker and the minute tick; only the primary process calls this. */
export function startBackgroundWork(db: DB) {
  worker = startWorker(db, jobRegistry, workerOptions());
  setWorkerListener(worker.notify);
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
  logger.info("background worker started");
}

export async function stopBackgroundWork() {
  tick?.stop();
  tick = undefined;
  setWorkerListener(undefined);
  await worker?.stop();
  worker = undefined;
}
