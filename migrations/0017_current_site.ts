import { type Kysely, sql } from "kysely";

// The site a session works on (docs/decisions/043). NULL (or a
// site the user may no longer see) means the first site of the user's first
// workspace; deleting the site clears it.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE sessions ADD COLUMN current_site_id TEXT REFERENCES sites(id) ON DELETE SET NULL`.execute(db);
}
