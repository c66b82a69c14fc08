import { type Kysely, sql } from "kysely";

// The auto-pilot digest (docs/decisions/049): each member chooses, per workspace, a daily or weekly
// mail of what auto-pilot wrote, held and published, or none.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE memberships ADD COLUMN digest TEXT NOT NULL DEFAULT 'weekly' CHECK (digest IN ('daily','weekly','off'))`.execute(
    db,
  );
}
