import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { isoIn, isoNow, DAY } from "#app/utils/time";
import type { JobDefinition } from "./runner.server";

/** A delivered mail's body is kept this long for operators, then only its metadata stays. */
export const MAIL_BODY_RETENTION_MS = 30 * DAY;
const PURGE_BATCH = 500;
/** How long a handled Shopify webhook id is remembered. */
export const SHOPIFY_WEBHOOK_ID_RETENTION_MS = 30 * DAY;

/** Empties the bodies of mail older than the retention that reached a final state, in short write batches. */
export async function purgeOldMailBodies(db: DB, now = new Date()) {
  const cutoff = isoIn(-MAIL_BODY_RETENTION_MS, now);
  for (;;) {
    const batch = db
      .selectFrom("mail_outbox")
      .select("id")
      .where("body_purged_at", "is", null)
      .where("created_at", "<", cutoff)
      .where("status", "!=", "queued")
      .limit(PURGE_BATCH);
    const result = await db
      .updateTable("mail_outbox")
      .set({ html: "", text: "", body_purged_at: isoNow(now) })
      .where("id", "in", batch)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) < PURGE_BATCH) return;
  }
}

/** Drops rows that can no longer be used: expired sessions, tokens and OAuth states, old finished jobs, old mail bodies, webhook deliveries and Shopify webhook ids. */
export async function purgeExpired(db: DB, now = new Date()) {
  const nowIso = isoNow(now);
  await db.deleteFrom("sessions").where("expires_at", "<", nowIso).execute();
  await db.deleteFrom("auth_tokens").where("expires_at", "<", isoIn(-DAY, now)).execute();
  await db.deleteFrom("oauth_states").where("expires_at", "<", nowIso).execute();
  await db
    .deleteFrom("jobs")
    .where("status", "=", "succeeded")
    .where("finished_at", "<", isoIn(-7 * DAY, now))
    .execute();
  await purgeOldMailBodies(db, now);
  // The event webhook delivery log keeps 30 days (decision 047).
  await db
    .deleteFrom("webhook_deliveries")
    .where("created_at", "<", isoIn(-30 * DAY, now))
    .where("status", "!=", "pending")
    .execute();
  // Shopify retries a failed delivery for some hours; 30 days covers that and late manual replays (decision 052).
  await db.deleteFrom("shopify_webhook_ids").where("received_at", "<", isoIn(-SHOPIFY_WEBHOOK_ID_RETENTION_MS, now)).execute();
}

const PurgePayload = z.object({});

// What enqueue() accepts for this job (queue.server.ts).
declare module "./queue.server" {
  interface JobPayloads {
    "purge-expired": z.input<typeof PurgePayload>;
  }
}

/** The hourly housekeeping job (app/worker/schedule.server.ts enqueues it). */
export const purgeExpiredJob: JobDefinition<typeof PurgePayload> = {
  payload: PurgePayload,
  run: (_payload, { db }) => purgeExpired(db),
};
