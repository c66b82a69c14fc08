import { type Kysely, sql } from "kysely";

// Revisions of an article's publishable fields (app/modules/articles/revisions.server.ts): every save records one
// (autosaves coalesce), publications name the exact revision they sent, approvals the revision they approved.
// Each existing article gets one revision of what it holds now, so every article has a current revision.
// Publications and approvals made before this migration name none (null): they keep the content-hash comparison.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE article_revisions (
    id TEXT PRIMARY KEY,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    title TEXT NOT NULL,
    slug TEXT NOT NULL,
    content_html TEXT NOT NULL,
    meta_description TEXT NOT NULL DEFAULT '',
    target_keyword TEXT NOT NULL DEFAULT '',
    featured_image TEXT,
    topic_id TEXT,
    author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    author_name TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    saved_at TEXT NOT NULL,
    seq INTEGER NOT NULL
  )`.execute(db);
  await sql`CREATE UNIQUE INDEX article_revisions_article_seq ON article_revisions(article_id, seq)`.execute(db);
  await sql`CREATE INDEX article_revisions_saved ON article_revisions(saved_at)`.execute(db);
  await sql`ALTER TABLE publications ADD COLUMN revision_id TEXT REFERENCES article_revisions(id) ON DELETE SET NULL`.execute(db);
  await sql`ALTER TABLE article_approvals ADD COLUMN revision_id TEXT REFERENCES article_revisions(id) ON DELETE SET NULL`.execute(db);
  // Pruning asks, per old revision, whether a publication or an approval names it.
  await sql`CREATE INDEX publications_revision ON publications(revision_id) WHERE revision_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX article_approvals_revision ON article_approvals(revision_id) WHERE revision_id IS NOT NULL`.execute(db);
  await sql`INSERT INTO article_revisions (id, article_id, site_id, kind, title, slug, content_html, meta_description,
      target_keyword, featured_image, topic_id, author_id, author_name, created_at, saved_at, seq)
    SELECT lower(hex(randomblob(16))), a.id, a.site_id, 'save', a.title, a.slug, a.content_html, a.meta_description,
      a.target_keyword, a.featured_image, a.topic_id, NULL, '', a.updated_at, a.updated_at, 1
    FROM articles a WHERE a.status != 'generating'`.execute(db);
}
