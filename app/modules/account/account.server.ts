import bcrypt from "bcryptjs";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { changeEmailMail } from "#app/modules/email/templates/change-email.server";
import { deleteAccount } from "#app/modules/workspaces/accounts.server";
import { hashToken, newId, randomToken } from "#app/utils/crypto.server";
import { HOUR, isoIn, isoNow } from "#app/utils/time";
import { avatarUrl } from "./avatar.server";

export const CHANGE_EMAIL_TTL_MS = HOUR;
export const MIN_PASSWORD_LENGTH = 6;
const BCRYPT_ROUNDS = 10;

/** full_name is stored whole; the form edits it as first and last name, split at the first space. */
export function splitFullName(fullName: string) {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(" ");
  if (space === -1) return { firstName: trimmed, lastName: "" };
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export function joinFullName(firstName: string, lastName: string) {
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
  };
}
export type AccountView = ReturnType<typeof accountView>;

export async function updateProfile(db: DB, userId: string, { firstName, lastName }: { firstName: string; lastName: string }) {
  await db
    .updateTable("users")
    .set({ full_name: joinFullName(firstName, lastName), updated_at: isoNow() })
    .where("id", "=", userId)
    .execute();
}

async function emailTakenByOther(db: DB, email: string, userId: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).where("id", "!=", userId).executeTakeFirst();
  return row !== undefined;
}

export type EmailChangeResult = { ok: true } | { ok: false; error: string };

/**
 * Starts an email change: a single-use token (stored hashed, 60 minutes) mailed
 * to the new address. The account keeps its current address until the link is used.
 */
export async function requestEmailChange(db: DB, user: { id: string; email: string }, rawEmail: string): Promise<EmailChangeResult> {
  const newEmail = rawEmail.trim().toLowerCase();
  if (!newEmail || newEmail === user.email.toLowerCase()) return { ok: false, error: "Please enter a new email address" };
  if (await emailTakenByOther(db, newEmail, user.id)) {
    return { ok: false, error: "An account with this email already exists." };
  }
  const token = randomToken();
  const now = isoNow();
  await db.transaction().execute(async (trx) => {
    // Only the newest request stays valid.
    await trx
      .updateTable("auth_tokens")
      .set({ used_at: now })
      .where("user_id", "=", user.id)
      .where("kind", "=", "change_email")
      .where("used_at", "is", null)
      .execute();
    await trx
      .insertInto("auth_tokens")
      .values({
        id: newId(),
        user_id: user.id,
        kind: "change_email",
        token_hash: hashToken(token),
        payload: JSON.stringify({ newEmail }),
        expires_at: isoIn(CHANGE_EMAIL_TTL_MS),
        used_at: null,
        created_at: now,
      })
      .execute();
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

/** Applies a pending email change: single use, unexpired, and the address must still be free. */
export async function confirmEmailChange(db: DB, userId: string, token: string): Promise<ConfirmEmailResult> {
  return db.transaction().execute(async (trx) => {
    const change = await findEmailChange(trx, userId, token);
    if (!change) return { ok: false, reason: "invalid" } as const;
    if (await emailTakenByOther(trx, change.newEmail, userId)) return { ok: false, reason: "taken" } as const;
    const now = isoNow();
    const used = await trx
      .updateTable("auth_tokens")
      .set({ used_at: now })
      .where("id", "=", change.tokenId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return { ok: false, reason: "invalid" } as const;
    // Following the link proved the new address, so it counts as verified.
    await trx
      .updateTable("users")
      .set({ email: change.newEmail, email_verified_at: now, updated_at: now })
      .where("id", "=", userId)
      .execute();
    return { ok: true, email: change.newEmail } as const;
  });
}

export type PasswordChangeInput = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; field: "currentPassword" | "newPassword" | "confirmPassword"; error: string };

/**
 * Changes the password. The current one is required when there is one (an
 * account created with Google may set its first password without it). Every
 * other session of the user ends; the one making the change stays signed in.
 */
export async function changePassword(
  db: DB,
  { userId, sessionId }: { userId: string; sessionId: string },
  input: PasswordChangeInput,
): Promise<PasswordChangeResult> {
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (user.password_hash) {
    if (!input.currentPassword) return { ok: false, field: "currentPassword", error: "Please enter your current password" };
    if (!(await bcrypt.compare(input.currentPassword, user.password_hash))) {
      return { ok: false, field: "currentPassword", error: "Current password is incorrect" };
    }
  }
  if (!input.newPassword) return { ok: false, field: "newPassword", error: "Please enter a new password" };
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
    return { ok: false, field: "newPassword", error: "Password must be at least 6 characters long" };
  }
  if (input.newPassword !== input.confirmPassword) {
    return { ok: false, field: "confirmPassword", error: "Please make sure both passwords are identical" };
  }
  const hash = await bcrypt.hash(input.newPassword, BCRYPT_ROUNDS);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: hash, updated_at: isoNow() }).where("id", "=", userId).execute();
    await trx.deleteFrom("sessions").where("user_id", "=", userId).where("id", "!=", sessionId).execute();
    // A pending reset link would otherwise undo this change.
    await trx
      .updateTable("auth_tokens")
      .set({ used_at: isoNow() })
      .where("user_id", "=", userId)
      .where("kind", "=", "reset_password")
      .where("used_at", "is", null)
      .execute();
  });
  return { ok: true };
}

/** Deletes the user (and workspaces where they were the last owner) with their files, avatar included. */
export async function deleteUserAccount(db: DB, userId: string) {
  await deleteAccount(db, userId);
}
