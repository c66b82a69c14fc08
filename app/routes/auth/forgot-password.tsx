import { requestPasswordReset } from "#app/modules/auth/auth.server";
import { EmailLinkForm } from "./email-link-form";
import { emailLinkAction } from "./email-link.server";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password | Inkpilot" }];

export async function action({ request, context }: Route.ActionArgs) {
  return emailLinkAction({
    request,
    context,
    limit: "reset",
    failureTitle: "Failed to Send Reset Email",
    send: requestPasswordReset,
    successUrl: () => "/signin?message=reset-sent",
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <EmailLinkForm
      formId="forgot-password"
      heading="Forgot your password?"
      intro="Enter your email and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      actionData={actionData}
    />
  );
}
