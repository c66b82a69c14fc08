import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { resetPasswordMail } from "#app/modules/email/templates/reset-password.server";
import { verifyEmailMail } from "#app/modules/email/templates/verify-email.server";
import { welcomeMail } from "#app/modules/email/templates/welcome.server";
import { requestContactSync } from "#app/modules/crm/hubspot.server";
import { grantOperatorIfListed } from "#app/modules/auth/operators.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { logger } from "#app/utils/logger.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { passwordHasher } from "./password-hasher.server";
import { endAllSessionsOfUser } from "./session.server";
import { MAX_PASSWORD_BYTES, passwordByteLength } from "./validation";
import { consumeAuthToken, findAuthToken, issueAuthToken, revokeAuthTokens } from "./tokens.server";
import {
  isSignupBrowser,
  newSignupBrowserKey,
  nextAfterVerification,
  verificationBinding,
  type SignupBrowser,
  type VerificationBinding,
} from "./signup-browser.server";

/**
 * Account access: sign-up, password sign-in, email verification, password
 * reset and sign-in through an OpenID Connect provider. Routes stay thin and
 * call these; every function takes the database first.
 */

function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function hashPassword(password: string) {
  // Callers validate first (password-policy.server.ts); this is the backstop so
  // no path can store a hash of a silently truncated password.
  if (passwordByteLength(password) > MAX_PASSWORD_BYTES) throw new Error("Password exceeds bcrypt's 72-byte maximum");
  return passwordHasher.hash(password);
}

export function verifyPassword(password: string, hash: string) {
  return passwordHasher.compare(password, hash);
}

// Compared against when no user matches, so an unknown email costs the same time as a wrong
// password: a hash at the same cost of a random string nobody knows.
const TIMING_DUMMY_HASH = "$2b$10$CXzE/jcIMhVA7hL56MUz9ui2Ul5yLrsi1MNMjakpV8tzIbpUKfkc2";
function timingDummyHash() {
  return TIMING_DUMMY_HASH;
}

function findUserByEmail(db: DB, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "password_hash", "email_verified_at", "full_name"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
}

/** Mails a verification link; `binding` ties it to the browser that signed up (signup-browser.server.ts). */
export async function sendVerificationMail(db: DB, user: { id: string; email: string }, binding?: VerificationBinding) {
  const token = await issueAuthToken(db, user.id, "verify_email", binding);
  const url = `${getEnv().appUrl}/verify?token=${token}`;
  await sendMail(db, { to: user.email, ...verifyEmailMail({ url }), tag: "verify-email" });
}

export type SignUpResult = { status: "created"; userId: string; mailQueued: boolean; browser: SignupBrowser } | { status: "exists" };

/**
 * Creates user, workspace and first site, then queues the verification mail,
 * its link bound to this browser (`browser`, for the caller's cookie) and to the
 * page to open once verified (`next`).
 */
export async function signUp(
  db: DB,
  input: { email: string; password: string; fullName?: string; next?: string | null },
): Promise<SignUpResult> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(db, email)) return { status: "exists" };
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    ({ userId } = await createAccount(db, { email, passwordHash, fullName: input.fullName?.trim() || undefined }));
  } catch (error) {
    // Two sign-ups for one address at once: the UNIQUE index decides.
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) return { status: "exists" };
    throw error;
  }
  const browser = { userId, key: newSignupBrowserKey() };
  try {
    await sendVerificationMail(db, { id: userId, email }, verificationBinding(browser.key, input.next));
    return { status: "created", userId, mailQueued: true, browser };
  } catch (error) {
    logger.error({ err: error, userId }, "verification mail could not be queued");
    return { status: "created", userId, mailQueued: false, browser };
  }
}

export type PasswordSignInResult = { status: "ok"; userId: string } | { status: "invalid" } | { status: "unverified"; email: string };

export async function authenticateWithPassword(db: DB, email: string, password: string): Promise<PasswordSignInResult> {
  const user = await findUserByEmail(db, email);
  if (!user?.password_hash) {
    await verifyPassword(password, timingDummyHash());
    return { status: "invalid" };
  }
  if (!(await verifyPassword(password, user.password_hash))) return { status: "invalid" };
  if (!user.email_verified_at) return { status: "unverified", email: user.email };
  return { status: "ok", userId: user.id };
}

type VerifyEmailResult = "verified" | "already-verified" | "invalid";
export type VerifyEmailOutcome = {
  outcome: VerifyEmailResult;
  /** Set when the link was used in the browser that signed up: the caller starts a session for this user. */
  signIn: { userId: string; next: string | null } | null;
};

/**
 * Uses a verification link. A link used again reports "already verified" once
 * the address is, and never signs anyone in: only the one use that verified
 * the address, in the browser that signed up (`browser`), does.
 */
export async function verifyEmailToken(db: DB, token: string, browser: SignupBrowser | null = null): Promise<VerifyEmailOutcome> {
  const answer = (outcome: VerifyEmailResult): VerifyEmailOutcome => ({ outcome, signIn: null });
  const found = await findAuthToken(db, token, "verify_email");
  if (!found) return answer("invalid");
  const isVerified = async () => {
    const user = await db.selectFrom("users").select("email_verified_at").where("id", "=", found.userId).executeTakeFirst();
    return Boolean(user?.email_verified_at);
  };
  if (found.state !== "valid") return answer((await isVerified()) ? "already-verified" : "invalid");
  const consumed = await consumeAuthToken(db, token, "verify_email");
  if (!consumed) return answer((await isVerified()) ? "already-verified" : "invalid");
  const now = isoNow();
  const updated = await db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", consumed.userId)
    .where("email_verified_at", "is", null)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return answer("already-verified");
  await grantOperatorIfListed(db, consumed.userId);
  await requestContactSync(db, consumed.userId);
  if (!isSignupBrowser(consumed.payload, consumed.userId, browser)) return answer("verified");
  return { outcome: "verified", signIn: { userId: consumed.userId, next: nextAfterVerification(consumed.payload) } };
}

