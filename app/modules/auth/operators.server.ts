import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { markOperatorIfEmailIn, markOperatorsByEmail } from "#app/modules/auth/users.server";

/**
 * OPERATOR_EMAILS names the service's operators. Only an address its owner has
 * proven (email_verified_at set) gets is_operator: anyone can register an
 * unverified account for any address. The grant runs at boot for existing
 * accounts and again whenever an address becomes verified (verification link,
 * reset link, confirmed email change, identity provider). Nobody is demoted
 * here (the flag can also be set by hand), so removing an address needs an
 * explicit database change.
 */
export async function grantOperatorsByEmail(db: DB, emails: readonly string[]) {
  if (emails.length === 0) return 0;
  return markOperatorsByEmail(
    db,
    emails.map((e) => e.toLowerCase()),
  );
}

/** Grants operator rights to this user when their address is listed and verified. */
export async function grantOperatorIfListed(db: DB, userId: string) {
  const emails = getEnv().OPERATOR_EMAILS;
  if (emails.length === 0) return;
  await markOperatorIfEmailIn(db, userId, emails);
}
