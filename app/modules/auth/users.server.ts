import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";

/**
 * The writes of a user's row (and of its identity-provider links) that other areas ask for: the profile and
 * security screens (account), onboarding, invitations and operator grants. This area owns users, sessions,
 * tokens and OAuth accounts (tests/architecture/table-owners.test.ts).
 */

export async function setFullName(db: DB, userId: string, fullName: string) {
  await db.updateTable("users").set({ full_name: fullName, updated_at: isoNow() }).where("id", "=", userId).execute();
}

/** A new address, verified at `at`: following a mailed link proved the mailbox. */
export async function setVerifiedEmail(db: DB, userId: string, email: string, at: string) {
  await db.updateTable("users").set({ email, email_verified_at: at, updated_at: at }).where("id", "=", userId).execute();
}

export async function setPasswordHash(db: DB, userId: string, hash: string) {
  await db.updateTable("users").set({ password_hash: hash, updated_at: isoNow() }).where("id", "=", userId).execute();
}

export async function setAvatarPath(db: DB, userId: string, avatarPath: string) {
  await db.updateTable("users").set({ avatar_path: avatarPath, updated_at: isoNow() }).where("id", "=", userId).execute();
}

/** The getting-started card is dismissed once; a second dismissal keeps the first time. */
export async function markGettingStartedDismissed(db: DB, userId: string) {
  const now = isoNow();
  await db
    .updateTable("users")
    .set({ getting_started_dismissed_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("getting_started_dismissed_at", "is", null)
    .execute();
}

/** Onboarding is completed once; true only for the call that completed it. */
export async function completeOnboardingOnce(db: DB, userId: string) {
  const now = isoNow();
  const done = await db
    .updateTable("users")
    .set({ onboarding_completed_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("onboarding_completed_at", "is", null)
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** An invited member joins an existing workspace and skips onboarding. */
export async function skipOnboarding(db: DB, userId: string) {
  await db.updateTable("users").set({ onboarding_completed_at: isoNow() }).where("id", "=", userId).execute();
}

/** Makes the verified users with these (lower-case) addresses operators; how many changed. */
export async function markOperatorsByEmail(db: DB, emails: readonly string[]) {
  const result = await db
    .updateTable("users")
    .set({ is_operator: 1, updated_at: isoNow() })
    .where("email", "in", emails)
    .where("email_verified_at", "is not", null)
    .where("is_operator", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Makes one user an operator when their verified address is one of these. */
export async function markOperatorIfEmailIn(db: DB, userId: string, emails: readonly string[]) {
  await db
    .updateTable("users")
    .set({ is_operator: 1, updated_at: isoNow() })
    .where("id", "=", userId)
    .where("email", "in", emails)
    .where("email_verified_at", "is not", null)
    .where("is_operator", "=", 0)
    .execute();
}

/** Removes the identity-provider links added since `since` (an email change being reverted). */
export async function forgetOauthAccountsLinkedSince(db: DB, userId: string, since: string) {
  await db.deleteFrom("oauth_accounts").where("user_id", "=", userId).where("created_at", ">=", since).execute();
}

export type NewUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  passwordHash: string | null;
  fullName?: string;
  username: string;
  isOperator?: boolean;
};

/** A user's row, created with their first workspace (workspaces/accounts.server.ts). */
export async function insertUser(db: DB, user: NewUser, now: string) {
  await db
    .insertInto("users")
    .values({
      id: user.id,
      email: user.email.trim().toLowerCase(),
      email_verified_at: user.emailVerified ? now : null,
      password_hash: user.passwordHash,
      full_name: user.fullName?.trim() ?? "",
      username: user.username,
      avatar_path: null,
      is_operator: user.isOperator ? 1 : 0,
      onboarding_completed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function deleteUser(db: DB, userId: string) {
  await db.deleteFrom("users").where("id", "=", userId).execute();
}
