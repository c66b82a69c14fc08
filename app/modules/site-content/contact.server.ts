import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { renderMail } from "#app/modules/email/templates/layout.server";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";

/**
 * The public contact forms (Enterprise "Contact Us" and Help Center support):
 * validate, store in contact_messages, mail the team. A filled honeypot field
 * is answered like a success so bots learn nothing, but nothing is stored.
 */

export const CONTACT_SOURCES = ["enterprise", "support"] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];

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
    .string({ error: "Please enter a message" })
    .trim()
    .min(10, "Please write at least 10 characters")
    .max(5000, "Please use at most 5000 characters"),
});

export type ContactFields = z.input<typeof ContactSchema>;
export type ContactErrors = Partial<Record<keyof ContactFields | "form", string>>;

export type ContactResult =
  | { status: "sent" }
  | { status: "invalid"; errors: ContactErrors; values: Record<string, string> };

function valuesOf(formData: FormData) {
  const values: Record<string, string> = {};
  for (const key of ["name", "email", "company", "message"]) {
    const value = formData.get(key);
    values[key] = typeof value === "string" ? value : "";
  }
  return values;
}

export async function submitContactMessage(
  db: DB,
  formData: FormData,
  { source, ip }: { source: ContactSource; ip: string | undefined },
): Promise<ContactResult> {
  const values = valuesOf(formData);
  if (isHoneypotFilled(formData)) {
    logger.info({ source }, "contact form honeypot filled; message dropped");
    return { status: "sent" };
  }
  const parsed = ContactSchema.safeParse(values);
  if (!parsed.success) {
    const errors: ContactErrors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof ContactFields;
      errors[key] ??= issue.message;
    }
    return { status: "invalid", errors, values };
  }
  const message = parsed.data;
  if (!(await consumeRateLimit("contact", { ip, email: message.email }))) {
    return { status: "invalid", errors: { form: RATE_LIMIT_MESSAGE }, values };
  }

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
