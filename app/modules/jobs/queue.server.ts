import crypto from "node:crypto";
import { sql, type Updateable } from "kysely";
import type { DB } from "#app/db/client.server";
import type { Job, JobsTable } from "#app/db/schema";
import { isoIn, isoNow } from "#app/utils/time";
import type { JobName, JobPayload } from "./registry.server";

/**
 * A durable queue on the main database, so a job is enqueued in the same
 * transaction as the row it concerns. One worker process claims jobs with a
 * lease; a lease that expires (the process died) makes the job claimable again.
 * Every claim sets a fresh lease token: heartbeat, success and failure count
 * only while the job is still 'running' under that token, so a worker whose
 * lease was taken over or whose job was cancelled cannot record an outcome.
 */

/** What a worker needs to prove it still holds a job's lease. */
export type Lease = Pick<Job, "id" | "lease_token">;

export type EnqueueOptions = {
  runAt?: Date;
  idempotencyKey?: string;
  maxAttempts?: number;
  /** Jobs sharing a group run at most GROUP_CONCURRENCY at once (e.g. publications to one destination). */
  groupKey?: string;
};

/**
 * How many jobs of one group may run at once across the queue: one destination never takes a whole lane.
 * Six, two more than the 4 requests a destination may have in flight (publishing's HOST_CONCURRENCY): a
 * publication spends part of its time between requests (reading images, writing its record), and with only
 * four running, those gaps leave host slots idle; the two extra keep them fed (npm run bench:publish).
 */
export const GROUP_CONCURRENCY = 6;

/** Thrown by a job to fail at once, without retries (e.g. an inactive mail recipient). */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

/** Thrown by a job that must wait before its next attempt (a 429 with Retry-After): retried no sooner than delayMs. */
export class RetryLaterError extends Error {
  override name = "RetryLaterError";
  readonly delayMs: number;
  constructor(message: string, delayMs: number, options?: { cause?: unknown }) {
    super(message, options);
    this.delayMs = delayMs;
  }
}

/**
 * Enqueues a job of the registry: the name must be one of its jobs and the
 * payload must fit that job's schema (checked by the type checker here, and
 * parsed again by the runner before the job sees it).
 */
export function enqueue<N extends JobName>(db: DB, name: N, payload: JobPayload<N>, options: EnqueueOptions = {}) {
  return insertJob(db, name, payload, options);
}

/** The queue's untyped insert, for the queue's own tests with made-up jobs; the app enqueues through enqueue(). */
export async function insertJob(db: DB, name: string, payload: unknown, options: EnqueueOptions = {}) {
  const now = isoNow();
  const row = await db
    .insertInto("jobs")
    .values({
      name,
      payload: JSON.stringify(payload ?? {}),
      run_at: (options.runAt ?? new Date()).toISOString(),
      max_attempts: options.maxAttempts ?? 5,
      idempotency_key: options.idempotencyKey ?? null,
      group_key: options.groupKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(["name", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await db
    .selectFrom("jobs")
    .select("id")
    .where("name", "=", name)
    .where("idempotency_key", "=", options.idempotencyKey!)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** Claims the next due job (or one whose lease expired) under a fresh lease token and leases it for leaseMs. */
export async function claimNextJob(db: DB, leaseMs: number, names?: readonly string[], at = new Date()) {
  const now = at.toISOString();
  const nameFilter = names?.length ? sql`AND name IN (${sql.join(names)})` : sql``;
  const token = crypto.randomUUID();
  // The first status term lets a lane claiming one name use the partial index jobs_claim (active jobs by name and due time).
  const result = await sql<Job>`
    UPDATE jobs
       SET status = 'running', attempts = attempts + 1, locked_until = ${isoIn(leaseMs, at)}, lease_token = ${token}, updated_at = ${now}
     WHERE id = (
       SELECT id FROM jobs
        WHERE status IN ('queued', 'running')
          AND ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
          ${nameFilter}
          AND (group_key IS NULL OR group_key NOT IN (
            SELECT group_key FROM jobs
             WHERE status = 'running' AND group_key IS NOT NULL AND locked_until >= ${now}
             GROUP BY group_key HAVING COUNT(*) >= ${GROUP_CONCURRENCY}))
        ORDER BY run_at, id
        LIMIT 1)
    RETURNING *`.execute(db);
  return result.rows[0];
}

/** Updates a job only while the caller holds its lease; true when it did. */
async function updateHeld(db: DB, lease: Lease, values: Updateable<JobsTable>) {
  if (!lease.lease_token) return false;
  const result = await db
    .updateTable("jobs")
    .set(values)
    .where("id", "=", lease.id)
    .where("status", "=", "running")
    .where("lease_token", "=", lease.lease_token)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The heartbeat. False when the lease was lost (taken over after expiry, or the job was cancelled). */
export async function extendLease(db: DB, lease: Lease, leaseMs: number) {
  return updateHeld(db, lease, { locked_until: isoIn(leaseMs), updated_at: isoNow() });
}

/** False when the lease was lost: the outcome is then not recorded. */
export async function markSucceeded(db: DB, lease: Lease) {
  const now = isoNow();
  return updateHeld(db, lease, {
    status: "succeeded",
    locked_until: null,
    lease_token: null,
    finished_at: now,
    updated_at: now,
    last_error: null,
  });
}

/** Exponential backoff with full jitter: base * 2^(attempt-1), capped, then a random share of it. */
export function retryDelayMs(attempt: number, baseMs = 5_000, capMs = 15 * 60_000, random = Math.random) {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Records a failed attempt: retry with backoff, or failed for good; "lost" when the caller no longer held the lease. */
export async function markFailedAttempt(db: DB, job: Job, error: unknown, retryBaseMs?: number): Promise<"failed" | "retry" | "lost"> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const now = isoNow();
  const permanent = error instanceof PermanentJobError;
  if (permanent || job.attempts >= job.max_attempts) {
    const held = await updateHeld(db, job, {
      status: "failed",
      last_error: message,
      locked_until: null,
      lease_token: null,
      finished_at: now,
      updated_at: now,
    });
    return held ? "failed" : "lost";
  }
  const held = await updateHeld(db, job, {
    status: "queued",
    last_error: message,
    locked_until: null,
    lease_token: null,
    run_at: isoIn(Math.max(retryDelayMs(job.attempts, retryBaseMs), error instanceof RetryLaterError ? error.delayMs : 0)),
    updated_at: now,
  });
  return held ? "retry" : "lost";
}

export async function cancelJob(db: DB, id: number) {
  const now = isoNow();
  await db
    .updateTable("jobs")
    .set({ status: "cancelled", locked_until: null, lease_token: null, finished_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", ["queued", "running"])
    .execute();
}
