import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { ConnectFormSchema, type FORM_PLATFORMS } from "#app/modules/publishing/connect-form";
import { CONNECT_FORM, platformName } from "#app/modules/publishing/platforms";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, usePendingIntent } from "#app/components/settings-ui";

/**
 * The connect dialog (?tab=integrations&connect=<platform>): site address and
 * key or token, checked with the server's schema; connecting runs the
 * connection doctor at once, so what it finds shows on the new card.
 */
function GoodToKnow({ limitations }: { limitations: string[] }) {
  if (!limitations.length) return null;
  return (
    <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">Good to know</p>
      <ul className="mt-1 list-disc pl-5">
        {limitations.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Shopify connects as an app: the merchant names the store and approves
 * Inkpilot in Shopify (no token to paste). The form goes to the install start.
 */
export function ShopifyConnectDialog({ limitations }: { limitations: string[] }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/integrations/shopify/start";
  return (
    <UrlDialog
      title="Connect Shopify"
      description="You approve Inkpilot in your Shopify admin, then come back here."
      closeTo="?tab=integrations"
    >
      <Form method="post" action="/integrations/shopify/start" reloadDocument className="flex flex-col gap-4">
        <Field
          label="Shop domain"
          inputProps={{
            name: "shop",
            required: true,
            placeholder: "your-store.myshopify.com",
            autoComplete: "off",
          }}
          hint="Enter full shop domain like your-store.myshopify.com"
        />
        <GoodToKnow limitations={limitations} />
        <div className="flex justify-end gap-2">
          <DialogCancel />
          <StatusButton pending={pending} pendingLabel="Redirecting…">
            Connect
          </StatusButton>
        </div>
      </Form>
    </UrlDialog>
  );
}

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
        <GoodToKnow limitations={limitations} />
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
