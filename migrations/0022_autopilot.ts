import { type Kysely, sql } from "kysely";

// Auto-pilot (docs/decisions/049): one row per site and local day, made by the minute tick or
// POST /resources/cron. The unique key is what makes two ticks, two cron calls or a catch-up after downtime write and
// publish a day's article once. The row follows the day: writing, written (waits as a draft), held (with reasons),
// publishing, published, failed or skipped.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE autopilot_days (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    keyword TEXT NOT NULL DEFAULT '',
    plan_item_id TEXT,
    article_id TEXT REFERENCES articles(id) ON DELETE SET NULL,
    generation_id TEXT,
    publish_at TEXT,
    state TEXT NOT NULL DEFAULT 'writing'
      CHECK (state IN ('writing','written','held','publishing','published','failed','skipped')),
    reasons TEXT NOT NULL DEFAULT '[]',
    notified_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (site_id, day)
  )`.execute(db);
  await sql`CREATE INDEX autopilot_days_site ON autopilot_days(site_id, day DESC)`.execute(db);
  // The quality gate's bar: the SEO panel's score an article needs before it goes out on its own.
  await sql`ALTER TABLE content_settings ADD COLUMN autopilot_min_score INTEGER NOT NULL DEFAULT 70`.execute(db);
}
