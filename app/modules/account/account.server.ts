import { requestContactSync } from "#app/modules/crm/hubspot.server";
import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { hashPassword, verifyPassword } from "#app/modules/auth/auth.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { newPasswordProblem } from "#app/modules/auth/password-policy.server";
import { admitPasswordGuess, consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { endAllSessionsOfUser, endOtherSessionsOfUser } from "#app/modules/auth/session.server";
import { consumeAuthToken, findAuthToken, issueAuthToken, revokeAuthTokens, useAuthTokenById } from "#app/modules/auth/tokens.server";
import { forgetOauthAccountsLinkedSince, setFullName, setPasswordHash, setVerifiedEmail } from "#app/modules/auth/users.server";
import { grantOperatorIfListed } from "#app/modules/auth/operators.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { changeEmailMail } from "#app/modules/email/templates/change-email.server";
import { emailChangedMail } from "#app/modules/email/templates/email-changed.server";
import { deleteAccount } from "#app/modules/workspaces/accounts.server";
import { hashToken } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { avatarUrl } from "./avatar.server";

/** The limiter key for guesses at one user's current password (docs/decisions/016). */
const passwordGuessAccount = (userId: string) => `user:${userId}`;

/** full_name is stored whole; the form edits it as first and last name, split at the first space. */
function splitFullName(fullName: string) {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

function joinFullName(firstName: string, lastName: string) {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(" ");
}

/** What the account forms show: only the signed-in user's own fields. */
export function accountView(auth: AuthState) {
  const { firstName, lastName } = splitFullName(auth.user.fullName);
  return {
    firstName,
    lastName,
    email: auth.user.email,
    avatarUrl: avatarUrl(auth.user.avatarPath),
    hasPassword: auth.user.hasPassword,
    plan: auth.workspace.plan,
    workspaceName: auth.workspace.name,
    digest: auth.digest,
  };
}
export type AccountView = ReturnType<typeof accountView>;

export async function updateProfile(db: DB, userId: string, { firstName, lastName }: { firstName: string; lastName: string }) {
  await setFullName(db, userId, joinFullName(firstName, lastName));
}

async function emailTakenByOther(db: DB, email: string, userId: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).where("id", "!=", userId).executeTakeFirst();
  return row !== undefined;
}

export type EmailChangeResult = { ok: true } | { ok: false; field: "newEmail" | "currentPassword"; error: string; rateLimited?: true };

/**
 * Starts an email change: a single-use token (stored hashed, 60 minutes) mailed
 * to the new address. The account keeps its current address until the link is
 * used. Accounts with a password must give it (counted against the guess limit
 * before bcrypt); accounts without one (Google) rely on the revert link mailed
 * to the old address on confirmation (docs/decisions/017). Requests are limited
 * per account and per address, since each one sends mail.
 */
export async function requestEmailChange(
  db: DB,
  user: { id: string; email: string },
  input: { newEmail: string; currentPassword?: string; ip?: string },
): Promise<EmailChangeResult> {
  const newEmail = input.newEmail.trim().toLowerCase();
  if (!newEmail || newEmail === user.email.toLowerCase())
    return { ok: false, field: "newEmail", error: "Please enter a new email address" };
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
  if (row.password_hash) {
    if (!input.currentPassword) return { ok: false, field: "currentPassword", error: "Please enter your current password" };
    const gate = await admitPasswordGuess("current-password", { account: passwordGuessAccount(user.id), ip: input.ip });
    if (!gate.allowed) return { ok: false, field: "currentPassword", error: RATE_LIMIT_MESSAGE, rateLimited: true };
    const correct = await verifyPassword(input.currentPassword, row.password_hash);
    await gate.settle(correct);
    if (!correct) return { ok: false, field: "currentPassword", error: "Current password is incorrect" };
  }
  // After the password: whether an address has an account is not told to a stolen session.
  if (await emailTakenByOther(db, newEmail, user.id)) {
    return { ok: false, field: "newEmail", error: "An account with this email already exists." };
  }
  if (!(await consumeRateLimit("change-email", { ip: input.ip, email: `user:${user.id}` }))) {
    return { ok: false, field: "newEmail", error: RATE_LIMIT_MESSAGE, rateLimited: true };
  }
  const token = await inTransaction(db, async (trx) => {
    // Only the newest request stays valid.
    await revokeAuthTokens(trx, user.id, "change_email");
    return issueAuthToken(trx, user.id, "change_email", { newEmail });
  });
  const confirmUrl = `${getEnv().appUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
  await sendMail(db, { to: newEmail, tag: "change-email", ...changeEmailMail({ confirmUrl, newEmail }) });
  return { ok: true };
}

/** The pending change a token stands for, only for its own user and only while live. */
export async function findEmailChange(db: DB, userId: string, token: string) {
  if (!token) return null;
  const row = await db
    .selectFrom("auth_tokens")
    .select(["id", "payload"])
    .where("token_hash", "=", hashToken(token))
    .where("kind", "=", "change_email")
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .where("expires_at", ">", isoNow())
    .executeTakeFirst();
  if (!row?.payload) return null;
  const newEmail = (JSON.parse(row.payload) as { newEmail?: unknown }).newEmail;
  return typeof newEmail === "string" ? { tokenId: row.id, newEmail } : null;
}

export type ConfirmEmailResult = { ok: true; email: string } | { ok: false; reason: "invalid" | "taken" };

/**
 * Applies a pending email change: single use, unexpired, and the address must
 * still be free. Every other session of the user ends (the one confirming
 * stays), and the old address gets a notice with a 7-day revert link.
 */
export async function confirmEmailChange(
  db: DB,
  { userId, sessionId }: { userId: string; sessionId: string },
  token: string,
): Promise<ConfirmEmailResult> {
  const outcome = await inTransaction(db, async (trx) => {
    const change = await findEmailChange(trx, userId, token);
    if (!change) return { ok: false, reason: "invalid" } as const;
    if (await emailTakenByOther(trx, change.newEmail, userId)) return { ok: false, reason: "taken" } as const;
    const now = isoNow();
    if (!(await useAuthTokenById(trx, change.tokenId, now))) return { ok: false, reason: "invalid" } as const;
    const { email: oldEmail } = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
    // Following the link proved the new address, so it counts as verified.
    await setVerifiedEmail(trx, userId, change.newEmail, now);
    await endOtherSessionsOfUser(trx, userId, sessionId);
    // Links mailed to the old address (reset, verification) must not outlive it.
    await revokeAuthTokens(trx, userId, "reset_password");
    await revokeAuthTokens(trx, userId, "verify_email");
    const revertToken = await issueAuthToken(trx, userId, "revert_email", { oldEmail, newEmail: change.newEmail });
    // The CRM learns the new, verified address (once per address).
    await requestContactSync(trx, userId);
    return { ok: true, email: change.newEmail, oldEmail, revertToken } as const;
  });
  if (!outcome.ok) return outcome;
  await grantOperatorIfListed(db, userId);
  const revertUrl = `${getEnv().appUrl}/account/revert-email?token=${encodeURIComponent(outcome.revertToken)}`;
  await sendMail(db, { to: outcome.oldEmail, tag: "email-changed", ...emailChangedMail({ newEmail: outcome.email, revertUrl }) });
  return { ok: true, email: outcome.email };
}

export type RevertEmailLookup = { oldEmail: string; newEmail: string } | null;

/** What a revert link would restore, without using it (GET pages only look). */
export async function findEmailRevert(db: DB, token: string): Promise<RevertEmailLookup> {
  const found = await findAuthToken(db, token, "revert_email");
  if (found?.state !== "valid") return null;
  return revertPayload(found.payload);
}

function revertPayload(payload: unknown): RevertEmailLookup {
  const { oldEmail, newEmail } = (payload ?? {}) as { oldEmail?: unknown; newEmail?: unknown };
  return typeof oldEmail === "string" && typeof newEmail === "string" ? { oldEmail, newEmail } : null;
}

export type RevertEmailResult = { ok: true; email: string } | { ok: false; reason: "invalid" | "taken" };

/**
 * Uses a revert link from the old address: restores it (verified: the link
 * proves the mailbox), ends every session, retires pending account links and
 * removes identity-provider links added since the change. No session needed:
 * whoever changed the address may have locked the owner out.
 */
export async function revertEmailChange(db: DB, token: string): Promise<RevertEmailResult> {
  const outcome = await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom("auth_tokens")
      .select(["created_at"])
      .where("token_hash", "=", hashToken(token))
      .where("kind", "=", "revert_email")
      .executeTakeFirst();
    const consumed = await consumeAuthToken(trx, token, "revert_email");
    const target = consumed ? revertPayload(consumed.payload) : null;
    if (!consumed || !target || !row) return { ok: false, reason: "invalid" } as const;
    // Someone else may have registered the freed address meanwhile.
    if (await emailTakenByOther(trx, target.oldEmail, consumed.userId)) return { ok: false, reason: "taken" } as const;
    const now = isoNow();
    await setVerifiedEmail(trx, consumed.userId, target.oldEmail, now);
    await endAllSessionsOfUser(trx, consumed.userId);
    for (const kind of ["change_email", "reset_password", "verify_email"] as const) await revokeAuthTokens(trx, consumed.userId, kind);
    await forgetOauthAccountsLinkedSince(trx, consumed.userId, row.created_at);
    return { ok: true, email: target.oldEmail, userId: consumed.userId } as const;
  });
  if (!outcome.ok) return outcome;
  await grantOperatorIfListed(db, outcome.userId);
  return { ok: true, email: outcome.email };
}

export type PasswordChangeInput = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordChangeResult =
  { ok: true } | { ok: false; field: "currentPassword" | "newPassword" | "confirmPassword"; error: string; rateLimited?: true };

/**
 * Changes the password. The current one is required when there is one (an
 * account created with Google may set its first password without it). Every
 * other session of the user ends; the one making the change stays signed in.
 * The cheap checks run first; the guess limit is counted before bcrypt runs.
 */
export async function changePassword(
  db: DB,
  { userId, sessionId, ip }: { userId: string; sessionId: string; ip?: string },
  input: PasswordChangeInput,
): Promise<PasswordChangeResult> {
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (user.password_hash && !input.currentPassword) {
    return { ok: false, field: "currentPassword", error: "Please enter your current password" };
  }
  if (!input.newPassword) return { ok: false, field: "newPassword", error: "Please enter a new password" };
  const problem = newPasswordProblem(input.newPassword);
  if (problem) return { ok: false, field: "newPassword", error: problem.message };
  if (input.newPassword !== input.confirmPassword) {
    return { ok: false, field: "confirmPassword", error: "Please make sure both passwords are identical" };
  }
  // Counted even without a current password: every change costs a bcrypt hash.
  const gate = await admitPasswordGuess("current-password", { account: passwordGuessAccount(userId), ip });
  if (!gate.allowed) return { ok: false, field: "currentPassword", error: RATE_LIMIT_MESSAGE, rateLimited: true };
  const correct = user.password_hash ? await verifyPassword(input.currentPassword, user.password_hash) : true;
  await gate.settle(correct);
  if (!correct) return { ok: false, field: "currentPassword", error: "Current password is incorrect" };
  const hash = await hashPassword(input.newPassword);
  await inTransaction(db, async (trx) => {
    await setPasswordHash(trx, userId, hash);
    await endOtherSessionsOfUser(trx, userId, sessionId);
    // A pending reset link would otherwise undo this change.
    await revokeAuthTokens(trx, userId, "reset_password");
  });
  return { ok: true };
}

/** Deletes the user (and workspaces where they were the last owner) with their files, avatar included. */
export async function deleteUserAccount(db: DB, userId: string) {
  await deleteAccount(db, userId);
}
