import type { DB } from "#app/db/client.server";
import { DAY, isoIn, isoNow } from "#app/utils/time";

/** A delivered mail's body is kept this long for operators, then only its metadata stays. */
const MAIL_BODY_RETENTION_MS = 30 * DAY;
const PURGE_BATCH = 500;

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
