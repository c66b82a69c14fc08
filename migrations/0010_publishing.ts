import { type Kysely, sql } from "kysely";

// Publishing (docs/decisions/033-publishing-connections-and-publications.md).
// Nothing wrote cms_connections or publications before this migration, so both
// are recreated rather than altered (SQLite cannot change a CHECK constraint):
// - connections gain the hosted blog and WordPress.com, a default per site, the
//   doctor's last report, and credentials that can be forgotten (NULL) while the
//   row stays, so reconnecting the same site revives it and its publications;
// - a publication is THE record of one article on one connection: the remote id
//   is written the moment a create answers, create_started_at marks a create
//   whose answer may have been lost (look before creating again), and
//   content_hash tells when the remote copy is out of date;
// - publication_media remembers what was uploaded to each connection's media
//   library, so retries and updates never upload an image twice.
// Sites get a globally unique blog_slug for the hosted blog at /b/:blogSlug.
export async function up(db: Kysely<unknown>) {
  await sql`DROP TABLE publications`.execute(db);
  await sql`DROP TABLE cms_connections`.execute(db);
  await sql`CREATE TABLE cms_connections (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    platform TEXT NOT NULL
      CHECK (platform IN ('hosted','wordpress','wordpress_com','shopify','wix','ghost','webflow','notion','webhook')),
    name TEXT NOT NULL DEFAULT '',
    site_url TEXT NOT NULL DEFAULT '',
    credentials_encrypted TEXT,
    config TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'connected' CHECK (status IN ('connected','needs_attention','disconnected')),
    is_default INTEGER NOT NULL DEFAULT 0,
    doctor TEXT NOT NULL DEFAULT '[]',
    last_error TEXT,
    last_checked_at TEXT,
    created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (site_id, platform, site_url)
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX cms_connections_one_default ON cms_connections(site_id) WHERE is_default = 1`.execute(db);
  await sql`CREATE TABLE publications (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    connection_id TEXT NOT NULL REFERENCES cms_connections(id) ON DELETE CASCADE,
    mode TEXT NOT NULL DEFAULT 'draft' CHECK (mode IN ('draft','live')),
    status TEXT NOT NULL DEFAULT 'pending'
      CHECK (status IN ('pending','scheduled','publishing','published','failed')),
    scheduled_for TEXT,
    marker TEXT NOT NULL,
    remote_id TEXT,
    remote_url TEXT,
    remote_status TEXT,
    remote_version TEXT,
    create_started_at TEXT,
    content_hash TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    correlation_id TEXT NOT NULL,
    published_at TEXT,
    live_check TEXT,
    live_checked_at TEXT,
    requested_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (article_id, connection_id)
  )`.execute(db);
  await sql`CREATE INDEX publications_connection ON publications(connection_id)`.execute(db);
  await sql`CREATE INDEX publications_site_status ON publications(site_id, status)`.execute(db);
  await sql`CREATE TABLE publication_media (
    connection_id TEXT NOT NULL REFERENCES cms_connections(id) ON DELETE CASCADE,
    local_path TEXT NOT NULL,
    remote_id TEXT NOT NULL,
    remote_url TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (connection_id, local_path)
  )`.execute(db);

  await sql`ALTER TABLE sites ADD COLUMN blog_slug TEXT`.execute(db);
  await sql`UPDATE sites SET blog_slug = slug || '-' || lower(substr(hex(randomblob(3)), 1, 6))`.execute(db);
  await sql`CREATE UNIQUE INDEX sites_blog_slug ON sites(blog_slug)`.execute(db);

  // Every site starts with the hosted blog as its default destination.
  await sql`INSERT INTO cms_connections (id, site_id, platform, name, site_url, status, is_default, created_at, updated_at)
    SELECT lower(hex(randomblob(16))), id, 'hosted', 'Hosted blog', '', 'connected', 1, created_at, created_at FROM sites`.execute(db);
}
