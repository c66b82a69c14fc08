import { type Kysely, sql } from "kysely";

// A hosted blog served under a path of the customer's own site through their reverse proxy
// (docs/decisions/078-blog-behind-a-proxy.md): one per site, each public address once. The proxy proves itself with
// the token, which it sends on every request; the blog answers there once a check through the proxy found it.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE blog_proxies (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    public_url TEXT NOT NULL UNIQUE,
    token TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'active')),
    last_error TEXT,
    checked_at TEXT,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);
}
