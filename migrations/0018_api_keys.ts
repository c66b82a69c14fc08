import { type Kysely, sql } from "kysely";

// Developer API keys (issue 11 scope 5; docs/decisions/045): a key may be limited to one
// site of its workspace (deleted with it), and revoking keeps the row for the audit trail
// while the key stops working at once.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE api_keys ADD COLUMN site_id TEXT REFERENCES sites(id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE api_keys ADD COLUMN revoked_at TEXT`.execute(db);
}
