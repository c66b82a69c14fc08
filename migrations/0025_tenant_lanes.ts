import { type Kysely, sql } from "kysely";

// Lanes that isolate tenants (docs/decisions/051):
// - jobs.tenant_key: the workspace whose share of a lane a job uses; a lane claims
//   for the workspaces with the fewest running jobs first and never gives one
//   workspace more than its share while others wait.
// - jobs.group_limit: how many jobs of the job's group (a destination host, a
//   webhook receiver's host, a site) may run at once; null is the queue's default.
// - jobs_running: the running jobs only, which every claim counts by group and tenant.
// - webhook_endpoints.failure_streak / backoff_until / paused_reason: a receiver that
//   keeps failing is backed off, then paused with a notice to the owners.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE jobs ADD COLUMN tenant_key TEXT`.execute(db);
  await sql`ALTER TABLE jobs ADD COLUMN group_limit INTEGER`.execute(db);
  await sql`CREATE INDEX jobs_running ON jobs(name, tenant_key, group_key) WHERE status = 'running'`.execute(db);
  await sql`ALTER TABLE webhook_endpoints ADD COLUMN failure_streak INTEGER NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE webhook_endpoints ADD COLUMN backoff_until TEXT`.execute(db);
  await sql`ALTER TABLE webhook_endpoints ADD COLUMN paused_reason TEXT`.execute(db);
}
