import { type Kysely, sql } from "kysely";

// Hardening (docs/decisions/012-worker-lanes-time-limits-lease-tokens.md):
// - jobs.lease_token: a fresh random token per claim. Heartbeat, success and
//   failure only count when the row is still 'running' under the caller's token,
//   so a worker whose lease was taken over (or whose job was cancelled) can no
//   longer record an outcome.
// - jobs_claim: each worker lane claims only its own job names; this partial
//   index holds only active jobs by name and due time, so the mail lane finds
//   its next job without walking a backlog of bulk jobs or finished mail.
// - links.attempted_at: when a check run last took the link (checked, or skipped
//   because its host was dead or asked us to wait). Runs are capped; the next run
//   starts with the links that waited longest, so every link gets its turn.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE jobs ADD COLUMN lease_token TEXT`.execute(db);
  await sql`CREATE INDEX jobs_claim ON jobs(name, run_at) WHERE status IN ('queued','running')`.execute(db);
  await sql`ALTER TABLE links ADD COLUMN attempted_at TEXT`.execute(db);
  await sql`UPDATE links SET attempted_at = checked_at`.execute(db);
  await sql`CREATE INDEX links_site_attempted ON links(site_id, attempted_at)`.execute(db);
}
