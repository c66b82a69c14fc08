import { type Kysely, sql } from "kysely";

// The Publishing tab (docs/decisions/048). The site's time zone is sites.timezone, the one every
// page shows dates in, so publishing_settings' own copy goes. daily_times now lists the extra times beside
// scheduled_time (the main one), so a time is never stored twice.
export async function up(db: Kysely<unknown>) {
  await sql`UPDATE sites SET timezone = (SELECT p.timezone FROM publishing_settings p WHERE p.site_id = sites.id)
    WHERE timezone = 'UTC' AND EXISTS (SELECT 1 FROM publishing_settings p WHERE p.site_id = sites.id AND p.timezone != 'UTC')`.execute(db);
  await sql`ALTER TABLE publishing_settings DROP COLUMN timezone`.execute(db);
  await sql`UPDATE publishing_settings SET daily_times = COALESCE(
    (SELECT json_group_array(value) FROM json_each(publishing_settings.daily_times) WHERE value != publishing_settings.scheduled_time),
    '[]')`.execute(db);
}
