import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { isoNow } from "#app/utils/time";

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
  const result = await db
    .updateTable("users")
    .set({ is_operator: 1, updated_at: isoNow() })
    .where(
      "email",
      "in",
      emails.map((e) => e.toLowerCase()),
    )
    .where("email_verified_at", "is not", null)
    .where("is_operator", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Grants operator rights to this user when their address is listed and verified. */
export async function grantOperatorIfListed(db: DB, userId: string) {
  const emails = getEnv().OPERATOR_EMAILS;
  if (emails.length === 0) return;
  await db
    .updateTable("users")
    .set({ is_operator: 1, updated_at: isoNow() })
    .where("id", "=", userId)
    .where("email", "in", emails)
    .where("email_verified_at", "is not", null)
    .where("is_operator", "=", 0)
    .execute();
}
