import { type Kysely, sql } from "kysely";

// The 30-day content plan (docs/decisions/047). plan_items
// stays "the keyword picked for a day" (the scheduler's row, one per site and
// date, the date being the item's position); a plan item adds a working title,
// where it came from (origin), its evidence (kind and the page or record it
// names; `rationale` holds the 'why this keyword' line), the keyword-data
// figures when a provider answered, and its cannibalisation flag: the article
// or plan item it competes with and how close, and the competitor the customer
// chose to keep anyway.
export async function up(db: Kysely<unknown>) {
  for (const column of [
    sql`title TEXT NOT NULL DEFAULT ''`,
    sql`origin TEXT NOT NULL DEFAULT 'scheduler' CHECK (origin IN ('scheduler','offline','ai','manual'))`,
    sql`evidence_kind TEXT NOT NULL DEFAULT '' CHECK (evidence_kind IN ('','page','product','topic','gap','brand','manual'))`,
    sql`evidence_ref TEXT NOT NULL DEFAULT ''`,
    sql`volume INTEGER`,
    sql`difficulty TEXT`,
    sql`conflict_kind TEXT CHECK (conflict_kind IN ('article','item'))`,
    sql`conflict_id TEXT`,
    sql`conflict_label TEXT NOT NULL DEFAULT ''`,
    sql`conflict_score REAL`,
    sql`kept_conflict_id TEXT`,
    sql`updated_at TEXT`,
  ]) {
    await sql`ALTER TABLE plan_items ADD COLUMN ${column}`.execute(db);
  }
}
