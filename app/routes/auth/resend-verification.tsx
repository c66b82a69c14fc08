import { requestVerificationResend } from "#app/modules/auth/auth.server";
import { readSignupBrowser } from "#app/modules/auth/signup-browser.server";
import { EmailLinkForm } from "./email-link-form";
import { emailLinkAction } from "./email-link.server";
import type { Route } from "./+types/resend-verification";

export const meta: Route.MetaFunction = () => [{ title: "Resend verification email | Inkpilot" }];

export function loader({ url }: Route.LoaderArgs) {
  return { email: url.searchParams.get("email") ?? "" };
}

// Allowed by email without a session: unverified users cannot sign in (docs/decisions/009).
export async function action({ request, context }: Route.ActionArgs) {
  const browser = await readSignupBrowser(request);
  return emailLinkAction({
    request,
    context,
    limit: "resend",
    failureTitle: "Failed to Send Email",
    send: (db, email) => requestVerificationResend(db, email, browser),
    successUrl: (email) => `/signin?message=verification-sent&email=${encodeURIComponent(email)}`,
  });
}

export default function ResendVerification({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EmailLinkForm
      formId="resend-verification"
      heading="Resend verification email"
      intro="Enter your email and we will send you a new verification link."
      submitLabel="Send verification email"
      defaultEmail={loaderData.email}
      actionData={actionData}
    />
  );
}
