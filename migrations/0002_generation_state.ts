import { type Kysely, sql } from "kysely";

// A generation's intermediate results (outline, finished sections, FAQ ...) as
// JSON, so a retried job resumes from the last finished step instead of
// paying for the same model calls twice.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE generations ADD COLUMN state TEXT NOT NULL DEFAULT '{}'`.execute(db);
}
