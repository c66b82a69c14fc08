import type { DB } from "#app/db/client.server";
import type { Job } from "#app/db/schema";
import { logger } from "#app/utils/logger.server";
import { MINUTE } from "#app/utils/time";
import { HeldSlot, LaneSlots, withHeldSlot } from "./lane-slot.server";
import { claimNextJob, extendLease, markFailedAttempt, markSucceeded, PermanentJobError } from "./queue.server";
import type { z } from "zod";

/**
 * The worker runs jobs in lanes, each with its own slots and claiming only its
 * own job names, so mail and work a customer is watching never wait behind
 * bulk work (link checks). Every attempt has a time limit and stops recording
 * anything once its lease is lost. Within a lane, each workspace gets at most its
 * share of the slots while others wait, and a job waiting for a host's request
 * slot gives its lane slot back meanwhile (docs/decisions/051).
 */

export const LANES = {
  /** Verification, reset and notice mails: short, and someone is waiting for them. */
  mail: { concurrency: 2 },
  /** Work a customer is watching (article generation); the lane of definitions that name none. */
  user: { concurrency: 3 },
  /**
   * Publishing to customers' platforms: mostly waiting on their servers, so more
   * slots than CPU work. One destination runs at most GROUP_CONCURRENCY (6) of them
   * at once (queue.server.ts) and gets at most 4 requests in flight
   * (app/modules/publishing/http.server.ts), so one slow site cannot take them all:
   * 12 slots let two busy destinations each run at full width.
   */
  publish: { concurrency: 12 },
  /**
   * Deliveries to customers' event-webhook receivers: their own lane, so a receiver
   * that never answers delays only other receivers' deliveries, never a publication.
   */
  events: { concurrency: 4 },
  /** Work nobody waits for: link checks, housekeeping. */
  bulk: { concurrency: 2 },
} as const;
export type LaneName = keyof typeof LANES;

/**
 * A workspace's share of a lane of `concurrency` slots: two thirds, at least one, so
 * a third of every lane (and of the two-slot lanes, one slot) stays for the others.
 */
export function tenantShare(concurrency: number) {
  return Math.max(1, Math.floor((concurrency * 2) / 3));
}

/** An attempt that runs longer than this fails (and is retried with backoff) unless its definition says otherwise. */
export const DEFAULT_JOB_TIMEOUT_MS = 5 * MINUTE;

export type JobContext = { db: DB; job: Job; signal: AbortSignal };
/**
 * One kind of job, defined by its area: the zod schema of its payload (enqueue
 * type-checks against it, the runner parses with it before run sees the
 * payload), what it does, its lane and time limit (docs/decisions/022-job-registry-with-typed-payloads.md).
 */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  payload: S;
  run(payload: z.output<S>, ctx: JobContext): Promise<void>;
  /** The lane that runs it; "user" when unset. */
  lane?: LaneName;
  /** Per attempt; at the limit the signal aborts and the attempt fails. DEFAULT_JOB_TIMEOUT_MS when unset. */
  timeoutMs?: number;
};
/** What the runner runs, by name. The app's registry (registry.server.ts) gives every job a schema; the queue's own tests may not. */
export type RunnableJob = Omit<JobDefinition, "payload" | "run"> & {
  payload?: z.ZodType;
  run(payload: unknown, ctx: JobContext): Promise<void>;
};
export type JobRegistry = Record<string, RunnableJob>;

export type WorkerOptions = {
  leaseMs: number;
  pollMs: number;
  retryBaseMs?: number;
  /** Slots per lane, overriding LANES. */
  lanes?: Partial<Record<LaneName, number>>;
};

/** The attempt ran past its definition's time limit. */
export class JobTimeoutError extends Error {
  override name = "JobTimeoutError";
  constructor(ms: number) {
    super(`The job did not finish within ${ms / 1000} s.`);
  }
}

/** The worker no longer holds the job's lease: it was cancelled, or taken over after the lease expired. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  constructor() {
    super("The job's lease was lost (cancelled or taken over).");
  }
}

export const laneOf = (definition: RunnableJob): LaneName => definition.lane ?? "user";

/** The part of a registry one lane runs; runNextJob claims only the names it is given. */
export function jobsOfLane(registry: JobRegistry, lane: LaneName): JobRegistry {
  return Object.fromEntries(Object.entries(registry).filter(([, definition]) => laneOf(definition) === lane));
}

