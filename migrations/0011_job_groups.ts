import { type Kysely, sql } from "kysely";

// Publishing: a job may belong to a group (one publishing destination),
// and the queue runs at most a few jobs of one group at once, so a burst of
// publications to one slow site cannot take every slot of its lane while other
// customers wait (app/modules/jobs/queue.server.ts, GROUP_CONCURRENCY).
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE jobs ADD COLUMN group_key TEXT`.execute(db);
  await sql`CREATE INDEX jobs_running_group ON jobs(group_key) WHERE status = 'running' AND group_key IS NOT NULL`.execute(db);
}
