import { type Kysely, sql } from "kysely";

// The one-click link that undoes an email change, mailed to the OLD address
// (docs/decisions/017). SQLite cannot alter a CHECK
// constraint, so auth_tokens is rebuilt with the new kind; no table references it.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE auth_tokens_new (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('verify_email','reset_password','change_email','revert_email')),
    token_hash TEXT NOT NULL UNIQUE,
    payload TEXT,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  )`.execute(db);
  await sql`INSERT INTO auth_tokens_new (id, user_id, kind, token_hash, payload, expires_at, used_at, created_at)
    SELECT id, user_id, kind, token_hash, payload, expires_at, used_at, created_at FROM auth_tokens`.execute(db);
  await sql`DROP TABLE auth_tokens`.execute(db);
  await sql`ALTER TABLE auth_tokens_new RENAME TO auth_tokens`.execute(db);
  await sql`CREATE INDEX auth_tokens_user_kind ON auth_tokens(user_id, kind)`.execute(db);
}
