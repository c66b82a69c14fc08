import { type Kysely, sql } from "kysely";

// When the account last signed in (docs/decisions/034). A first
// sign-in greets with 'Welcome to Inkpilot!', later ones with 'Welcome back!'.
// Accounts from before this column: one with a live session or a finished
// onboarding has been here already, so it is not greeted as new.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE users ADD COLUMN last_signed_in_at TEXT`.execute(db);
  await sql`UPDATE users SET last_signed_in_at = COALESCE(
    (SELECT MAX(s.created_at) FROM sessions s WHERE s.user_id = users.id),
    onboarding_completed_at
  )`.execute(db);
}
