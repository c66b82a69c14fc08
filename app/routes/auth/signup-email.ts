import { redirect } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { readSignupBrowser, signupBrowserCookie } from "#app/modules/auth/signup-browser.server";
import { changeSignupEmail } from "#app/modules/auth/signup-email.server";
import { EmailOnlySchema } from "#app/modules/auth/validation";
import { parseSubmission } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/signup-email";

/**
 * POST only: 'Wrong address?' on 'Check your email' (app/modules/auth/signup-email.server.ts). A plain form, so it
 * works without JavaScript; every outcome goes back to 'Check your email' with what happened.
 */

export function loader() {
  return redirect("/signin");
}

const REFUSALS = {
  "other-browser": "The address can be changed only in the browser you signed up in. Sign up again with the right address.",
  verified: "This account's email is already verified. Sign in, then change your email in your account settings.",
  exists: "An account with this email already exists. Please sign in instead.",
  same: "That is the address we sent the link to.",
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, EmailOnlySchema);
  const back = (email: string | undefined) => `/signin?message=verify-email${email ? `&email=${encodeURIComponent(email)}` : ""}`;
  const typed = typeof submission.payload.current === "string" ? submission.payload.current : undefined;
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please enter a valid email address";
    return redirectWithToast(back(typed), { type: "error", title: "Address not changed", description: message });
  }
  const { email } = submission.value;
  if (!(await consumeRateLimit("signup", { ip: context.get(requestContext).ip, email }))) {
    return redirectWithToast(back(typed), { type: "error", title: "Address not changed", description: RATE_LIMIT_MESSAGE });
  }
  const outcome = await changeSignupEmail(getDb(), await readSignupBrowser(request), email);
  if (outcome.status !== "changed") {
    return redirectWithToast(back(typed), { type: "error", title: "Address not changed", description: REFUSALS[outcome.status] });
  }
  return redirectWithToast(
    back(outcome.email),
    { type: "success", title: "Address changed", description: `A new verification link is on its way to ${outcome.email}.` },
    { headers: { "Set-Cookie": await signupBrowserCookie(outcome.browser) } },
  );
}
