import { Errors, type ServerClient } from "postmark";
import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { enqueue, PermanentJobError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { redactSecrets } from "#app/utils/redact";
import { isoNow } from "#app/utils/time";
import { getMailSettings, postmarkClientFor } from "./settings.server";

/**
 * Every mail is stored in mail_outbox first and delivered by a job, so a crash
 * or a Postmark outage never loses one. Without a Postmark token the outbox is
 * the transport: the message stays there, readable on the admin mailbox page.
 * The stored body carries live links only until the mail reaches a final state
 * (sent, outbox, failed); then it is replaced by the redacted copy (decision 014).
 */

export type MailContent = { subject: string; html: string; text: string };
export type OutgoingMail = MailContent & { to: string; tag: string };

export async function sendMail(db: DB, mail: OutgoingMail) {
  const env = getEnv();
  const transport = (await getMailSettings(db)).token ? "postmark" : "outbox";
  const id = await inTransaction(db, async (trx) => {
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

/** How long one Postmark call may take before it counts as unanswered. */
const POSTMARK_TIMEOUT_MS = 20_000;
/** Clocks of ours and Postmark's may disagree a little; a copy received slightly "before" the row was made is still ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

type MailForLookup = { id: number; to_address: string; created_at: string };

/**
 * The MessageID of a copy Postmark already accepted for this outbox row, if any:
 * outbound message search by our Metadata.outboxId, narrowed to this recipient and
 * to mail received after the row was made, so a message of an older database that
 * reused the id is never taken for this one.
 */
async function findAcceptedCopy(client: ServerClient, mail: MailForLookup) {
  const outboxId = String(mail.id);
  const { Messages } = await client.getOutboundMessages({ count: 20, offset: 0, recipient: mail.to_address, metadata_outboxId: outboxId });
  const notBefore = Date.parse(mail.created_at) - CLOCK_SKEW_MS;
  const to = mail.to_address.toLowerCase();
  const copy = Messages.find((m) => {
    const recipients = [...(m.Recipients ?? []), ...(m.To ?? []).map((r) => r.Email)].map((r) => r.toLowerCase());
    const received = Date.parse(m.ReceivedAt);
    return m.Metadata?.outboxId === outboxId && recipients.includes(to) && !(received < notBefore);
  });
  return copy?.MessageID ?? null;
}

/**
 * Postmark answers 429 and 5xx for passing trouble; every other 4xx will fail the same way again.
 * The client maps some statuses (404) to the base PostmarkError rather than HttpError, so the
 * status code decides; status 0 means no answer at all (network error, timeout): retry.
 */
function isRetryable(error: unknown) {
  if (error instanceof Errors.PostmarkError) {
    const status = error.statusCode;
    return status === 0 || status === 429 || status >= 500 || status < 400;
  }
  return true;
}

const DeliverPayload = z.object({ mailId: z.number().int() });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "deliver-mail": z.input<typeof DeliverPayload>;
  }
}

type MailRow = { id: number; html: string; text: string };
type FinalState =
  | { status: "sent"; provider_message_id: string; sent_at: string; last_error: null }
  | { status: "outbox"; sent_at: string }
  | { status: "failed"; last_error: string };

/** A final state, and the body without its secrets: nothing will read the live links again. */
async function settleMail(db: DB, mail: MailRow, state: FinalState) {
  await db
    .updateTable("mail_outbox")
    .set({ ...state, send_started_at: null, html: redactSecrets(mail.html), text: redactSecrets(mail.text) })
    .where("id", "=", mail.id)
    .execute();
}

const SEARCH_WAIT_MESSAGE = "Waiting for Postmark's message search to show the mail the unanswered attempt may have sent";

/**
 * The 'deliver-mail' job. Exactly once, as far as Postmark lets us: the start of
 * each send is written first (send_started_at), and is cleared when Postmark
 * answers. A retry first looks the mail up in Postmark (outbound message search
 * by outbox id); if Postmark has it, it is recorded as sent. If a previous send
 * got no answer and search does not show it yet, the retry waits (fails as
 * retryable) until searchSettleMs after that send started, then sends.
 */
export function createDeliverMailJob(options: { timeoutMs?: number; searchSettleMs?: number } = {}): JobDefinition<typeof DeliverPayload> {
  return {
    payload: DeliverPayload,
    async run({ mailId }, { db, job }) {
      const mail = await db.selectFrom("mail_outbox").selectAll().where("id", "=", mailId).executeTakeFirst();
      if (!mail || mail.status !== "queued") return;

      if (mail.transport === "outbox") {
        await db
          .updateTable("mail_outbox")
          .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
          .where("id", "=", mailId)
          .execute();
        await settleMail(db, mail, { status: "outbox", sent_at: isoNow() });
        return;
      }

      const settings = await getMailSettings(db);
      // The token was removed after this mail was queued: nothing can send it, so it fails once with the reason.
      if (!settings.token) {
        await settleMail(db, mail, { status: "failed", last_error: "Postmark is no longer configured" });
        throw new PermanentJobError("Postmark is no longer configured");
      }
      const client = postmarkClientFor(settings.token, options.timeoutMs ?? POSTMARK_TIMEOUT_MS);
      const lastAttempt = job.attempts >= job.max_attempts;
      let sending = false;
      try {
        if (mail.attempts > 0 || mail.send_started_at) {
          const acceptedId = await findAcceptedCopy(client, mail).catch((error: unknown) => {
            // Search trouble that passes (429, 5xx, no answer) is retried; a refused search must not block mail forever.
            if (isRetryable(error)) throw error;
            logger.warn({ err: error, mailId }, "Postmark message search refused; deciding without it");
            return null;
          });
          if (acceptedId) {
            logger.info({ mailId, messageId: acceptedId }, "mail found in Postmark after an unanswered send; not sending again");
            await settleMail(db, mail, { status: "sent", provider_message_id: acceptedId, sent_at: isoNow(), last_error: null });
            return;
          }
          const settleMs = options.searchSettleMs ?? getEnv().POSTMARK_SEARCH_SETTLE_MS;
          const unknownSince = mail.send_started_at ? Date.parse(mail.send_started_at) : NaN;
          // On the last attempt a possible second copy beats a lost mail.
          if (Date.now() - unknownSince < settleMs && !lastAttempt) throw new Error(SEARCH_WAIT_MESSAGE);
        }

        await db
          .updateTable("mail_outbox")
          .set((eb) => ({ attempts: eb("attempts", "+", 1), send_started_at: isoNow() }))
          .where("id", "=", mailId)
          .execute();
        sending = true;
        const result = await client.sendEmail({
          From: settings.from,
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
        // Postmark answered the send with an error, so it did not take the mail: the outcome is known again.
        // (An error of the search before it says nothing about an earlier send.)
        const answered = sending && error instanceof Errors.PostmarkError && error.statusCode >= 400;
        // The queue gives up after the last attempt: the mail is then as final as a permanent failure.
        if (!retryable || lastAttempt) {
          await settleMail(db, mail, { status: "failed", last_error: message });
        } else {
          await db
            .updateTable("mail_outbox")
            .set({ last_error: message, ...(answered ? { send_started_at: null } : {}) })
            .where("id", "=", mailId)
            .execute();
        }
        if (!retryable) throw new PermanentJobError(message);
        throw error;
      }
    },
  };
}

export const deliverMailJob = createDeliverMailJob();
