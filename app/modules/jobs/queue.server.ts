import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import type { Job } from "#app/db/schema";
import { isoIn, isoNow } from "#app/utils/time";

/**
 * A durable queue on the main database, so a job is enqueued in the same
 * transaction as the row it concerns. One worker process claims jobs with a
 * lease; a lease that expires (the process died) makes the job claimable again.
 */

export type EnqueueOptions = {
  runAt?: Date;
  idempotencyKey?: string;
  maxAttempts?: number;
};

/** Thrown by a job to fail at once, without retries (e.g. an inactive mail recipient). */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}

export async function enqueue(db: DB, name: string, payload: unknown, options: EnqueueOptions = {}) {
  const now = isoNow();
  const row = await db
    .insertInto("jobs")
    .values({
      name,
      payload: JSON.stringify(payload ?? {}),
      run_at: (options.runAt ?? new Date()).toISOString(),
      max_attempts: options.maxAttempts ?? 5,
      idempotency_key: options.idempotencyKey ?? null,
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

/** Claims the next due job (or one whose lease expired) and leases it for leaseMs. */
export async function claimNextJob(db: DB, leaseMs: number, names?: readonly string[], at = new Date()) {
  const now = at.toISOString();
  const nameFilter = names?.length ? sql`AND name IN (${sql.join(names)})` : sql``;
  const result = await sql<Job>`
    UPDATE jobs
       SET status = 'running', attempts = attempts + 1, locked_until = ${isoIn(leaseMs, at)}, updated_at = ${now}
     WHERE id = (
       SELECT id FROM jobs
        WHERE ((status = 'queued' AND run_at <= ${now}) OR (status = 'running' AND locked_until < ${now}))
          ${nameFilter}
        ORDER BY run_at, id
        LIMIT 1)
    RETURNING *`.execute(db);
  return result.rows[0];
}

export async function extendLease(db: DB, id: number, leaseMs: number) {
  await db
    .updateTable("jobs")
    .set({ locked_until: isoIn(leaseMs), updated_at: isoNow() })
    .where("id", "=", id)
    .where("status", "=", "running")
    .execute();
}

export async function markSucceeded(db: DB, id: number) {
  const now = isoNow();
  await db
    .updateTable("jobs")
    .set({ status: "succeeded", locked_until: null, finished_at: now, updated_at: now, last_error: null })
    .where("id", "=", id)
    .execute();
}

/** Exponential backoff with full jitter: base * 2^(attempt-1), capped, then a random share of it. */
export function retryDelayMs(attempt: number, baseMs = 5_000, capMs = 15 * 60_000, random = Math.random) {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export async function markFailedAttempt(db: DB, job: Job, error: unknown, retryBaseMs?: number) {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const now = isoNow();
  const permanent = error instanceof PermanentJobError;
  if (permanent || job.attempts >= job.max_attempts) {
    await db
      .updateTable("jobs")
      .set({ status: "failed", last_error: message, locked_until: null, finished_at: now, updated_at: now })
      .where("id", "=", job.id)
      .execute();
    return "failed" as const;
  }
  await db
    .updateTable("jobs")
    .set({
      status: "queued",
      last_error: message,
      locked_until: null,
      run_at: isoIn(retryDelayMs(job.attempts, retryBaseMs)),
      updated_at: now,
    })
    .where("id", "=", job.id)
    .execute();
  return "retry" as const;
}

export async function cancelJob(db: DB, id: number) {
  const now = isoNow();
  await db
    .updateTable("jobs")
    .set({ status: "cancelled", locked_until: null, finished_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", ["queued", "running"])
    .execute();
}
