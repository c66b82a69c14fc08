import { type Kysely, sql } from "kysely";

// Limits that hold across processes and machines (docs/decisions/080-replicas-and-processes.md): the rate limits'
// counters (rate-limiter-flexible's store layout: points used in the window and the window's end in ms), and the
// form posts each client has under way, counted by every web process of the primary.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    points INTEGER NOT NULL,
    expire INTEGER
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX rate_limits_expire ON rate_limits (expire)`.execute(db);
  await sql`CREATE TABLE requests_in_flight (
    id INTEGER PRIMARY KEY,
    client TEXT NOT NULL,
    started_at INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX requests_in_flight_client ON requests_in_flight (client, started_at)`.execute(db);
}
