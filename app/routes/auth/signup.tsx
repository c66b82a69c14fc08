import { useState } from "react";
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { signUp } from "#app/modules/auth/auth.server";
import { redirectIfSignedIn } from "#app/modules/auth/guards.server";
import { SignUpServerSchema } from "#app/modules/auth/password-policy.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { lookupSession } from "#app/modules/auth/session.server";
import { signupBrowserCookie } from "#app/modules/auth/signup-browser.server";
import { SignUpSchema } from "#app/modules/auth/validation";
import { suggestEmail, typoQuestion } from "#app/modules/auth/email-typos";
import { useHydrated } from "#app/utils/use-hydrated";
import type { Notice } from "#app/utils/form-reply";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { HoneypotField } from "#app/components/honeypot-field";
import { writeUrl } from "#app/modules/articles/urls";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { badRequest } from "#app/utils/responses.server";
import { GoogleButton, OrDivider } from "./shared";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Sign up | Inkpilot" }];

export async function loader({ request, url }: Route.LoaderArgs) {
  // The spec opens the onboarding dialog here for a signed-in visitor; it lives on the dashboard.
  if (url.searchParams.get("onboarding") === "true" && (await lookupSession(getDb(), request))) {
    return redirect("/dashboard?onboarding=1");
  }
  const signedIn = await redirectIfSignedIn(request);
  if (signedIn) return signedIn;
  return { googleEnabled: getEnv().googleEnabled, topic: topicOf(url.searchParams.get("topic")) };
}

/** The free tools' call to action carries a topic; it becomes the first article's keyword after sign-in. */
function topicOf(value: string | null | undefined) {
  return typeof value === "string" ? value.trim().slice(0, 120) : "";
}

// The server's schema adds the common-password list, which stays out of the browser bundle.
const SignUpFormSchema = SignUpServerSchema.extend({ topic: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await parseSubmission(request, SignUpFormSchema);
  if (isHoneypotFilled(formData)) badRequest();
  if (submission.status !== "success") return replyError(submission, { hideFields: ["password"] });
  const { email, password, fullName, topic } = submission.value;
  const refuse = (notice: Notice, status = 400) => replyError(submission, { status, hideFields: ["password"], notice });
  // A likely typo of a common provider ('gmial.com') is asked about once; the same address sent again is kept.
  const suggested = suggestEmail(email);
  if (suggested && formData.get("emailChecked") !== email) {
    return replyError(submission, { hideFields: ["password"], fieldErrors: { email: [typoQuestion(suggested, email)] } });
  }

  if (!(await consumeRateLimit("signup", { ip: context.get(requestContext).ip, email }))) {
    return refuse({ title: "Signup failed", description: RATE_LIMIT_MESSAGE }, 429);
  }
  const keyword = topicOf(topic);
  const afterVerify = keyword ? writeUrl({ keyword }) : null;
  const result = await signUp(getDb(), { email, password, fullName, next: afterVerify });
  if (result.status === "exists") {
    return refuse({
      title: "Account exists",
      description: "An account with this email already exists. Please sign in instead.",
      link: { to: "/signin", label: "Go to sign in" },
    });
  }
  const afterSignIn = afterVerify ? `&redirectTo=${encodeURIComponent(afterVerify)}` : "";
  const next = `/signin?message=verify-email&email=${encodeURIComponent(email)}${afterSignIn}`;
  // The link signs in only in this browser (docs/decisions/034).
  const headers = { "Set-Cookie": await signupBrowserCookie(result.browser) };
  if (!result.mailQueued) {
    return redirectWithToast(
      next,
      { type: "error", title: "Account created", description: "We could not send your verification email. Please contact support." },
      { headers },
    );
  }
  return redirect(next, { headers });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const isPending = useIsPending();
  const [form, fields] = useSchemaForm(SignUpSchema, {
    id: "signup",
    lastResult: actionData?.result,
  });
  const notice = actionData?.notice;
  const hydrated = useHydrated();
  const [typed, setTyped] = useState(String(fields.email.initialValue ?? ""));
  const suggested = suggestEmail(typed);
  const askedByServer = Boolean(fields.email.errors?.some((e) => e.startsWith("Did you mean")));

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Create your account</h1>
      <p className="mt-1 text-sm text-slate-600">Start your 7-day free trial. No credit card required.</p>

      <Form method="post" {...getFormProps(form)} className="relative mt-6 flex flex-col gap-4">
        {notice ? <FormMessage {...notice} /> : null}
        <HoneypotField />
        {loaderData.topic ? <input type="hidden" name="topic" value={loaderData.topic} /> : null}
        <Field
          label="Your name"
          hint="Optional. Teammates you invite see it."
          inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }}
          errors={fields.fullName.errors}
        />
        <Field
          label="Email"
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            onBlur: (event) => setTyped(event.currentTarget.value),
          }}
          errors={fields.email.errors}
        />
        {hydrated && suggested ? (
          <p className="-mt-2 text-sm text-slate-700" role="status" data-testid="email-suggestion">
            Did you mean{" "}
            <button
              type="button"
              className="font-medium text-brand-700 underline"
              onClick={() => {
                form.update({ name: fields.email.name, value: suggested });
                setTyped(suggested);
              }}
            >
              {suggested}
            </button>
            ?
          </p>
        ) : null}
        {/* Shown the question (here or by the server), sending the same address again keeps it. */}
        {(hydrated && suggested) || askedByServer ? <input type="hidden" name="emailChecked" value={typed} /> : null}
        <Field
          label="Password"
          hint="At least 6 characters."
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
          errors={fields.password.errors}
        />
        <StatusButton pending={isPending} pendingLabel="Creating account…" className="w-full">
          Sign up
        </StatusButton>
      </Form>

      {loaderData.googleEnabled ? (
        <>
          <OrDivider />
          <GoogleButton label="Sign up with Google" />
        </>
      ) : null}

      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/signin" className="font-medium text-brand-600 hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
