import { type Kysely, sql } from "kysely";

// A hosted blog's own domain (docs/decisions/076-blog-custom-domains.md): one per site, each hostname once across
// all workspaces. The ownership token is what the customer's TXT record must hold; the certificate's state is what
// Fly's certificates API last said.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE blog_domains (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    hostname TEXT NOT NULL UNIQUE,
    ownership_token TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending_dns', 'issuing', 'active')),
    certificate_status TEXT,
    last_check TEXT,
    checked_at TEXT,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);
}
