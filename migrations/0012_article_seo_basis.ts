import { type Kysely, sql } from "kysely";

// The articles list shows each article's stored SEO score and word count. The score
// depends on the scorer's checks and the site's content settings, so each row records what it was scored
// against; rows scored against something else (NULL: every row before this migration) are scored again
// the first time the list shows them (app/modules/articles/stored-score.server.ts, decision 038).
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE articles ADD COLUMN seo_basis TEXT`.execute(db);
}
