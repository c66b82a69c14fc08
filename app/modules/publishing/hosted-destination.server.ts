import type { DB } from "#app/db/client.server";
import { newId } from "#app/utils/crypto.server";

/**
 * A new site's publishing as it starts: its first and default destination, its hosted blog (docs/decisions/033),
 * and its schedule at the defaults (no first day, the default time, no extra times).
 */
export async function createHostedDestination(db: DB, siteId: string, now: string) {
  await db
    .insertInto("cms_connections")
    .values({
      id: newId(),
      site_id: siteId,
      platform: "hosted",
      name: "Hosted blog",
      is_default: 1,
      created_by: null,
      credentials_encrypted: null,
      last_error: null,
      last_checked_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto("publishing_settings")
    .values({ site_id: siteId, scheduled_date: null, daily_times: "[]", updated_at: now })
    .execute();
}
