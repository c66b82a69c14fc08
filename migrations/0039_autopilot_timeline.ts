import { type Kysely, sql } from "kysely";

// Auto-pilot's live states and each day's timeline. The day row gains the states between written and live:
// ready (passed the quality check, goes out at its time), approved (a person approved it, goes out at its time) and
// scheduled (handed to the destination; was 'publishing'); failure_mailed_at marks the one mail about a failed
// publication. autopilot_day_events records every change of a day's state with its time, the day's timeline.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE autopilot_days_new (
    id TEXT PRIMARY KEY,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    day TEXT NOT NULL,
    keyword TEXT NOT NULL DEFAULT '',
    plan_item_id TEXT,
    article_id TEXT REFERENCES articles(id) ON DELETE SET NULL,
    generation_id TEXT,
    publish_at TEXT,
    state TEXT NOT NULL DEFAULT 'writing'
      CHECK (state IN ('writing','written','ready','held','approved','scheduled','published','failed','skipped')),
    reasons TEXT NOT NULL DEFAULT '[]',
    notified_at TEXT,
    failure_mailed_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    UNIQUE (site_id, day)
  )`.execute(db);
  await sql`INSERT INTO autopilot_days_new
      (id, site_id, day, keyword, plan_item_id, article_id, generation_id, publish_at, state, reasons, notified_at, created_at, updated_at)
    SELECT id, site_id, day, keyword, plan_item_id, article_id, generation_id, publish_at,
      CASE state WHEN 'publishing' THEN 'scheduled' ELSE state END, reasons, notified_at, created_at, updated_at
    FROM autopilot_days`.execute(db);
  await sql`DROP TABLE autopilot_days`.execute(db);
  await sql`ALTER TABLE autopilot_days_new RENAME TO autopilot_days`.execute(db);
  await sql`CREATE INDEX autopilot_days_site ON autopilot_days(site_id, day DESC)`.execute(db);
  // The days whose work is still ahead (moved when the publishing time changes) and those waiting on a publication.
  await sql`CREATE INDEX autopilot_days_state ON autopilot_days(state, publish_at)`.execute(db);
  await sql`CREATE TABLE autopilot_day_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    day_id TEXT NOT NULL REFERENCES autopilot_days(id) ON DELETE CASCADE,
    site_id TEXT NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
    state TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX autopilot_day_events_day ON autopilot_day_events(day_id, id)`.execute(db);
  await sql`CREATE INDEX autopilot_day_events_site ON autopilot_day_events(site_id, id)`.execute(db);
  await sql`INSERT INTO autopilot_day_events (day_id, site_id, state, detail, at)
    SELECT id, site_id, state, '', updated_at FROM autopilot_days`.execute(db);
}
