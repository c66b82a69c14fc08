import { type Kysely, sql } from "kysely";

// The first hour, docs/decisions/035:
// - The 'Getting started' checklist ticks itself from real data; the one thing
//   stored is that a user dismissed it.
// - Only articles the AI engine writes count against a plan now. Hand-written
//   articles that counted under the old rule (no generation ever ran on them)
//   are given back: their usage events go, and a trial's counter drops by as many.
// - Starting a regeneration asks whether the article already counted, by article id.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE users ADD COLUMN getting_started_dismissed_at TEXT`.execute(db);
  await sql`CREATE INDEX usage_events_article ON usage_events(article_id) WHERE article_id IS NOT NULL`.execute(db);

  const handWritten = sql`SELECT a.id FROM articles a
    WHERE a.source = 'manual' AND NOT EXISTS (SELECT 1 FROM generations g WHERE g.article_id = a.id)`;
  await sql`UPDATE workspaces SET trial_articles_used = MAX(0, trial_articles_used - (
      SELECT COUNT(*) FROM usage_events e WHERE e.workspace_id = workspaces.id AND e.article_id IN (${handWritten})
    )) WHERE plan = 'trial'`.execute(db);
  await sql`DELETE FROM usage_events WHERE article_id IN (${handWritten})`.execute(db);
}
