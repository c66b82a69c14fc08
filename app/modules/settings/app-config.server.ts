import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { decryptSecret, encryptSecret } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";

/**
 * Server-wide settings operators save on the admin pages (app credentials,
 * email): rows of app_config. Secrets are sealed with AES-256-GCM bound to
 * their key, so a sealed value copied to another key does not open.
 */

const binding = (key: string) => ({ aad: `app_config:${key}` });

function sealConfigSecret(key: string, plain: string) {
  return encryptSecret(plain, binding(key));
}

function openConfigSecret(key: string, sealed: string) {
  return decryptSecret(sealed, binding(key));
}

/** A sealed row's value, or null when missing or unreadable (another ENCRYPTION_KEY, a tampered row): the pages say so. */
export function openStoredSecret(key: string, row: { value: string } | null | undefined) {
  if (!row?.value) return null;
  try {
    return openConfigSecret(key, row.value);
  } catch {
    return null;
  }
}

export type ConfigRow = { key: string; value: string; updated_by: string | null; updated_at: string };

/** The rows of these keys, by key; secrets still sealed. */
export async function readConfigRows(db: DB, keys: readonly string[]): Promise<Map<string, ConfigRow>> {
  const rows = await db.selectFrom("app_config").select(["key", "value", "updated_by", "updated_at"]).where("key", "in", keys).execute();
  return new Map(rows.map((r) => [r.key, r]));
}

/** Saves one row (a secret sealed first); run it inside the caller's transaction. */
export async function upsertConfig(db: DB, key: string, value: string, { secret, actorId }: { secret: boolean; actorId: string }) {
  const stored = secret ? sealConfigSecret(key, value) : value;
  const now = isoNow();
  await db
    .insertInto("app_config")
    .values({ key, value: stored, is_secret: secret ? 1 : 0, updated_by: actorId, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: stored, is_secret: secret ? 1 : 0, updated_by: actorId, updated_at: now }))
    .execute();
}

export async function deleteConfig(db: DB, key: string) {
  await db.deleteFrom("app_config").where("key", "=", key).execute();
}

/** Counts a configuration value up by one (starting at 1) and returns it, stamped with who did it. */
export async function incrementConfigCounter(db: DB, key: string, updatedBy: string) {
  const now = isoNow();
  const row = await db
    .insertInto("app_config")
    .values({ key, value: "1", updated_by: updatedBy, updated_at: now })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        value: sql<string>`CAST(CAST(app_config.value AS INTEGER) + 1 AS TEXT)`,
        updated_by: updatedBy,
        updated_at: now,
      }),
    )
    .returning("value")
    .executeTakeFirstOrThrow();
  return Number(row.value);
}
