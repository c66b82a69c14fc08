import { type Kysely, sql } from "kysely";

// Articles by site and slug (docs/decisions/053): every save looks for the slugs its own slug would clash with
// (uniqueSlug in app/modules/articles/mutations.server.ts), and the hosted blog finds a post by its slug. Without an
// index both scanned every article of the site: at 10,000 articles each save read them all on the main thread.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE INDEX articles_site_slug ON articles(site_id, slug)`.execute(db);
}
