import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { Field, FormMessage } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { requestVerificationResend } from "#app/modules/auth/auth.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { EmailOnlySchema } from "#app/modules/auth/validation";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Route } from "./+types/resend-verification";
import { HONEYPOT_FIELD, HoneypotField, type Notice } from "./shared";

export const meta: Route.MetaFunction = () => [{ title: "Resend verification email | Inkpilot" }];

export function loader({ request }: Route.LoaderArgs) {
  return { email: new URL(request.url).searchParams.get("email") ?? "" };
}

// Allowed by email without a session: unverified users cannot sign in (docs/decisions/011).
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get(HONEYPOT_FIELD)) throw new Response("Bad Request", { status: 400 });
  const submission = parseWithZod(formData, { schema: EmailOnlySchema });
  if (submission.status !== "success") {
    const missing = !String(formData.get("email") ?? "").trim();
    const error: Notice | null = missing ? { title: "Email Required", description: "Please enter your email address" } : null;
    return data({ result: submission.reply(), error }, { status: 400 });
  }
  const { email } = submission.value;
  if (!(await consumeRateLimit("resend", { ip: context.get(requestContext).ip, email }))) {
    return data({ result: submission.reply(), error: { title: "Failed to Send Email", description: RATE_LIMIT_MESSAGE } }, { status: 429 });
  }
  // The same answer whether or not the address has an account, verified or not.
  await requestVerificationResend(getDb(), email);
  throw redirect(`/signin?message=verification-sent&email=${encodeURIComponent(email)}`);
}

export default function ResendVerification({ loaderData, actionData }: Route.ComponentProps) {
  const isPending = useIsPending();
  const [form, fields] = useForm<{ email: string }>({
    id: "resend-verification",
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
    // No browser-side validation: the server's answer carries the spec's 'Email Required' title.
  });
  const error = actionData?.error;

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Resend verification email</h1>
      <p className="mt-1 text-sm text-slate-600">Enter your email and we will send you a new verification link.</p>
      <Form method="post" id={form.id} noValidate={form.noValidate} onSubmit={form.onSubmit} className="relative mt-6 flex flex-col gap-4">
        {error ? <FormMessage title={error.title} description={error.description} /> : null}
        <HoneypotField />
        <Field
          label="Email"
          inputProps={{ id: fields.email.id, name: fields.email.name, type: "email", autoComplete: "email", defaultValue: fields.email.initialValue }}
          errors={error ? undefined : fields.email.errors}
        />
        <StatusButton pending={isPending} pendingLabel="Sending…" className="w-full">
          Send verification email
        </StatusButton>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Link to="/signin" className="font-medium text-brand-600 hover:underline">
          Back to sign in
        </Link>
      </p>
    </>
  );
}
