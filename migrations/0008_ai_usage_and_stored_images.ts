import { type Kysely, sql } from "kysely";

// ai_usage: the daily AI allowance per site (docs/decisions/018).
// One row per site, UTC day and kind of action; the meter sums a site's day.
//
// stored_images: every file kept under DATA_DIR/uploads (generated article
// images, logos, avatars) with its owner, so a site's images can be counted and
// a deleted workspace, article or user takes its files along (decision 019).
// The path is relative to the data directory ("uploads/<kind>/<file>").
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE ai_usage (
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    kind TEXT NOT NULL,
    units INTEGER NOT NULL DEFAULT 0,
    calls INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (site_id, day, kind)
  ) WITHOUT ROWID`.execute(db);

  await sql`CREATE TABLE stored_images (
    path TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('article','logo','avatar')),
    site_id TEXT REFERENCES sites(id) ON DELETE CASCADE,
    article_id TEXT REFERENCES articles(id) ON DELETE SET NULL,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    bytes INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX stored_images_site_kind ON stored_images(site_id, kind)`.execute(db);
  await sql`CREATE INDEX stored_images_article ON stored_images(article_id)`.execute(db);
  await sql`CREATE INDEX stored_images_user ON stored_images(user_id)`.execute(db);

  // Files stored before this migration, as far as the database knows them (the
  // generator's single images were not recorded anywhere and stay unknown).
  await sql`INSERT OR IGNORE INTO stored_images (path, kind, site_id, article_id, user_id, created_at)
    SELECT substr(i.path, 2), 'article', a.site_id, a.id, NULL, i.created_at
    FROM article_images i JOIN articles a ON a.id = i.article_id
    WHERE i.path LIKE '/uploads/articles/%'`.execute(db);
  await sql`INSERT OR IGNORE INTO stored_images (path, kind, site_id, article_id, user_id, created_at)
    SELECT logo_path, 'logo', site_id, NULL, NULL, updated_at FROM brand_settings WHERE logo_path LIKE 'uploads/logos/%'`.execute(db);
  await sql`INSERT OR IGNORE INTO stored_images (path, kind, site_id, article_id, user_id, created_at)
    SELECT avatar_path, 'avatar', NULL, NULL, id, updated_at FROM users WHERE avatar_path LIKE 'uploads/avatars/%'`.execute(db);
}
