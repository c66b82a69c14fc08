import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";
import { sendVerificationMail } from "./auth.server";
import { newSignupBrowserKey, verificationBinding, type SignupBrowser } from "./signup-browser.server";
import { revokeAuthTokens } from "./tokens.server";

/**
 * 'Wrong address?' on 'Check your email': the person who just signed up corrects a mistyped address before verifying
 * it. Only in the browser that signed up (its signed cookie names the account, docs/decisions/034) and only while the
 * account is unverified; the old link stops working and a new one goes to the corrected address, bound to this browser.
 */

export type SignupEmailChange =
  | { status: "changed"; email: string; browser: SignupBrowser }
  | { status: "other-browser" }
  | { status: "verified" }
  | { status: "exists" }
  | { status: "same" };

export async function changeSignupEmail(db: DB, browser: SignupBrowser | null, newEmail: string): Promise<SignupEmailChange> {
  if (!browser) return { status: "other-browser" };
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "email_verified_at"])
    .where("id", "=", browser.userId)
    .executeTakeFirst();
  if (!user) return { status: "other-browser" };
  if (user.email_verified_at) return { status: "verified" };
  const email = newEmail.trim().toLowerCase();
  if (email === user.email) return { status: "same" };
  if (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst()) return { status: "exists" };
  try {
    await db
      .updateTable("users")
      .set({ email, updated_at: isoNow() })
      .where("id", "=", user.id)
      .where("email_verified_at", "is", null)
      .execute();
  } catch (error) {
    // Taken at the same moment by another sign-up: the UNIQUE index decides.
    if (error instanceof Error && /UNIQUE constraint failed: users\.email/.test(error.message)) return { status: "exists" };
    throw error;
  }
  await revokeAuthTokens(db, user.id, "verify_email");
  const next = { userId: user.id, key: newSignupBrowserKey() };
  await sendVerificationMail(db, { id: user.id, email }, verificationBinding(next.key));
  return { status: "changed", email, browser: next };
}
