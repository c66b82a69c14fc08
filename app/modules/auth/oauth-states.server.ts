import { requirePrimary } from "#app/db/replica.server";
import type { DB } from "#app/db/client.server";
import { randomToken } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";

/**
 * The `state` nonce of an OAuth redirect (Shopify, WordPress.com, Wix…): a
 * random value stored with what the callback needs to finish (site, user, shop),
 * valid once and for a short time, so a callback can neither be forged nor
 * replayed. Expired rows are swept by the maintenance job.
 */

const DEFAULT_OAUTH_STATE_TTL_MS = 10 * 60_000;

export type OAuthStatePayload = Record<string, unknown>;

export async function createOAuthState(
  db: DB,
  input: { provider: string; siteId: string | null; payload?: OAuthStatePayload; ttlMs?: number; now?: Date },
) {
  // The start of every OAuth flow is a GET; its state is written on the primary (docs/decisions/080).
  requirePrimary(`starting ${input.provider}'s sign-in`);
  const now = input.now ?? new Date();
  const state = randomToken(24);
  const expiresAt = new Date(now.getTime() + (input.ttlMs ?? DEFAULT_OAUTH_STATE_TTL_MS)).toISOString();
  await db
    .insertInto("oauth_states")
    .values({
      state,
      provider: input.provider,
      site_id: input.siteId,
      payload: JSON.stringify(input.payload ?? {}),
      expires_at: expiresAt,
      created_at: now.toISOString(),
    })
    .execute();
  return { state, expiresAt };
}

export type ConsumedOAuthState = { siteId: string | null; payload: OAuthStatePayload; createdAt: string };

/**
 * Takes the state out (single use: deleted whether or not it is still valid, so
 * a second callback with it fails); null when unknown, of another provider, or expired.
 */
export async function consumeOAuthState(
  db: DB,
  state: string,
  provider: string,
  now: Date = new Date(),
): Promise<ConsumedOAuthState | null> {
  if (!state || state.length > 200) return null;
  const row = await db
    .deleteFrom("oauth_states")
    .where("state", "=", state)
    .where("provider", "=", provider)
    .returning(["site_id", "payload", "expires_at", "created_at"])
    .executeTakeFirst();
  if (!row || row.expires_at <= now.toISOString()) return null;
  let payload: OAuthStatePayload = {};
  try {
    const parsed: unknown = JSON.parse(row.payload);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) payload = parsed as OAuthStatePayload;
  } catch {
    // A payload we wrote ourselves is always JSON; an unreadable one carries nothing.
  }
  return { siteId: row.site_id, payload, createdAt: row.created_at };
}

/** Housekeeping: OAuth states past their expiry. */
export async function purgeExpiredOauthStates(db: DB, now = new Date()) {
  await db.deleteFrom("oauth_states").where("expires_at", "<", isoNow(now)).execute();
}
