import type { DB } from "#app/db/client.server";
import { isoIn, isoNow, DAY } from "#app/utils/time";

/** Drops rows that can no longer be used: expired sessions, tokens and OAuth states, old finished jobs. */
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
}
