import { type Kysely, sql } from "kysely";

// Exactly-once mail and no secrets at rest (docs/decisions/014):
// send_started_at is written before each Postmark call and cleared once Postmark
// answers, so a row that still has it after a timeout or a crash is a send whose
// outcome is unknown (look it up before sending again); body_purged_at marks a
// mail whose body was dropped after 30 days (the metadata stays).
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE mail_outbox ADD COLUMN send_started_at TEXT`.execute(db);
  await sql`ALTER TABLE mail_outbox ADD COLUMN body_purged_at TEXT`.execute(db);
  await sql`CREATE INDEX mail_outbox_unpurged ON mail_outbox(created_at) WHERE body_purged_at IS NULL`.execute(db);
}
