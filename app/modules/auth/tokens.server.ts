import type { DB } from "#app/db/client.server";
import type { AuthTokenKind } from "#app/db/schema";
import { hashToken, newId, randomToken } from "#app/utils/crypto.server";
import { DAY, HOUR, isoIn, isoNow } from "#app/utils/time";

/**
 * Single-use tokens for links in mail. Only the SHA-256 of a token is stored;
 * the clear token exists in the mail alone.
 */

export const TOKEN_TTL_MS: Record<AuthTokenKind, number> = {
  verify_email: HOUR,
  reset_password: HOUR,
  change_email: HOUR,
  // Mailed to the old address when an email change is confirmed; its owner may be away for days.
  revert_email: 7 * DAY,
};

export async function issueAuthToken(db: DB, userId: string, kind: AuthTokenKind, payload?: unknown) {
  const token = randomToken();
  const now = new Date();
  await db
    .insertInto("auth_tokens")
    .values({
      id: newId(),
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      payload: payload === undefined ? null : JSON.stringify(payload),
      expires_at: isoIn(TOKEN_TTL_MS[kind], now),
      used_at: null,
      created_at: isoNow(now),
    })
    .execute();
  return token;
}

export type TokenLookup = { userId: string; payload: unknown; state: "valid" | "used" | "expired" };

/** Reads a token without using it up (GET pages may look, never consume). */
export async function findAuthToken(db: DB, token: string, kind: AuthTokenKind): Promise<TokenLookup | null> {
  if (!token) return null;
  const row = await db
    .selectFrom("auth_tokens")
    .select(["user_id", "payload", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row) return null;
  const state = row.used_at ? "used" : row.expires_at <= isoNow() ? "expired" : "valid";
  return { userId: row.user_id, payload: row.payload ? JSON.parse(row.payload) : null, state };
}

/**
 * Uses a token up. The single UPDATE … WHERE used_at IS NULL makes two
 * concurrent uses of the same link succeed at most once.
 */
export async function consumeAuthToken(db: DB, token: string, kind: AuthTokenKind) {
  if (!token) return null;
  const now = isoNow();
  const row = await db
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["user_id", "payload"])
    .executeTakeFirst();
  if (!row) return null;
  return { userId: row.user_id, payload: row.payload ? (JSON.parse(row.payload) as unknown) : null };
}

/** Retires every open token of a kind, e.g. other reset links once the password changed. */
export async function revokeAuthTokens(db: DB, userId: string, kind: AuthTokenKind) {
  await db
    .updateTable("auth_tokens")
    .set({ used_at: isoNow() })
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("used_at", "is", null)
    .execute();
}

/** Housekeeping: tokens a day past their expiry (the day lets a late click still be told "expired"). */
export async function purgeExpiredAuthTokens(db: DB, now = new Date()) {
  await db.deleteFrom("auth_tokens").where("expires_at", "<", isoIn(-DAY, now)).execute();
}

/** Uses up one token found by id (read first by its owner); false when it was used meanwhile. */
export async function useAuthTokenById(db: DB, tokenId: string, at: string) {
  const used = await db
    .updateTable("auth_tokens")
    .set({ used_at: at })
    .where("id", "=", tokenId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}
