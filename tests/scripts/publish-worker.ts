import { closeDb, getDb } from "#app/db/client.server";
import { jobRegistry } from "#app/worker/registry.server";
import { jobsOfLane, startWorker } from "#app/modules/jobs/runner.server";
import { hostedAdapter } from "#app/modules/publishing/platforms/hosted/adapter.server";

/**
 * A worker process for the publishing crash test (tests/integration/publishing-crash.test.ts):
 * the real job worker on the publish lane, on the database and data directory
 * the environment names (DATABASE_PATH, DATA_DIR), with the lease and poll
 * interval from CRASH_LEASE_MS / CRASH_POLL_MS so a killed worker's jobs are
 * taken over within a second. It prints "ready" once it runs.
 *
 * CRASH_HOLD_HOSTED=1: the hosted blog has no remote server that could hold its
 * answer, so its create is made to return and then never resume; the process
 * prints "created hosted <remote id>" at that moment, which is when the test
 * kills it (the create happened, its result was never recorded).
 */

const leaseMs = Number(process.env.CRASH_LEASE_MS ?? 1000);
const pollMs = Number(process.env.CRASH_POLL_MS ?? 50);

if (process.env.CRASH_HOLD_HOSTED === "1") {
  const create = hostedAdapter.create.bind(hostedAdapter);
  hostedAdapter.create = async (ctx, post, featured) => {
    const created = await create(ctx, post, featured);
    process.stdout.write(`created hosted ${created.remoteId}\n`);
    return new Promise(() => {});
  };
}

const db = getDb();
// One slot per destination of the crash test (more than the lane's 8), so every create is under way at the moment of the kill.
const worker = startWorker(db, jobsOfLane(jobRegistry, "publish"), { leaseMs, pollMs, retryBaseMs: 100, lanes: { publish: 16 } });
process.stdout.write("ready\n");

process.on("SIGTERM", () => {
  void worker
    .stop()
    .then(() => closeDb())
    .finally(() => process.exit(0));
});
