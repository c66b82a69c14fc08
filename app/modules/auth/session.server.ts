import { createCookie, redirect } from "react-router";
import type { DB } from "#app/db/client.server";
import { isReplica, replayOnPrimary } from "#app/db/replica.server";
import { getEnv } from "#app/env.server";
import { newId } from "#app/utils/crypto.server";
import { DAY, isoIn, isoNow } from "#app/utils/time";

/**
 * Sessions live in the database; the signed __session cookie holds only the
 * row's id. Ending a session is deleting its row, so "sign out everywhere" and
 * the operator's "end every session" are single deletes.
 */

const SESSION_TTL_MS = 30 * DAY;
/** A session seen again after this long gets a fresh expiry (rolling refresh). */
const REFRESH_AFTER_MS = DAY;
const RENEW_ON_PRIMARY_WITHIN_MS = 7 * DAY;

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  const env = getEnv();
  cookie ??= createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env.appUrl.startsWith("https:"),
    secrets: env.sessionSecrets,
    maxAge: SESSION_TTL_MS / 1000,
  });
  return cookie;
}

async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** Whether a Cookie header carries a correctly signed session cookie (not whether its session still exists). */
export async function hasSignedSessionCookie(cookieHeader: string | undefined) {
  if (!cookieHeader?.includes("__session=")) return false;
  return typeof (await sessionCookie().parse(cookieHeader)) === "string";
}

/** `currentSiteId`: the site the new session starts on (an accepted invitation's), else the user's first (docs/decisions/043). */
export async function startSession(
  db: DB,
  userId: string,
  request: Request,
  ip?: string,
  { currentSiteId = null }: { currentSiteId?: string | null } = {},
) {
  const id = newId();
  const at = new Date();
  const now = isoNow(at);
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: userId,
      expires_at: isoIn(SESSION_TTL_MS, at),
      created_at: now,
      last_seen_at: now,
      user_agent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      ip: ip ?? null,
      current_site_id: currentSiteId,
    })
    .execute();
  return sessionCookie().serialize(id);
}

export type SessionLookup = { sessionId: string; userId: string; refreshCookie: string | null };

/** The live session of this request, or null. Expired rows count as none. */
export async function lookupSession(db: DB, request: Request): Promise<SessionLookup | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const now = new Date();
  const row = await db
    .selectFrom("sessions")
    .select(["user_id", "expires_at", "last_seen_at"])
    .where("id", "=", sessionId)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!row) return null;
  let refreshCookie: string | null = null;
  if (now.getTime() - Date.parse(row.last_seen_at) > REFRESH_AFTER_MS && renewsHere(row.expires_at, now)) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now.toISOString(), expires_at: isoIn(SESSION_TTL_MS, now) })
      .where("id", "=", sessionId)
      .execute();
    refreshCookie = await sessionCookie().serialize(sessionId);
  }
  return { sessionId, userId: row.user_id, refreshCookie };
}

/**
 * A read replica does not renew a session (docs/decisions/080): the next request that reaches the primary (any
 * form post) does. Only a session within a week of its end, read on a replica, asks for this request to be
 * replayed on the primary, so a reader who never posts is still not signed out.
 */
function renewsHere(expiresAt: string, now: Date) {
  if (Date.parse(expiresAt) - now.getTime() > RENEW_ON_PRIMARY_WITHIN_MS) return !isReplica();
  return !replayOnPrimary("session renewal");
}

export async function endSession(db: DB, request: Request) {
  const sessionId = await readSessionId(request);
  if (sessionId) await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
  return sessionCookie().serialize("", { maxAge: 0 });
}

export async function endAllSessionsOfUser(db: DB, userId: string) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
}

const FIRST_SIGN_IN_GREETING = "Welcome to Inkpilot!";
const RETURNING_GREETING = "Welcome back!";

/**
 * Records a sign-in (password, provider or verification link) and gives its
 * greeting: the account's first sign-in says 'Welcome to Inkpilot!', later ones
 * 'Welcome back!' (docs/decisions/034). The conditional UPDATE decides "first"
 * once, even for two sign-ins at the same moment.
 */
export async function recordSignIn(db: DB, userId: string) {
  const now = isoNow();
  const first = await db
    .updateTable("users")
    .set({ last_signed_in_at: now })
    .where("id", "=", userId)
    .where("last_signed_in_at", "is", null)
    .executeTakeFirst();
  if (first.numUpdatedRows > 0n) return { first: true, greeting: FIRST_SIGN_IN_GREETING };
  await db.updateTable("users").set({ last_signed_in_at: now }).where("id", "=", userId).execute();
  return { first: false, greeting: RETURNING_GREETING };
}

/** Redirect helper for a fresh sign-in: commits the session cookie on the way. */
export async function redirectWithSession(db: DB, userId: string, request: Request, to: string, ip?: string) {
  const setCookie = await startSession(db, userId, request, ip);
  return redirect(to, { headers: { "Set-Cookie": setCookie } });
}

/** Housekeeping: sessions past their expiry. */
export async function purgeExpiredSessions(db: DB, now = new Date()) {
  await db.deleteFrom("sessions").where("expires_at", "<", isoNow(now)).execute();
}

/** Makes a site the session's current one (the caller checked the user may see it). */
export async function setSessionSite(db: DB, sessionId: string, userId: string, siteId: string) {
  await db.updateTable("sessions").set({ current_site_id: siteId }).where("id", "=", sessionId).where("user_id", "=", userId).execute();
}

/** Ends every session of every user; how many there were. */
export async function endAllSessions(db: DB) {
  const deleted = await db.deleteFrom("sessions").executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** Ends every other session of the user: the one making a security change stays signed in. */
export async function endOtherSessionsOfUser(db: DB, userId: string, keepSessionId: string) {
  await db.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", keepSessionId).execute();
}
