import { Errors, ServerClient } from "postmark";
import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { enqueue, PermanentJobError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { redactMailSecrets } from "./redact.server";
import { isoNow } from "#app/utils/time";

/**
 * Every mail is stored in mail_outbox first and delivered by a job, so a crash
 * or a Postmark outage never loses one. Without a Postmark token the outbox is
 * the transport: the message stays there, readable on the admin mailbox page.
 * The stored body carries live links only until the mail reaches a final state
 * (sent, outbox, failed); then it is replaced by the redacted copy (decision 016).
 */

export type MailContent = { subject: string; html: string; text: string };
export type OutgoingMail = MailContent & { to: string; tag: string };

export async function sendMail(db: DB, mail: OutgoingMail) {
  const env = getEnv();
  const transport = env.postmarkEnabled ? "postmark" : "outbox";
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("mail_outbox")
      .values({
        to_address: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        tag: mail.tag,
        transport,
        created_at: isoNow(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueue(trx, "deliver-mail", { mailId: row.id }, { idempotencyKey: `mail:${row.id}`, maxAttempts: 8 });
    return row.id;
  });
  if (!env.isProduction) {
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    logger.info({ mailId: id, to: mail.to, subject: mail.subject, links }, "mail queued");
  }
  notifyWorker();
  return id;
}

function postmarkClient() {
  const env = getEnv();
  const base = new URL(env.POSTMARK_API_URL);
  return new ServerClient(env.POSTMARK_SERVER_TOKEN!, {
    useHttps: base.protocol === "https:",
    requestHost: base.host,
    timeout: 20,
  });
}

/**
 * Postmark answers 429 and 5xx for passing trouble; every other 4xx will fail the same way again.
 * The client maps some statuses (404) to the base PostmarkError rather than HttpError, so the
 * status code decides; status 0 means no answer at all (network error, timeout): retry.
 */
export function isRetryable(error: unknown) {
  if (error instanceof Errors.PostmarkError) {
    const status = error.statusCode;
    return status === 0 || status === 429 || status >= 500 || status < 400;
  }
  return true;
}

const DeliverPayload = z.object({ mailId: z.number().int() });

type MailRow = { id: number; html: string; text: string };
type FinalState =
  | { status: "sent"; provider_message_id: string; sent_at: string; last_error: null }
  | { status: "outbox"; sent_at: string }
  | { status: "failed"; last_error: string };

/** A final state, and the body without its secrets: nothing will read the live links again. */
async function settleMail(db: DB, mail: MailRow, state: FinalState) {
  await db
    .updateTable("mail_outbox")
    .set({ ...state, html: redactMailSecrets(mail.html), text: redactMailSecrets(mail.text) })
    .where("id", "=", mail.id)
    .execute();
}

export const deliverMailJob: JobDefinition = {
  async run(payload, { db, job }) {
    const { mailId } = DeliverPayload.parse(payload);
    const mail = await db.selectFrom("mail_outbox").selectAll().where("id", "=", mailId).executeTakeFirst();
    if (!mail || mail.status !== "queued") return;
    await db
      .updateTable("mail_outbox")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", mailId)
      .execute();

    if (mail.transport === "outbox") {
      await settleMail(db, mail, { status: "outbox", sent_at: isoNow() });
      return;
    }

    try {
      const result = await postmarkClient().sendEmail({
        From: getEnv().MAIL_FROM,
        To: mail.to_address,
        Subject: mail.subject,
        HtmlBody: mail.html,
        TextBody: mail.text,
        Tag: mail.tag || undefined,
        MessageStream: "outbound",
        Metadata: { outboxId: String(mail.id) },
      });
      await settleMail(db, mail, { status: "sent", provider_message_id: result.MessageID, sent_at: isoNow(), last_error: null });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryable = isRetryable(error);
      // The queue gives up after the last attempt: the mail is then as final as a permanent failure.
      if (!retryable || job.attempts >= job.max_attempts) {
        await settleMail(db, mail, { status: "failed", last_error: message });
      } else {
        await db.updateTable("mail_outbox").set({ last_error: message }).where("id", "=", mailId).execute();
      }
      if (!retryable) throw new PermanentJobError(message);
      throw error;
    }
  },
};
