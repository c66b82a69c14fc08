import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, FormMessage } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { HoneypotField } from "#app/components/honeypot-field";

/** The one-field "mail me a link" page shared by forgot password and resend verification. */
export function EmailLinkForm({
  formId,
  heading,
  intro,
  submitLabel,
  defaultEmail,
  actionData,
}: {
  formId: string;
  heading: string;
  intro: string;
  submitLabel: string;
  defaultEmail?: string;
  actionData?: FormReply;
}) {
  const isPending = useIsPending();
  const [form, fields] = useForm<{ email: string }>({
    id: formId,
    lastResult: actionData?.result,
    defaultValue: { email: defaultEmail ?? "" },
    // No browser-side validation: the server's answer carries the product's 'Email Required' title.
  });
  const notice = actionData?.notice;

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
      <Form method="post" {...getFormProps(form)} className="relative mt-6 flex flex-col gap-4">
        {notice ? <FormMessage {...notice} /> : null}
        <HoneypotField />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={notice ? undefined : fields.email.errors}
        />
        <StatusButton pending={isPending} pendingLabel="Sending…" className="w-full">
          {submitLabel}
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
