import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { enqueue } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { detectSearchFindings } from "./detect.server";

/**
 * The 'detect-search-findings' job: reads a site's search figures and stores its findings
 * (docs/decisions/060-search-results.md). Queued after each import of the site's figures; one per site and day.
 */

export const DETECT_FINDINGS_JOB = "detect-search-findings";
const Payload = z.object({ siteId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [DETECT_FINDINGS_JOB]: z.input<typeof Payload>;
  }
}

/** Queues the site's detection once per UTC day (a second import the same day joins it). */
export function queueFindingDetection(db: DB, siteId: string, now = new Date()) {
  return enqueue(
    db,
    DETECT_FINDINGS_JOB,
    { siteId },
    { idempotencyKey: `findings:${siteId}:${now.toISOString().slice(0, 10)}`, tenant: { siteId } },
  );
}

export const detectFindingsJob: JobDefinition<typeof Payload> = {
  payload: Payload,
  run: async ({ siteId }, { db }) => {
    await detectSearchFindings(db, siteId, new Date());
  },
};
