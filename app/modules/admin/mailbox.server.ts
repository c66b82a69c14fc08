import type { DB } from "#app/db/client.server";
import { redactSecrets } from "#app/utils/redact";

/** The operator's view of mail_outbox: every mail the app produced, whatever its transport. */

const MAILBOX_PAGE_SIZE = 25;

export async function listOutbox(db: DB, page: number, pageSize = MAILBOX_PAGE_SIZE) {
  const { total } = await db
    .selectFrom("mail_outbox")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  // Ids grow with insertion, so they order newest first even within one millisecond.
  const messages = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "tag", "status", "transport", "attempts", "last_error", "created_at", "sent_at"])
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((current - 1) * pageSize)
    .execute();
  return { messages, total, page: current, pageCount };
}

/**
 * One mail for the operator's page. A mail still waiting for delivery holds its
 * live links; operators never see them (the link's secret is replaced).
 */
export async function getOutboxMessage(db: DB, id: number) {
  const mail = await db
    .selectFrom("mail_outbox")
    .select([
      "id",
      "to_address",
      "subject",
      "html",
      "text",
      "tag",
      "status",
      "transport",
      "provider_message_id",
      "attempts",
      "last_error",
      "created_at",
      "sent_at",
      "body_purged_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!mail) return undefined;
  return { ...mail, html: redactSecrets(mail.html), text: redactSecrets(mail.text) };
}
