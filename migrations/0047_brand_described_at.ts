import { type Kysely, sql } from "kysely";

// When the brand settings last changed what the business is (its name, industry, description, audience or tags),
// as opposed to its tone, language, logo or links (docs/decisions/070-the-plan-knows-what-exists.md): a business
// described after its pages were scanned plans from the pages that fit the new description only. Null until then.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE brand_settings ADD COLUMN described_at TEXT`.execute(db);
}
