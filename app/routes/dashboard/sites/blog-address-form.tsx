import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel } from "#app/components/url-dialog";
import { BlogAddressSchema } from "#app/modules/workspaces/site-forms";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";

/** The hosted blog's address, changed in the Sites page's dialog (?blog-address={id}, docs/decisions/071). */
export function BlogAddressForm({ site, origin, reply }: { site: { id: string; blogSlug: string }; origin: string; reply?: FormReply }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(BlogAddressSchema, {
    id: `blog-address-${site.id}`,
    lastResult: reply?.result,
    defaultValue: { siteId: site.id, blogSlug: site.blogSlug },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Blog address">
      <input type="hidden" name="intent" value="blog-address" />
      <input type="hidden" name="siteId" value={site.id} />
      <Field
        label="Blog address"
        hint={`${origin}/b/ followed by this. The old address keeps working: it sends visitors and search engines to the new one.`}
        errors={fields.blogSlug.errors}
        inputProps={{ ...getInputProps(fields.blogSlug, { type: "text" }), autoComplete: "off", spellCheck: false }}
      />
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Saving...">
          Change address
        </StatusButton>
      </div>
    </Form>
  );
}
