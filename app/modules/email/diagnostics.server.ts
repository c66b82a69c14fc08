import { Errors } from "postmark";
import type { DB } from "#app/db/client.server";
import { recordAudit } from "#app/modules/audit/audit.server";
import { newId } from "#app/utils/crypto.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { getMailSettings, postmarkClientFor } from "./settings.server";
import { testEmailMail } from "./templates/test-email.server";

/** The email settings page's diagnostics and its 'Send test email' (docs/product.md "Email Settings page"). */

const DAY_MS = 24 * 60 * 60 * 1000;
const TEST_TIMEOUT_MS = 10_000;

export async function mailDiagnostics(db: DB, now = new Date()) {
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [lastSent, failures, lastFailure, queued] = await Promise.all([
    db
      .selectFrom("mail_outbox")
      .select(["sent_at", "to_address", "subject"])
      .where("status", "=", "sent")
      .orderBy("sent_at", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "failed")
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mail_outbox")
      .select(["created_at", "last_error", "to_address"])
      .where("status", "=", "failed")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("mail_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "queued")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    lastDelivery: lastSent?.sent_at ?? null,
    failuresLastDay: Number(failures.n),
    lastFailure: lastFailure ? { at: lastFailure.created_at, error: lastFailure.last_error ?? "" } : null,
    queued: Number(queued.n),
  };
}

export type TestEmailResult =
  | { ok: true; title: string; description: string }
  | { ok: false; title: "Failed to send test email"; description: string; correlationId: string };

/**
 * Sends one mail now, with the settings in force, and reports what Postmark
 * said: the point is to see the answer, so it does not wait in the queue. The
 * attempt is kept in the outbox like any mail. Without a token the mail lands
 * in the outbox, and the page says so.
 */
export async function sendTestEmail(
  db: DB,
  to: string,
  actor: { userId: string; email: string; ip: string | null },
): Promise<TestEmailResult> {
  const settings = await getMailSettings(db);
  const content = testEmailMail({ operatorEmail: actor.email, from: settings.from });
  const transport = settings.token ? "postmark" : "outbox";
  const row = await db
    .insertInto("mail_outbox")
    .values({
      to_address: to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      tag: "test",
      transport,
      created_at: isoNow(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(db, {
    actorId: actor.userId,
    action: "mail_settings.test",
    target: `mail:${row.id}`,
    detail: { to, transport },
    ip: actor.ip,
  });
  if (!settings.token) {
    await db.updateTable("mail_outbox").set({ status: "outbox", sent_at: isoNow(), attempts: 1 }).where("id", "=", row.id).execute();
    return {
      ok: true,
      title: "Test email stored in the outbox",
      description: "No Postmark server token is configured, so mail is kept in the outbox instead of being sent.",
    };
  }
  try {
    const result = await postmarkClientFor(settings.token, TEST_TIMEOUT_MS).sendEmail({
      From: settings.from,
      To: to,
      Subject: content.subject,
      HtmlBody: content.html,
      TextBody: content.text,
      Tag: "test",
      MessageStream: "outbound",
      Metadata: { outboxId: String(row.id) },
    });
    await db
      .updateTable("mail_outbox")
      .set({ status: "sent", provider_message_id: result.MessageID, sent_at: isoNow(), attempts: 1 })
      .where("id", "=", row.id)
      .execute();
    return { ok: true, title: "Test email sent", description: `Postmark accepted the test email to ${to} (message ${result.MessageID}).` };
  } catch (error) {
    const correlationId = newId();
    const message = error instanceof Error ? error.message : String(error);
    const status = error instanceof Errors.PostmarkError ? error.statusCode : 0;
    logger.error({ err: error, correlationId, mailId: row.id, status }, "test email failed");
    await db.updateTable("mail_outbox").set({ status: "failed", last_error: message, attempts: 1 }).where("id", "=", row.id).execute();
    return {
      ok: false,
      title: "Failed to send test email",
      // Postmark's own words help the operator (wrong token, unconfirmed sender signature); the token is never in them.
      description: `${status ? `Postmark answered ${status}: ` : ""}${message} (reference ${correlationId})`,
      correlationId,
    };
  }
}
