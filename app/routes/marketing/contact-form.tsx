import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { Form } from "react-router";
import { Field, TextareaField } from "#app/components/forms";
import { HoneypotField } from "#app/components/honeypot-field";
import type { FormReply } from "#app/utils/form-reply";

type ContactFields = { name: string; email: string; company: string; message: string };

/**
 * The contact form of /contact and /help-center: a plain POST that works
 * without JavaScript (the pages do not hydrate); the server's reply refills it
 * and shows the field errors. The field ids are `<form id>-<name>`.
 */
export function ContactForm({
  id,
  actionData,
  showCompany,
  submitLabel,
}: {
  id: string;
  actionData: FormReply | undefined;
  showCompany: boolean;
  submitLabel: string;
}) {
  const [form, fields] = useForm<ContactFields>({ id, lastResult: actionData?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="relative flex flex-col gap-4">
      {form.errors?.length ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {form.errors[0]}
        </p>
      ) : null}
      <HoneypotField id={`${id}-website`} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name", required: true }}
          errors={fields.name.errors}
        />
        <Field
          label="Email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", required: true }}
          errors={fields.email.errors}
        />
      </div>
      {showCompany ? (
        <Field
          label="Company (optional)"
          inputProps={{ ...getInputProps(fields.company, { type: "text" }), autoComplete: "organization" }}
          errors={fields.company.errors}
        />
      ) : null}
      <TextareaField
        label="Message"
        textareaProps={{ ...getTextareaProps(fields.message), rows: 5, required: true, minLength: 10 }}
        errors={fields.message.errors}
      />
      <div>
        <button type="submit" className="rounded-md bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
