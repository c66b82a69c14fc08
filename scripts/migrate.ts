// npm run db:migrate: applies pending migrations to the configured database and exits.
// The server also migrates at boot (on the LiteFS primary), so this is for deploy steps and debugging.
import { closeDb, getDb } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { getEnv } from "#app/env.server";

try {
  const env = getEnv();
  const applied = await migrateToLatest(getDb());
  console.log(applied.length ? `Applied ${applied.join(", ")} to ${env.databasePath}` : `${env.databasePath} is up to date`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
