import type { DB } from "#app/db/client.server";
import { enqueueDueAutopilot } from "#app/modules/autopilot/autopilot.server";
import { enqueueDigestPlanning } from "#app/modules/autopilot/digest.server";
import { enqueueDailyLinkChecks } from "#app/modules/backlinks/links.server";
import { enqueueIndexingSweep } from "#app/modules/indexing/inspection.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import { enqueueDailySearchImports } from "#app/modules/search-console/import.server";

/**
 * Recurring work, driven by the minute tick or POST /resources/cron. It only
 * enqueues; idempotency keys make a second call in the same period a no-op.
 */
export async function enqueueDueWork(db: DB, now = new Date()) {
  const hour = now.toISOString().slice(0, 13);
  await enqueue(db, "purge-expired", {}, { idempotencyKey: `purge:${hour}`, maxAttempts: 3 });
  await enqueueDailyLinkChecks(db, now);
  await enqueueDueAutopilot(db, now);
  await enqueueDigestPlanning(db, now);
  await enqueueIndexingSweep(db, now);
  await enqueueDailySearchImports(db, now);
}
