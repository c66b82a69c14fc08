import { type Kysely, sql } from "kysely";

// The sizes a platform made of each uploaded image (WordPress's media sizes, Ghost's /size/wNNN/ variants), as a
// JSON array of {url, width, height}: an update reuses an uploaded image without asking the platform again and still
// sends its srcset (app/modules/publishing/figures.ts). NULL for rows from before and platforms that make none.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE publication_media ADD COLUMN variants TEXT`.execute(db);
}
