import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel } from "#app/components/url-dialog";
import { RenameWorkspaceSchema } from "#app/modules/workspaces/team-forms";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";

/** Rename Workspace (owners, ?rename=1): the name invitations, the site switcher and mails show. */
export function RenameWorkspaceForm({ name, reply }: { name: string; reply?: FormReply }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(RenameWorkspaceSchema, { id: "team-rename", lastResult: reply?.result, defaultValue: { name } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Rename Workspace">
      <input type="hidden" name="intent" value="rename" />
      <Field label="Workspace name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }) }} />
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Saving...">
          Rename
        </StatusButton>
      </div>
    </Form>
  );
}
