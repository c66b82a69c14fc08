import { type Kysely, sql } from "kysely";

// How a hosted blog looks (docs/decisions/077-blog-themes.md). The brand's accent colour and font pairing are brand
// settings (null and 'modern' keep today's blue and system sans); the theme is the blog's own, in a table of the
// hosted-blog area, one row per site once a theme was chosen. Values are checked by the app, not by CHECK
// constraints, so a theme or pairing added later needs no table rebuild; an unknown value reads as the default.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE brand_settings ADD COLUMN accent_color TEXT`.execute(db);
  await sql`ALTER TABLE brand_settings ADD COLUMN font_pairing TEXT NOT NULL DEFAULT 'modern'`.execute(db);
  await sql`CREATE TABLE blog_appearance (
    site_id TEXT PRIMARY KEY REFERENCES sites(id) ON DELETE CASCADE,
    theme TEXT NOT NULL,
    updated_by TEXT REFERENCES users(id) ON DELETE SET NULL,
    updated_at TEXT NOT NULL
  ) WITHOUT ROWID`.execute(db);
}
