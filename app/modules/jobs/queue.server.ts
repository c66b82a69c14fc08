import crypto from "node:crypto";
import { sql, type Updateable } from "kysely";
import type { DB } from "#app/db/client.server";
import { isReplica, replayOnPrimary } from "#app/db/replica.server";
import type { Job, JobsTable } from "#app/db/schema";
import { DAY, isoIn, isoNow } from "#app/utils/time";

/**
 * A durable queue on the main database, so a job is enqueued in the same
 * transaction as the row it concerns. One worker process claims jobs with a
 * lease; a lease that expires (the process died) makes the job claimable again.
 * Every claim sets a fresh lease token: heartbeat, success and failure count
 * only while the job is still 'running' under that token, so a worker whose
 * lease was taken over or whose job was cancelled cannot record an outcome.
 */

/**
 * What enqueue() accepts, by job name: each area adds its jobs where it defines them, with
 * `declare module "#app/modules/jobs/queue.server" { interface JobPayloads { … } }` (its schema's input),
 * so the queue is typed without importing any area. The worker's registry (app/worker/registry.server.ts)
 * fails to compile unless it runs exactly these jobs (docs/decisions/022-job-registry-with-typed-payloads.md).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' declarations
export interface JobPayloads {}
export type JobName = keyof JobPayloads;
/** What enqueue() accepts for a job: its schema's input. */
export type JobPayload<N extends JobName> = JobPayloads[N];

/** What a worker needs to prove it still holds a job's lease. */
export type Lease = Pick<Job, "id" | "lease_token">;

export type EnqueueOptions = {
  runAt?: Date;
  idempotencyKey?: string;
  maxAttempts?: number;
  /**
   * What the job may exhaust: jobs sharing a group run at most groupLimit (default GROUP_CONCURRENCY) at once,
   * e.g. publications to one destination or deliveries to one receiver's host.
   */
  groupKey?: string;
  groupLimit?: number;
  /**
   * The workspace whose share of the lane the job uses (docs/decisions/051), named directly or through one of
   * its sites; jobs of no workspace (sign-up mail, housekeeping) have none.
   */
  tenant?: { workspaceId: string } | { siteId: string };
};

/** The tenant column's value: a site's workspace is read in the same statement, so callers that know only the site need no query. */
function tenantValue(tenant: EnqueueOptions["tenant"]) {
  if (!tenant) return null;
  if ("workspaceId" in tenant) return tenant.workspaceId;
  return sql<string>`(SELECT workspace_id FROM sites WHERE id = ${tenant.siteId})`;
}

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
 * Thrown by a job that did not try at all and must wait (its receiver is backed off): queued again after delayMs
 * without counting an attempt, so waiting never uses up a job's retries.
 */
export class DeferJobError extends Error {
  override name = "DeferJobError";
  readonly delayMs: number;
  constructor(message: string, delayMs: number) {
    super(message);
    this.delayMs = delayMs;
  }
}

/**
 * Enqueues a job of the registry: the name must be one of its jobs and the
 * payload must fit that job's schema (JobPayloads; checked by the type checker here, and
 * parsed again by the runner before the job sees it).
 */
export function enqueue<N extends JobName>(db: DB, name: N, payload: JobPayload<N>, options: EnqueueOptions = {}) {
  return insertJob(db, name, payload, options);
}

/**
 * Enqueues from a read (a page load that finds work for the worker). On the primary this is enqueue(); on a read
 * replica the keyed job is only looked up, and when it is not there yet the request is replayed on the primary,
 * which enqueues it (docs/decisions/080-replicas-and-processes.md).
 */
