import { type Kysely, sql } from "kysely";

// The Backlinks page (docs/decisions/039-backlink-data-and-link-failures.md):
// - links.failure: why a link's last check failed, classified where the check ran
//   (DNS, timeout, TLS, an HTTP status, the SSRF guard...), so the page can say it in
//   plain words and the SEO score can read it;
// - backlink_data: the last answer of the backlink-data provider per site, and when it
//   was last asked (at most once an hour per site), so a page view never costs a request.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE links ADD COLUMN failure TEXT
    CHECK (failure IN ('dns','timeout','tls','http','blocked','connection','redirects','invalid'))`.execute(db);
  await sql`CREATE TABLE backlink_data (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    target TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    fetched_at TEXT,
    summary TEXT,
    links TEXT,
    error_at TEXT,
    error_id TEXT
  )`.execute(db);
}
