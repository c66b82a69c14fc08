import { type Kysely, sql } from "kysely";

// The link checker records each result for every row of the site with that URL
// (one URL can appear in several articles). Without this index each of those
// updates scanned all the site's links: a run that skipped a dead host's
// thousand links held the event loop for a fifth of a second.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX links_site_url ON links(site_id, url)`.execute(db);
}
