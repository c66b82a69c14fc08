import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, useSchemaForm } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { EmailOnlySchema } from "#app/modules/auth/validation";

/**
 * 'Wrong address?' under 'Check your email', in the browser that signed up: a disclosure holding one plain form
 * posted to /signup/email (./signup-email.ts), so it works without JavaScript.
 */
export function SignupEmailForm({ current }: { current: string | null }) {
  const [form, fields] = useSchemaForm(EmailOnlySchema, { id: "signup-email" });
  return (
    <details className="mt-3 text-sm text-slate-700" data-testid="signup-email">
      <summary className="cursor-pointer font-medium text-brand-700">Wrong address? Change it</summary>
      <Form method="post" action="/signup/email" {...getFormProps(form)} className="mt-3 flex flex-col gap-3">
        {current ? <input type="hidden" name="current" value={current} /> : null}
        <Field
          label="Your correct email"
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          errors={fields.email.errors}
        />
        <Button type="submit" variant="secondary">
          Send the link there
        </Button>
      </Form>
    </details>
  );
}
