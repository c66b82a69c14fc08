import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { contactPage } from "#app/modules/site-content/content";
import { ContactSchema, submitContactMessage, type ContactSource } from "#app/modules/site-content/contact.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { logger } from "#app/utils/logger.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { RouterContextProvider } from "react-router";

/**
 * The action of the two contact forms (/contact, /help-center): a refused form
 * comes back with its field errors, a sent one redirects to the same page with
 * the 'Message sent' toast.
 */
export async function contactAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  { source, page }: { source: ContactSource; page: string },
) {
  const { formData, submission } = await parseSubmission(request, ContactSchema);
  const sent = () => redirectWithToast(page, { type: "success", title: contactPage.success, description: contactPage.successDescription });
  // Bots learn nothing from the answer, but nothing is stored.
  if (isHoneypotFilled(formData)) {
    logger.info({ source }, "contact form honeypot filled; message dropped");
    return sent();
  }
  if (submission.status !== "success") return replyError(submission);
  const result = await submitContactMessage(getDb(), submission.value, { source, ip: context.get(requestContext).ip });
  if (result.status === "rate-limited") return replyError(submission, { formErrors: [RATE_LIMIT_MESSAGE] });
  return sent();
}
