import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { ConnectFormSchema, type FORM_PLATFORMS } from "#app/modules/publishing/connect-form";
import { CONNECT_FORM, platformName } from "#app/modules/publishing/platforms";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, usePendingIntent } from "./settings-ui";

/**
 * The connect dialog (?tab=integrations&connect=<platform>): site address and
 * key or token, checked with the server's schema; connecting runs the
 * connection doctor at once, so what it finds shows on the new card.
 */
export function ConnectDialog({
  platform,
  limitations,
  actionData,
}: {
  platform: (typeof FORM_PLATFORMS)[number];
  limitations: string[];
  actionData: unknown;
}) {
  const wording = CONNECT_FORM[platform]!;
  const reply = replyFor(actionData, "connect");
  const pending = usePendingIntent("connect");
  const [form, fields] = useSchemaForm(ConnectFormSchema, { id: "connect", lastResult: reply?.result, defaultValue: { platform } });
  const name = platformName(platform);
  return (
    <UrlDialog title={`Connect ${name}`} description="Inkpilot checks the connection as soon as you connect." closeTo="?tab=integrations">
      <Form method="post" action="?tab=integrations" {...getFormProps(form)} className="flex flex-col gap-4">
        <IntentInput intent="connect" />
        <input type="hidden" name="platform" value={platform} />
        {reply?.notice ? <FormMessage {...reply.notice} /> : null}
        <Field
          label={wording.siteUrlLabel}
          inputProps={{ ...getInputProps(fields.siteUrl, { type: "url" }), placeholder: wording.siteUrlPlaceholder, autoComplete: "url" }}
          errors={fields.siteUrl.errors}
        />
        <Field
          label={wording.secretLabel}
          inputProps={{
            ...getInputProps(fields.secret, { type: "password" }),
            placeholder: wording.secretPlaceholder,
            autoComplete: "off",
          }}
          errors={fields.secret.errors}
          hint="Stored encrypted; never shown again."
        />
        {fields.platform.errors ? <FormMessage title={fields.platform.errors[0] ?? ""} /> : null}
        {limitations.length ? (
          <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            <p className="font-medium text-slate-900">Good to know</p>
            <ul className="mt-1 list-disc pl-5">
              {limitations.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogCancel />
          <StatusButton pending={pending} pendingLabel="Connecting...">
            Connect
          </StatusButton>
        </div>
      </Form>
    </UrlDialog>
  );
}
