import { type Kysely, sql } from "kysely";

// The links found in a site's articles and the result of their last check
// (Backlinks page, docs/product.md "Backlinks"). One row per article
// and URL, so a link removed from an article disappears with the next save.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE links (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('internal','external')),
    anchor_text TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'unchecked'
      CHECK (status IN ('unchecked','ok','redirect','broken','blocked','error')),
    http_status INTEGER,
    final_url TEXT,
    checked_at TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (article_id, url)
  )`.execute(db);
  await sql`CREATE INDEX links_site_status ON links(site_id, status)`.execute(db);
}