/** Settles with the work, or rejects with the signal's reason as soon as it aborts, whether or not the work listens. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal) {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The stored payload, checked against the job's schema: a payload no retry can fix fails the job at once, with what is wrong. */
function payloadOf(definition: RunnableJob, job: Job): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(job.payload);
  } catch {
    throw new PermanentJobError(`The payload of job "${job.name}" is not JSON.`);
  }
  if (!definition.payload) return raw;
  const parsed = definition.payload.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "payload"}: ${issue.message}`).join("; ");
    throw new PermanentJobError(`The payload of job "${job.name}" does not match its schema (${problems}).`);
  }
  return parsed.data;
}

async function runClaimedJob(
  db: DB,
  definition: RunnableJob,
  job: Job,
  options: WorkerOptions,
  workerSignal: AbortSignal,
  slot?: HeldSlot,
) {
  const log = logger.child({ job: job.name, jobId: job.id, attempt: job.attempts });
  const timeoutMs = definition.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  // Aborted by the time limit or a lost lease; the job sees it together with the worker's own signal.
  const attempt = new AbortController();
  const timer = setTimeout(() => attempt.abort(new JobTimeoutError(timeoutMs)), timeoutMs);
  const heartbeat = setInterval(
    () => {
      extendLease(db, job, options.leaseMs).then(
        (held) => {
          if (!held && !attempt.signal.aborted) attempt.abort(new LeaseLostError());
        },
        (error: unknown) => log.error({ err: error }, "lease heartbeat failed"),
      );
    },
    Math.max(500, options.leaseMs / 3),
  );
  try {
    const signal = AbortSignal.any([workerSignal, attempt.signal]);
    const work = withHeldSlot(slot, () => definition.run(payloadOf(definition, job), { db, job, signal }));
    // A job that ignores its signal must not keep its lane slot: stop waiting for it.
    work.catch(() => {});
    await unlessAborted(work, attempt.signal);
    if (await markSucceeded(db, job)) log.info("job succeeded");
    else log.warn("job finished after its lease was lost; outcome not recorded");
  } catch (error) {
    if (attempt.signal.reason instanceof LeaseLostError) {
      log.warn({ err: error }, "job stopped: its lease was lost; outcome not recorded");
      return;
    }
    const outcome = await markFailedAttempt(db, job, error, options.retryBaseMs);
    if (outcome === "lost") log.warn({ err: error }, "job failed after its lease was lost; outcome not recorded");
    else log.warn({ err: error, outcome }, "job attempt failed");
  } finally {
    clearTimeout(timer);
    clearInterval(heartbeat);
    slot?.end();
  }
}

const concurrencyOf = (lane: LaneName, options: WorkerOptions) => options.lanes?.[lane] ?? LANES[lane].concurrency;

/** Claims and runs one due job of the registry's names; returns false when none was due. Tests drive the queue with this. */
export async function runNextJob(db: DB, registry: JobRegistry, options: WorkerOptions, signal = new AbortController().signal) {
  const job = await claimNextJob(db, options.leaseMs, { names: Object.keys(registry) });
  if (!job) return false;
  await runClaimedJob(db, registry[job.name]!, job, options, signal);
  return true;
}

/**
 * The in-process worker: per lane, one claimer that takes a free slot, claims the
 * lane's next job (within each workspace's share) and starts it, polling when
 * idle and woken early by notify() and by every job that ends (which may free a
 * group's or a workspace's turn).
 */
export function startWorker(db: DB, registry: JobRegistry, options: WorkerOptions) {
  const controller = new AbortController();
  const sleepers = new Set<() => void>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const sleep = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, options.pollMs);
      sleepers.add(wake);
    });
  const wakeAll = () => [...sleepers].forEach((wake) => wake());

  const claimer = async (lane: LaneName, laneRegistry: JobRegistry) => {
    const slots = new LaneSlots(concurrencyOf(lane, options));
    const claim = { names: Object.keys(laneRegistry), tenantCap: tenantShare(slots.size) };
    while (!stopped) {
      await slots.acquire();
      if (stopped) {
        slots.release();
        break;
      }
      let job: Job | undefined;
      try {
        job = await claimNextJob(db, options.leaseMs, claim);
      } catch (error) {
        logger.error({ err: error, lane }, "worker claim failed");
      }
      if (!job) {
        slots.release();
        await sleep();
        continue;
      }
      const run = runClaimedJob(db, laneRegistry[job.name]!, job, options, controller.signal, new HeldSlot(slots))
        .catch((error: unknown) => logger.error({ err: error, lane }, "worker run failed"))
        .finally(() => {
          running.delete(run);
          wakeAll();
        });
      running.add(run);
    }
  };

  const claimers: Promise<void>[] = [];
  for (const lane of Object.keys(LANES) as LaneName[]) {
    const laneRegistry = jobsOfLane(registry, lane);
    if (!Object.keys(laneRegistry).length) continue;
    claimers.push(claimer(lane, laneRegistry));
  }

  return {
    notify: wakeAll,
    /** Stops claiming new jobs and waits for the running ones to finish (each is bounded by its time limit). */
    async stop() {
      stopped = true;
      wakeAll();
      await Promise.all(claimers);
      await Promise.all([...running]);
    },
  };
}
