import { redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/context";
import { getDb, type DB } from "#app/db/client.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { EmailOnlySchema } from "#app/modules/auth/validation";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { badRequest } from "#app/utils/responses.server";

/**
 * The action behind the two "mail me a link" forms (forgot password, resend
 * verification): honeypot, the product's 'Email Required', rate limits, and the
 * same answer whether or not the address has an account.
 */
export async function emailLinkAction({
  request,
  context,
  limit,
  failureTitle,
  send,
  successUrl,
}: {
  request: Request;
  context: Readonly<RouterContextProvider>;
  limit: "reset" | "resend";
  failureTitle: string;
  send: (db: DB, email: string) => Promise<unknown>;
  successUrl: (email: string) => string;
}) {
  const { formData, submission } = await parseSubmission(request, EmailOnlySchema);
  if (isHoneypotFilled(formData)) badRequest();
  if (submission.status !== "success") {
    const missing = !String(submission.payload.email ?? "").trim();
    return replyError(submission, { notice: missing ? { title: "Email Required", description: "Please enter your email address" } : null });
  }
  const { email } = submission.value;
  if (!(await consumeRateLimit(limit, { ip: context.get(requestContext).ip, email }))) {
    return replyError(submission, { status: 429, notice: { title: failureTitle, description: RATE_LIMIT_MESSAGE } });
  }
  await send(getDb(), email);
  return redirect(successUrl(email));
}
