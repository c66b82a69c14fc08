import { type Kysely, sql } from "kysely";

// Search results (docs/decisions/060-search-results.md). search_console_connections: one Google Search Console
// property per site, its OAuth tokens sealed with encryptSecret, and how far the import has come.
// The measurements are stored compactly: pages and queries are interned per site (search_pages, search_queries),
// days are whole numbers (days since 1970-01-01 UTC) and the per-day / per-week rows are WITHOUT ROWID tables keyed
// by their own dimensions, so a re-import of a day or a week replaces its rows instead of adding to them.
// search_site_days: the property's totals by date (they include the queries Google anonymises).
// search_page_days: clicks, impressions and impression-weighted average position by page and date.
// search_page_query_weeks: the same by page and query for a complete week (Monday's day number), for article pages.
// search_query_weeks: the property's queries by week, for queries no article answers yet.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE search_console_connections (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    workspace_id TEXT NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
    google_email TEXT NOT NULL,
    property TEXT,
    scopes TEXT NOT NULL DEFAULT '',
    refresh_token TEXT NOT NULL,
    access_token TEXT,
    access_token_expires_at TEXT,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','needs_reconnect')),
    days_imported_through INTEGER,
    weeks_imported_through INTEGER,
    last_import_at TEXT,
    last_error TEXT,
    last_error_at TEXT,
    connected_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX search_console_connections_workspace ON search_console_connections(workspace_id)`.execute(db);
  await sql`CREATE TABLE search_pages (
    id INTEGER PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    article_id TEXT REFERENCES articles(id) ON DELETE SET NULL,
    UNIQUE (site_id, url)
  )`.execute(db);
  await sql`CREATE INDEX search_pages_article ON search_pages(article_id) WHERE article_id IS NOT NULL`.execute(db);
  await sql`CREATE TABLE search_queries (
    id INTEGER PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    query TEXT NOT NULL,
    UNIQUE (site_id, query)
  )`.execute(db);
  await sql`CREATE TABLE search_site_days (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    impressions INTEGER NOT NULL,
    position REAL NOT NULL,
    PRIMARY KEY (site_id, day)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE TABLE search_page_days (
    page_id INTEGER NOT NULL REFERENCES search_pages(id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    impressions INTEGER NOT NULL,
    position REAL NOT NULL,
    PRIMARY KEY (page_id, day)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE TABLE search_page_query_weeks (
    page_id INTEGER NOT NULL REFERENCES search_pages(id) ON DELETE CASCADE,
    week INTEGER NOT NULL,
    query_id INTEGER NOT NULL REFERENCES search_queries(id) ON DELETE CASCADE,
    clicks INTEGER NOT NULL,
    impressions INTEGER NOT NULL,
    position REAL NOT NULL,
    PRIMARY KEY (page_id, week, query_id)
  ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX search_page_query_weeks_query ON search_page_query_weeks(query_id, week)`.execute(db);
  await sql`CREATE TABLE search_query_weeks (
    query_id INTEGER NOT NULL REFERENCES search_queries(id) ON DELETE CASCADE,
    week INTEGER NOT NULL,
    clicks INTEGER NOT NULL,
    impressions INTEGER NOT NULL,
    position REAL NOT NULL,
    PRIMARY KEY (query_id, week)
  ) WITHOUT ROWID`.execute(db);
}
