import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Field, FormMessage } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { isResetTokenUsable, resetPassword } from "#app/modules/auth/auth.server";
import { endSession } from "#app/modules/auth/session.server";
import { newPasswordProblem } from "#app/modules/auth/password-policy.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { hashToken } from "#app/utils/crypto.server";
import type { Notice } from "#app/utils/form-reply";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Reset password | Inkpilot" }];

// Every field may be blank: the checks below answer with the spec's titles, in its order.
const ResetPasswordSchema = z.object({
  token: z.string().default(""),
  password: z.string().default(""),
  confirmPassword: z.string().default(""),
});

const INVALID_LINK: Notice = {
  title: "Invalid Reset Link",
  description: "This password reset link is invalid or has expired. Please request a new one.",
};

const PROBLEM_TITLES = { "too-short": "Password Too Short", "too-long": "Password Too Long", common: "Password Too Common" } as const;

/** The product's checks, in its order, with its titles and texts (docs/product.md); then the 72-byte maximum and the common-password list. */
function validate(password: string, confirm: string): Notice | null {
  if (!password || !confirm) return { title: "Password Required", description: "Please enter and confirm your new password" };
  if (password !== confirm) return { title: "Passwords Don't Match", description: "Please make sure both passwords are identical" };
  const problem = newPasswordProblem(password);
  return problem ? { title: PROBLEM_TITLES[problem.kind], description: problem.message } : null;
}

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  // Only looks at the token; it is used up by the POST that sets the password.
  const valid = token ? await isResetTokenUsable(getDb(), token) : false;
  return { token: valid ? token : "", valid };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, ResetPasswordSchema);
  // The passwords are never sent back to the browser.
  const refuse = (notice: Notice | null, status = 400) =>
    replyError(submission, { status, notice, hideFields: ["password", "confirmPassword"] });
  if (submission.status !== "success") return refuse(null);
  const { token, password, confirmPassword } = submission.value;
  const db = getDb();
  const problem = validate(password, confirmPassword);
  if (problem) return refuse(problem);
  // Per address and per link (keyed by the token's hash, never the token itself).
  if (!(await consumeRateLimit("reset-submit", { ip: context.get(requestContext).ip, email: `link:${hashToken(token)}` }))) {
    return refuse({ title: "Failed to Update Password", description: RATE_LIMIT_MESSAGE }, 429);
  }
  if (!(await resetPassword(db, token, password))) return refuse(INVALID_LINK);
  // Every session of the user ended; this browser's cookie goes too.
  return redirect("/signin?message=password-updated", { headers: { "Set-Cookie": await endSession(db, request) } });
}

function InvalidLink() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Invalid Reset Link</h1>
      <div className="mt-6">
        <FormMessage {...INVALID_LINK} />
      </div>
      <Button asChild className="mt-6 w-full">
        <Link to="/forgot-password">Request a new reset link</Link>
      </Button>
    </>
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof ResetPasswordSchema>>({ id: "reset-password", lastResult: actionData?.result });
  const notice = actionData?.notice;
  if (!loaderData.valid || notice?.title === INVALID_LINK.title) return <InvalidLink />;

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
      <p className="mt-1 text-sm text-slate-600">Enter your new password twice. You will be signed out on every device.</p>
      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4">
        {notice ? <FormMessage {...notice} /> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label="New password"
          hint="At least 6 characters."
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <Field
          label="Confirm new password"
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        />
        <StatusButton pending={isPending} pendingLabel="Updating password…" className="w-full">
          Update password
        </StatusButton>
      </Form>
    </>
  );
}
