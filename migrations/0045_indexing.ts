import { type Kysely, sql } from "kysely";

// Telling search engines about posts (docs/decisions/060-search-results.md, "Tell search engines").
// indexnow_keys: each hosted blog's own IndexNow key, served at /b/<blog slug>/<key>.txt.
// indexnow_submissions: one row per hosted-blog URL and change (the sent revision's content hash), queued by the
// publish engine and sent in batches; a URL whose newest row already carries the same change is not queued again.
// sitemap_submissions: when the hosted blog's sitemap was last submitted to Search Console (at most once a day).
// url_inspections: the URL Inspection API's verdict on a published post of a site with Search Console, and when
// to look again (null once indexed or given up).
// search_console_calls: URL Inspection calls per property and period ('d:YYYY-MM-DD' Pacific day, 'm:<ISO minute>').
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE indexnow_keys (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    key TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE indexnow_submissions (
    id INTEGER PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    change TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','failed')),
    http_status INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    sent_at TEXT,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX indexnow_submissions_url ON indexnow_submissions(site_id, url, id)`.execute(db);
  await sql`CREATE INDEX indexnow_submissions_queued ON indexnow_submissions(site_id, id) WHERE status = 'queued'`.execute(db);
  await sql`CREATE TABLE sitemap_submissions (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    sitemap_url TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('sent','failed')),
    last_error TEXT,
    submitted_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE TABLE url_inspections (
    publication_id TEXT PRIMARY KEY REFERENCES publications(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    published_at TEXT NOT NULL,
    verdict TEXT,
    coverage_state TEXT,
    last_crawl_time TEXT,
    inspections INTEGER NOT NULL DEFAULT 0,
    inspected_at TEXT,
    next_inspection_at TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX url_inspections_due ON url_inspections(site_id, next_inspection_at) WHERE next_inspection_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE TABLE search_console_calls (
    property TEXT NOT NULL,
    period TEXT NOT NULL,
    calls INTEGER NOT NULL,
    PRIMARY KEY (property, period)
  ) WITHOUT ROWID`.execute(db);
}