export async function enqueueFromRead<N extends JobName>(
  db: DB,
  name: N,
  payload: JobPayload<N>,
  options: EnqueueOptions & { idempotencyKey: string },
) {
  if (!isReplica()) {
    await enqueue(db, name, payload, options);
    return;
  }
  const queued = await db
    .selectFrom("jobs")
    .select("id")
    .where("name", "=", name)
    .where("idempotency_key", "=", options.idempotencyKey)
    .executeTakeFirst();
  if (!queued) replayOnPrimary(`queueing ${name}`);
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
      group_limit: options.groupKey && options.groupLimit ? options.groupLimit : null,
      tenant_key: tenantValue(options.tenant),
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

export type ClaimOptions = {
  /** Only these job names (a lane's). */
  names?: readonly string[];
  /** At most this many running jobs of the claimed names per tenant (a workspace's share of the lane). */
  tenantCap?: number;
  at?: Date;
};

/** How many of the oldest eligible jobs a claim weighs for fairness; beyond it, age wins. */
const FAIRNESS_WINDOW = 32;

/**
 * Claims the next due job (or one whose lease expired) under a fresh lease token and leases it for leaseMs.
 * Skips jobs whose group runs its limit already and jobs of a tenant that holds its share of the lane; among
 * the oldest eligible jobs it takes the one whose tenant runs the fewest, so a workspace with a burst of work
 * takes turns with the others instead of going first (docs/decisions/051).
 */
export async function claimNextJob(db: DB, leaseMs: number, options: ClaimOptions = {}) {
  const at = options.at ?? new Date();
  const now = at.toISOString();
  const names = options.names?.length ? options.names : undefined;
  const nameFilter = names ? sql`AND j.name IN (${sql.join(names)})` : sql``;
  const runningNameFilter = names ? sql`AND name IN (${sql.join(names)})` : sql``;
  const tenantCap = options.tenantCap ?? Number.MAX_SAFE_INTEGER;
  const token = crypto.randomUUID();
  // The first status term lets a lane claiming one name use the partial index jobs_claim (active jobs by name and due time);
  // the counts read the partial index jobs_running (running jobs only).
  const result = await sql<Job>`
    WITH groups AS (
      SELECT group_key, COUNT(*) AS n FROM jobs
       WHERE status = 'running' AND group_key IS NOT NULL AND locked_until >= ${now}
       GROUP BY group_key),
    tenants AS (
      SELECT tenant_key, COUNT(*) AS n FROM jobs
       WHERE status = 'running' AND tenant_key IS NOT NULL AND locked_until >= ${now} ${runningNameFilter}
       GROUP BY tenant_key)
    UPDATE jobs
       SET status = 'running', attempts = attempts + 1, locked_until = ${isoIn(leaseMs, at)}, lease_token = ${token}, updated_at = ${now}
     WHERE id = (
       SELECT c.id FROM (
         SELECT j.id, j.run_at, j.tenant_key FROM jobs j
           LEFT JOIN groups g ON g.group_key = j.group_key
           LEFT JOIN tenants t ON t.tenant_key = j.tenant_key
          WHERE j.status IN ('queued', 'running')
            AND ((j.status = 'queued' AND j.run_at <= ${now}) OR (j.status = 'running' AND j.locked_until < ${now}))
            ${nameFilter}
            AND (j.group_key IS NULL OR COALESCE(g.n, 0) < COALESCE(j.group_limit, ${GROUP_CONCURRENCY}))
            AND (j.tenant_key IS NULL OR COALESCE(t.n, 0) < ${tenantCap})
          ORDER BY j.run_at, j.id
          LIMIT ${FAIRNESS_WINDOW}) c
         LEFT JOIN tenants t ON t.tenant_key = c.tenant_key
        ORDER BY COALESCE(t.n, 0), c.run_at, c.id
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
  if (error instanceof DeferJobError) {
    const held = await updateHeld(db, job, {
      status: "queued",
      attempts: Math.max(0, job.attempts - 1),
      last_error: message,
      locked_until: null,
      lease_token: null,
      run_at: isoIn(error.delayMs),
      updated_at: now,
    });
    return held ? "retry" : "lost";
  }
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

/**
 * Moves a keyed job to a new time: one still queued runs at runAt instead, and one cancelled or finished is queued
 * again from a fresh set of attempts; a running one is left to finish. False when no such job exists (the caller
 * enqueues it) or it is running.
 */
export async function moveKeyedJob(
  db: DB,
  name: JobName,
  idempotencyKey: string,
  runAt: Date,
  { queuedOnly = false }: { queuedOnly?: boolean } = {},
) {
  const now = isoNow();
  const result = await db
    .updateTable("jobs")
    .set({ status: "queued", run_at: runAt.toISOString(), attempts: 0, finished_at: null, last_error: null, updated_at: now })
    .where("name", "=", name)
    .where("idempotency_key", "=", idempotencyKey)
    .where("status", "in", queuedOnly ? ["queued"] : ["queued", "cancelled", "succeeded", "failed"])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Cancels a keyed job that has not started; a running one finishes (it re-reads what it acts on). */
export async function cancelKeyedJob(db: DB, name: JobName, idempotencyKey: string) {
  const now = isoNow();
  await db
    .updateTable("jobs")
    .set({ status: "cancelled", finished_at: now, updated_at: now })
    .where("name", "=", name)
    .where("idempotency_key", "=", idempotencyKey)
    .where("status", "=", "queued")
    .execute();
}

/**
 * Queues a failed job again from a fresh set of attempts; true when it did. Only a job that is still failed changes
 * (the state is in the WHERE), so two clicks or a concurrent retry queue it once.
 */
export async function requeueFailedJob(db: DB, id: number) {
  const now = isoNow();
  const result = await db
    .updateTable("jobs")
    .set({ status: "queued", attempts: 0, run_at: now, finished_at: null, locked_until: null, lease_token: null, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Housekeeping: succeeded jobs a week after they finished; failed and cancelled ones stay for the operators. */
export async function purgeOldSucceededJobs(db: DB, now = new Date()) {
  await db
    .deleteFrom("jobs")
    .where("status", "=", "succeeded")
    .where("finished_at", "<", isoIn(-7 * DAY, now))
    .execute();
}
