import { getDb } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";

/** The migrated database of this test file. */
export async function testDb() {
  const db = getDb();
  await migrateToLatest(db);
  return db;
}
