import { type Kysely, sql } from "kysely";

// 'Show sources on published posts' (docs/decisions/058-research.md): with it on, a post the engine wrote from
// research ends with a 'Sources' section listing its claim ledger. Off by default: the customer chooses to show it.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE content_settings ADD COLUMN show_sources INTEGER NOT NULL DEFAULT 0`.execute(db);
}
