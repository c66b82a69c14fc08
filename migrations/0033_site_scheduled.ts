import { type Kysely, sql } from "kysely";

// A site's scheduled articles in time order, covering what the scheduler and auto-pilot's 'Next publish' read
// (docs/decisions/053). They used articles_scheduled (status, scheduled_at), which holds every site's scheduled
// articles: each scheduler view walked all of them and read each row for its site and title.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX articles_site_scheduled ON articles(site_id, status, scheduled_at, title, id)`.execute(db);
}
