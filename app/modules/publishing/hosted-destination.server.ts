import type { DB } from "#app/db/client.server";
import { newId } from "#app/utils/crypto.server";

/** A new site's first and default destination: its hosted blog (docs/decisions/033). */
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
}
