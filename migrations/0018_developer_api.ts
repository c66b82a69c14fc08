import { type Kysely, sql } from "kysely";

// The Developer API and event webhooks (docs/decisions/045 and 047).
// Developer API keys: a key may be limited to one site of its workspace (deleted with it),
// and revoking keeps the row for the audit trail while the key stops working at once.
// Event webhooks: a workspace's endpoints (signing secret encrypted, bound to the row) and
// one delivery row per event and endpoint, whose id is the Standard Webhooks webhook-id.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE api_keys ADD COLUMN site_id TEXT REFERENCES sites(id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE api_keys ADD COLUMN revoked_at TEXT`.execute(db);
  await sql`CREATE TABLE webhook_endpoints (
    id TEXT PRIMARY KEY,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    events TEXT NOT NULL DEFAULT '[]',
    secret_encrypted TEXT NOT NULL,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_workspace ON webhook_endpoints(workspace_id)`.execute(db);
  await sql`CREATE TABLE webhook_deliveries (
    id TEXT PRIMARY KEY,
    endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
    event_type TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','succeeded','failed')),
    attempts INTEGER NOT NULL DEFAULT 0,
    response_status INTEGER,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    delivered_at TEXT
  )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries(endpoint_id, created_at DESC)`.execute(db);
}
