import { type Kysely, sql } from "kysely";

// Review and approvals (docs/decisions/049). Every decision on an auto-pilot article names the
// person and the time, because customers increasingly need a named human editor for AI-written text; the name is kept
// as it was so the record outlives the account. Review mode holds every article for approval; the disclosure line
// is added to published posts when asked for.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE article_approvals (
    id TEXT PRIMARY KEY,
    article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    user_name TEXT NOT NULL,
    decision TEXT NOT NULL CHECK (decision IN ('approved','rejected')),
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX article_approvals_article ON article_approvals(article_id, created_at DESC)`.execute(db);
  await sql`ALTER TABLE content_settings ADD COLUMN review_mode INTEGER NOT NULL DEFAULT 0`.execute(db);
  // Strict links: an article whose external links the link checker has not found working is held.
  await sql`ALTER TABLE content_settings ADD COLUMN autopilot_strict_links INTEGER NOT NULL DEFAULT 0`.execute(db);
  // The 'AI-assisted' disclosure line at the end of published posts the AI engine wrote.
  await sql`ALTER TABLE content_settings ADD COLUMN ai_disclosure INTEGER NOT NULL DEFAULT 0`.execute(db);
}
