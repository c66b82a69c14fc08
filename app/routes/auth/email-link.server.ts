import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { requestContext } from "#app/context";
import { getDb, type DB } from "#app/db/client.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { EmailOnlySchema } from "#app/modules/auth/validation";
import { isHoneypotFilled } from "#app/utils/honeypot";
import type { Notice } from "./shared";

/**
 * The action behind the two "mail me a link" forms (forgot password, resend
 * verification): honeypot, the spec's 'Email Required', rate limits, and the
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
  const formData = await request.formData();
  if (isHoneypotFilled(formData)) throw new Response("Bad Request", { status: 400 });
  const submission = parseWithZod(formData, { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    const missing = !String(formData.get("email") ?? "").trim();
    const error: Notice | null = missing ? { title: "Email Required", description: "Please enter your email address" } : null;
    return data({ result: submission.reply(), error }, { status: 400 });
  }
  const { email } = submission.value;
  if (!(await consumeRateLimit(limit, { ip: context.get(requestContext).ip, email }))) {
    return data({ result: submission.reply(), error: { title: failureTitle, description: RATE_LIMIT_MESSAGE } }, { status: 429 });
  }
  await send(getDb(), email);
  throw redirect(successUrl(email));
}
