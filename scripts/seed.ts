// npm run db:seed: loads the demo account (a site, topics and articles) unless it is already there.
import { closeDb, getDb } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { getEnv } from "#app/env.server";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "#app/modules/demo/seed.server";

try {
  const env = getEnv();
  const db = getDb();
  await migrateToLatest(db);
  const existing = await db.selectFrom("users").select("id").where("email", "=", DEMO_EMAIL).executeTakeFirst();
  if (existing) {
    console.log(`The demo account already exists in ${env.databasePath}.`);
  } else {
    await seedDemo(db);
    console.log(`Demo data loaded into ${env.databasePath}.`);
  }
  console.log(`Sign in at ${env.appUrl}/signin with ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
