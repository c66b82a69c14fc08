import { inTransaction, type DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { cancelJob, requeueFailedJob } from "#app/modules/jobs/queue.server";
import { redactSecrets } from "#app/utils/redact";
import { JOB_STATES, type JobState } from "./job-states";

/** The operators' view of the job queue: what waits, runs and failed, with Retry and Cancel. */

const JOBS_PAGE_SIZE = 50;

export type JobFilter = { status: JobState | null; name: string | null; page: number };

export function parseJobFilter(url: URL): JobFilter {
  const status = url.searchParams.get("status");
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    status: (JOB_STATES as readonly string[]).includes(status ?? "") ? (status as JobState) : null,
    name: url.searchParams.get("name")?.trim().slice(0, 100) || null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export async function listJobs(db: DB, filter: JobFilter) {
  let query = db.selectFrom("jobs");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.name) query = query.where("name", "=", filter.name);
  const [{ total }, counts, names] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    db
      .selectFrom("jobs")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute(),
    db.selectFrom("jobs").select("name").distinct().orderBy("name").execute(),
  ]);
  const pageCount = Math.max(1, Math.ceil(Number(total) / JOBS_PAGE_SIZE));
  const page = Math.min(filter.page, pageCount);
  const rows = await query
    .select(["id", "name", "status", "attempts", "max_attempts", "run_at", "updated_at", "finished_at", "last_error", "locked_until"])
    .orderBy("id", "desc")
    .limit(JOBS_PAGE_SIZE)
    .offset((page - 1) * JOBS_PAGE_SIZE)
    .execute();
  return {
    // Errors can quote a URL with a token in it; operators never need the secret itself.
    jobs: rows.map((job) => ({ ...job, last_error: job.last_error ? redactSecrets(job.last_error).slice(0, 2000) : null })),
    total: Number(total),
    page,
    pageCount,
    counts: Object.fromEntries(JOB_STATES.map((state) => [state, Number(counts.find((c) => c.status === state)?.n ?? 0)])) as Record<
      JobState,
      number
    >,
    names: names.map((n) => n.name),
  };
}

type Actor = { userId: string; ip: string | null };

/**
 * Runs a failed job again from a fresh set of attempts (queue.server
 * requeueFailedJob, which changes only a job that is still failed), audited.
 */
export async function retryFailedJob(db: DB, jobId: number, actor: Actor) {
  const done = await inTransaction(db, async (trx) => {
    if (!(await requeueFailedJob(trx, jobId))) return false;
    await recordAudit(trx, { actorId: actor.userId, action: "job.retry", target: `job:${jobId}`, ip: actor.ip });
    return true;
  });
  if (done) notifyWorker();
  return done;
}

/**
 * Cancels a queued or running job (queue.server cancelJob). A running job loses
 * its lease, so its worker records no outcome and stops at its next heartbeat.
 */
export async function cancelQueuedJob(db: DB, jobId: number, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const job = await trx.selectFrom("jobs").select("status").where("id", "=", jobId).executeTakeFirst();
    if (!job || (job.status !== "queued" && job.status !== "running")) return false;
    await cancelJob(trx, jobId);
    await recordAudit(trx, {
      actorId: actor.userId,
      action: "job.cancel",
      target: `job:${jobId}`,
      detail: { was: job.status },
      ip: actor.ip,
    });
    return true;
  });
}
