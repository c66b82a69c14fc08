import { type Kysely, sql } from "kysely";

// A plan item's keyword difficulty as the provider's 0-100 figure, next to the Easy/Medium/Hard label it already
// has, so the plan can say 'difficulty 23' and rank by it (docs/decisions/050-content-plan.md).
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE plan_items ADD COLUMN keyword_difficulty INTEGER CHECK (keyword_difficulty BETWEEN 0 AND 100)`.execute(db);
}
