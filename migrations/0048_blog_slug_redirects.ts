import { type Kysely, sql } from "kysely";

// A hosted blog's former addresses (docs/decisions/071-blog-address-changes.md): /b/<old_slug>/… answers 301 to the
// site's current address, so links and search results that point at an old address keep working. An address stays
// with its site: no other blog may take it while it redirects.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE blog_slug_redirects (
    old_slug TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX blog_slug_redirects_site ON blog_slug_redirects(site_id)`.execute(db);
}
