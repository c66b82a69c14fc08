import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { authenticateWithPassword } from "#app/modules/auth/auth.server";
import { redirectIfSignedIn, safeRedirectPath } from "#app/modules/auth/guards.server";
import { admitPasswordGuess, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { recordSignIn, redirectWithSession } from "#app/modules/auth/session.server";
import { SignInSchema } from "#app/modules/auth/validation";
import type { Notice } from "#app/utils/form-reply";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { toastHeader } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { readSignupBrowser } from "#app/modules/auth/signup-browser.server";
import { GoogleButton, OrDivider } from "./shared";
import { SignupEmailForm } from "./signup-email-form";
import type { Route } from "./+types/signin";

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Inkpilot" }];

function noticeFor(message: string | null, email: string | null): Notice | null {
  switch (message) {
    case "verify-email":
      return {
        title: "Check your email",
        description: email
          ? `We sent a verification link to ${email}. Open it to verify your email, then sign in.`
          : "We sent you a verification link. Open it to verify your email, then sign in.",
      };
    case "verification-sent":
      return { title: "Verification email sent", description: "If your email still needs verifying, a new link is on its way." };
    case "reset-sent":
      return { title: "Password reset email sent", description: "If an account exists for that email, a reset link is on its way." };
    case "password-updated":
      return { title: "Password updated successfully", description: "Sign in with your new password." };
    default:
      return null;
  }
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const signedIn = await redirectIfSignedIn(request);
  if (signedIn) return signedIn;
  const email = url.searchParams.get("email");
  const message = url.searchParams.get("message");
  return {
    notice: noticeFor(message, email),
    // In the browser that signed up, a mistyped address can be corrected before it is verified.
    canChangeEmail: message === "verify-email" && Boolean(await readSignupBrowser(request)),
    email,
    redirectTo: url.searchParams.get("redirectTo"),
    googleEnabled: getEnv().googleEnabled,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, SignInSchema);
  // The password is never sent back to the browser.
  const refuse = (notice: Notice | null, init: { status?: number; headers?: HeadersInit } = {}) =>
    replyError(submission, { notice, hideFields: ["password"], ...init });
  if (submission.status !== "success") return refuse(null);
  const { email, password, redirectTo } = submission.value;
  const ip = context.get(requestContext).ip;

  // Counted before bcrypt runs, so a parallel burst cannot pass the limit (docs/decisions/016).
  const gate = await admitPasswordGuess("signin", { account: email, ip });
  if (!gate.allowed) {
    return refuse(
      { title: "Error signing in", description: RATE_LIMIT_MESSAGE },
      { status: 429, headers: { "Retry-After": String(gate.retryAfterSeconds) } },
    );
  }
  const db = getDb();
  const outcome = await authenticateWithPassword(db, email, password);
  // "unverified" means the password was right.
  await gate.settle(outcome.status !== "invalid");
  if (outcome.status === "invalid") {
    return refuse({ title: "Error signing in", description: "Invalid email or password" });
  }
  if (outcome.status === "unverified") {
    return refuse({
      title: "Error signing in",
      description: "Please verify your email before signing in. Check your inbox for the verification link.",
      link: { to: `/resend-verification?email=${encodeURIComponent(outcome.email)}`, label: "Resend verification email" },
    });
  }
  const { greeting } = await recordSignIn(db, outcome.userId);
  const response = await redirectWithSession(db, outcome.userId, request, safeRedirectPath(redirectTo), ip);
  response.headers.append("Set-Cookie", await toastHeader({ type: "success", title: greeting }));
  return response;
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const isPending = useIsPending();
  const [form, fields] = useSchemaForm(SignInSchema, {
    id: "signin",
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email ?? "" },
  });
  const notice = actionData?.notice;

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Sign in</h1>
      <p className="mt-1 text-sm text-slate-600">Welcome back. Sign in to your Inkpilot account.</p>

      {loaderData.notice ? (
        <div className="mt-6">
          <FormMessage tone="success" {...loaderData.notice} />
          {loaderData.canChangeEmail ? <SignupEmailForm current={loaderData.email} /> : null}
        </div>
      ) : null}

      <Form method="post" {...getFormProps(form)} className="mt-6 flex flex-col gap-4">
        {notice ? <FormMessage {...notice} /> : null}
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <div className="flex flex-col gap-1">
          <Field
            label="Password"
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
            errors={fields.password.errors}
          />
          <Link to="/forgot-password" className="self-end text-sm text-brand-600 hover:underline">
            Forgot password?
          </Link>
        </div>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo ?? ""} />
        <StatusButton pending={isPending} pendingLabel="Signing in…" className="w-full">
          Sign in
        </StatusButton>
      </Form>

      {loaderData.googleEnabled ? (
        <>
          <OrDivider />
          <GoogleButton label="Sign in with Google" />
        </>
      ) : null}

      <p className="mt-6 text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link to="/signup" className="font-medium text-brand-600 hover:underline">
          Sign up
        </Link>
      </p>
    </>
  );
}
