import type { DB } from "#app/db/client.server";
import type { Job } from "#app/db/schema";
import { logger } from "#app/utils/logger.server";
import { claimNextJob, extendLease, markFailedAttempt, markSucceeded } from "./queue.server";

export type JobContext = { db: DB; job: Job; signal: AbortSignal };
export type JobDefinition = {
  run: (payload: unknown, ctx: JobContext) => Promise<void>;
};
export type JobRegistry = Record<string, JobDefinition>;

export type WorkerOptions = { leaseMs: number; pollMs: number; retryBaseMs?: number };

/** Claims and runs one due job; returns false when none was due. Tests drive the queue with this. */
export async function runNextJob(db: DB, registry: JobRegistry, options: WorkerOptions, signal = new AbortController().signal) {
  const job = await claimNextJob(db, options.leaseMs, Object.keys(registry));
  if (!job) return false;
  const definition = registry[job.name]!;
  const log = logger.child({ job: job.name, jobId: job.id, attempt: job.attempts });
  const heartbeat = setInterval(() => void extendLease(db, job.id, options.leaseMs), Math.max(500, options.leaseMs / 3));
  try {
    await definition.run(JSON.parse(job.payload), { db, job, signal });
    await markSucceeded(db, job.id);
    log.info("job succeeded");
  } catch (error) {
    const outcome = await markFailedAttempt(db, job, error, options.retryBaseMs);
    log.warn({ err: error, outcome }, "job attempt failed");
  } finally {
    clearInterval(heartbeat);
  }
  return true;
}

/** The in-process worker: one job at a time, polling when idle, woken early by notify(). */
export function startWorker(db: DB, registry: JobRegistry, options: WorkerOptions) {
  const controller = new AbortController();
  let wake: (() => void) | undefined;
  let stopped = false;

  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runNextJob(db, registry, options, controller.signal);
      } catch (error) {
        logger.error({ err: error }, "worker loop error");
      }
      if (!worked && !stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.pollMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  })();

  return {
    notify: () => wake?.(),
    /** Stops claiming new jobs and waits for the running one to finish. */
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
