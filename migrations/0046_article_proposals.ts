import { type Kysely, sql } from "kysely";

// A regeneration or refresh of an article that already has text proposes rather than replaces
// (docs/decisions/066-refresh-proposes.md): the new version waits here beside the working copy until the customer
// accepts it (it becomes the working copy, a new revision) or discards it. One waiting proposal per article; a
// newer one replaces it. images: the generated images the proposal shows (JSON of { url, alt, prompt, position }).
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE article_proposals (
    article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    generation_id TEXT NOT NULL,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    content_html TEXT NOT NULL,
    meta_description TEXT NOT NULL,
    target_keyword TEXT NOT NULL,
    featured_image TEXT,
    images TEXT NOT NULL DEFAULT '[]',
    source TEXT NOT NULL CHECK (source IN ('ai','offline')),
    seo_score INTEGER NOT NULL,
    word_count INTEGER NOT NULL,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX article_proposals_site ON article_proposals(site_id)`.execute(db);
}
