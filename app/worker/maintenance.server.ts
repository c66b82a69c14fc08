import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { pruneRevisions } from "#app/modules/articles/revisions.server";
import { purgeExpiredSessions } from "#app/modules/auth/session.server";
import { purgeExpiredLimits } from "#app/modules/auth/limit-store.server";
import { purgeExpiredAuthTokens } from "#app/modules/auth/tokens.server";
import { purgeOldMailBodies } from "#app/modules/email/retention.server";
import { purgeOldSucceededJobs } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { purgeExpiredOauthStates } from "#app/modules/auth/oauth-states.server";
import { purgeOldShopifyWebhookIds } from "#app/modules/publishing/housekeeping.server";
import { purgeOldDeliveries } from "#app/modules/webhooks/webhooks.server";

/**
 * Drops rows that can no longer be used: expired sessions, limit counters, tokens and OAuth states, old finished jobs, old mail
 * bodies, webhook deliveries and Shopify webhook ids, and thins old article revisions (policy in
 * app/modules/articles/revisions.server.ts). Each area deletes its own rows; this only runs them in turn.
 */
export async function purgeExpired(db: DB, now = new Date()) {
  await purgeExpiredSessions(db, now);
  await purgeExpiredLimits(db, now);
  await purgeExpiredAuthTokens(db, now);
  await purgeExpiredOauthStates(db, now);
  await purgeOldSucceededJobs(db, now);
  await purgeOldMailBodies(db, now);
  await purgeOldDeliveries(db, now);
  await purgeOldShopifyWebhookIds(db, now);
  await pruneRevisions(db, now);
}

const PurgePayload = z.object({});

// What enqueue() accepts for this job (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "purge-expired": z.input<typeof PurgePayload>;
  }
}

/** The hourly housekeeping job (schedule.server.ts enqueues it). */
export const purgeExpiredJob: JobDefinition<typeof PurgePayload> = {
  payload: PurgePayload,
  run: (_payload, { db }) => purgeExpired(db),
};