/**
 * Sends a fresh verification link when the address belongs to an unverified
 * account; silent otherwise. Asked from the browser that signed the account up,
 * the new link is bound to it as the first was.
 */
export async function requestVerificationResend(db: DB, email: string, browser: SignupBrowser | null = null) {
  const user = await findUserByEmail(db, email);
  if (!user || user.email_verified_at) return;
  await sendVerificationMail(db, user, browser?.userId === user.id ? verificationBinding(browser.key) : undefined);
}

/** Sends a reset link when the address has an account; silent otherwise (no account enumeration). */
export async function requestPasswordReset(db: DB, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const token = await issueAuthToken(db, user.id, "reset_password");
  const url = `${getEnv().appUrl}/reset-password?token=${token}`;
  await sendMail(db, { to: user.email, ...resetPasswordMail({ url }), tag: "reset-password" });
}

export async function isResetTokenUsable(db: DB, token: string) {
  return (await findAuthToken(db, token, "reset_password"))?.state === "valid";
}

/**
 * Sets the new password, uses the link up, retires other reset links and ends
 * every session of the user. Opening the mailed link proves the mailbox, so an
 * unverified address counts as verified from here on.
 */
export async function resetPassword(db: DB, token: string, password: string) {
  // The cheap look first: a forged or used link must not cost a bcrypt hash.
  if (!(await isResetTokenUsable(db, token))) return false;
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const consumed = await consumeAuthToken(trx, token, "reset_password");
    if (!consumed) return false;
    const now = isoNow();
    await trx
      .updateTable("users")
      .set((eb) => ({
        password_hash: passwordHash,
        email_verified_at: eb.fn.coalesce("email_verified_at", eb.val(now)),
        updated_at: now,
      }))
      .where("id", "=", consumed.userId)
      .execute();
    await revokeAuthTokens(trx, consumed.userId, "reset_password");
    await endAllSessionsOfUser(trx, consumed.userId);
    await grantOperatorIfListed(trx, consumed.userId);
    return true;
  });
}

export type OidcProfile = {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
};

export type OidcSignInResult =
  | { status: "ok"; userId: string; isNew: boolean }
  | { status: "verify-email"; userId: string; email: string; mailSent: boolean }
  | { status: "email-not-verified" };

/**
 * Finds or creates the account for an identity-provider login. The provider's
 * subject is the key; an existing account with the same email is linked only
 * when the provider vouches for the address. An address the provider has not
 * verified never opens a session: the account waits for our own verification
 * mail (docs/decisions/017).
 */
export async function signInWithOidc(db: DB, provider: string, profile: OidcProfile): Promise<OidcSignInResult> {
  const email = normalizeEmail(profile.email);
  const linked = await db
    .selectFrom("oauth_accounts as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .select(["u.id", "u.email", "u.email_verified_at"])
    .where("o.provider", "=", provider)
    .where("o.subject", "=", profile.subject)
    .executeTakeFirst();
  if (linked) {
    if (linked.email_verified_at) return { status: "ok", userId: linked.id, isNew: false };
    if (!profile.emailVerified || email !== linked.email)
      return { status: "verify-email", userId: linked.id, email: linked.email, mailSent: false };
    // The provider now vouches for the account's own address.
    await markEmailVerified(db, linked.id);
    return { status: "ok", userId: linked.id, isNew: false };
  }

  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (!profile.emailVerified) return { status: "email-not-verified" };
    const now = isoNow();
    await inTransaction(db, async (trx) => {
      await trx
        .insertInto("oauth_accounts")
        .values({ id: newId(), provider, subject: profile.subject, user_id: existing.id, email, created_at: now })
        .execute();
      if (!existing.email_verified_at) {
        // The password of an unverified account was never proven by the mailbox
        // owner (someone may have registered this address first): drop it.
        await trx
          .updateTable("users")
          .set({ email_verified_at: now, password_hash: null, updated_at: now })
          .where("id", "=", existing.id)
          .execute();
        await endAllSessionsOfUser(trx, existing.id);
        await grantOperatorIfListed(trx, existing.id);
      }
    });
    return { status: "ok", userId: existing.id, isNew: false };
  }

  const { userId } = await createAccount(db, {
    email,
    passwordHash: null,
    fullName: profile.name,
    emailVerified: profile.emailVerified,
  });
  await db
    .insertInto("oauth_accounts")
    .values({ id: newId(), provider, subject: profile.subject, user_id: userId, email, created_at: isoNow() })
    .execute();
  if (!profile.emailVerified) {
    await sendVerificationMail(db, { id: userId, email });
    return { status: "verify-email", userId, email, mailSent: true };
  }
  await grantOperatorIfListed(db, userId);
  await sendMail(db, {
    to: email,
    ...welcomeMail({ name: profile.name, dashboardUrl: `${getEnv().appUrl}/dashboard` }),
    tag: "welcome",
  });
  return { status: "ok", userId, isNew: true };
}

async function markEmailVerified(db: DB, userId: string) {
  const now = isoNow();
  await db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .execute();
  await grantOperatorIfListed(db, userId);
}
