import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";

/**
 * OPERATOR_EMAILS names the service's operators. At boot the listed accounts
 * that exist get is_operator; nobody is demoted here (the flag can also be set
 * by hand), so removing an address needs an explicit database change.
 */
export async function grantOperatorsByEmail(db: DB, emails: readonly string[]) {
  if (emails.length === 0) return 0;
  const result = await db
    .updateTable("users")
    .set({ is_operator: 1, updated_at: isoNow() })
    .where("email", "in", emails.map((e) => e.toLowerCase()))
    .where("is_operator", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
