import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { consumeRateLimit } from "#app/modules/auth/rate-limit.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { renderMail } from "#app/modules/email/templates/layout.server";
import { isoNow } from "#app/utils/time";

/**
 * The public contact forms (Enterprise "Contact Us" and Help Center support):
 * the fields' rules, then store in contact_messages and mail the team. The
 * routes parse the form and answer (app/routes/marketing/contact-action.server.ts);
 * a filled honeypot field is answered there like a success so bots learn
 * nothing, but nothing is stored.
 */

export type ContactSource = "enterprise" | "support";

export const ContactSchema = z.object({
  name: z.string({ error: "Please enter your name" }).trim().min(1, "Please enter your name").max(120, "Please use at most 120 characters"),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .pipe(z.email("Please enter a valid email address"))
    .pipe(z.string().max(254, "Please use at most 254 characters")),
  company: z.string().trim().max(160, "Please use at most 160 characters").optional().default(""),
  message: z
    // A blank field arrives as missing (Conform reads "" as no value); the form has always said this for it.
    .string({ error: "Please write at least 10 characters" })
    .trim()
    .min(10, "Please write at least 10 characters")
    .max(5000, "Please use at most 5000 characters"),
});

export type ContactMessage = z.output<typeof ContactSchema>;

export type ContactResult = { status: "sent" } | { status: "rate-limited" };

export async function submitContactMessage(
  db: DB,
  message: ContactMessage,
  { source, ip }: { source: ContactSource; ip: string | undefined },
): Promise<ContactResult> {
  if (!(await consumeRateLimit("contact", { ip, email: message.email }))) return { status: "rate-limited" };

  const supportEmail = getEnv().SUPPORT_EMAIL;
  const label = source === "enterprise" ? "Enterprise enquiry" : "Support request";
  await db
    .insertInto("contact_messages")
    .values({ ...message, source, created_at: isoNow() })
    .execute();
  await sendMail(db, {
    to: supportEmail,
    tag: `contact-${source}`,
    ...renderMail({
      subject: `${label} from ${message.name}`,
      heading: `${label} from ${message.name}`,
      paragraphs: [
        `From: ${message.name} <${message.email}>${message.company ? `, ${message.company}` : ""}`,
        ...message.message.split(/\n{2,}/),
      ],
      footnote: "Sent from the contact form on the Inkpilot website. Reply to the sender's address above.",
    }),
  });
  return { status: "sent" };
}
