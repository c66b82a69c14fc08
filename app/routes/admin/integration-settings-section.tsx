import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { SaveSchema, type TestReply } from "#app/modules/admin/integration-settings-form";
import type { IntegrationSettingsView } from "#app/modules/admin/integration-settings.server";
import { replyFor } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";
import { CopyButton } from "#app/components/copy-button";
import { YesNo } from "./admin-ui";
import { formatUtc } from "./mail-status";

/** One app platform on the integration settings page: the form, Test Connection and the diagnostics. */

type ProviderView = IntegrationSettingsView[number];

function SourceNote({ provider }: { provider: ProviderView }) {
  if (provider.source === "env") {
    return (
      <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <strong>In force: environment variables</strong> ({provider.envVars.clientId}, {provider.envVars.clientSecret}). They win over the
        values saved here, which are kept but not used until those variables are removed.
      </p>
    );
  }
  return (
    <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <strong>In force: {provider.source === "db" ? "the configuration saved here" : "nothing yet"}</strong>. Setting{" "}
      {provider.envVars.clientId} and {provider.envVars.clientSecret} on the server would take precedence.
    </p>
  );
}

export function ProviderSection({ provider, actionData }: { provider: ProviderView; actionData: unknown }) {
  const saveIntent = `save-${provider.provider}`;
  const testIntent = `test-${provider.provider}`;
  const reply = replyFor(actionData, saveIntent);
  const test = (actionData as TestReply | undefined)?.intent === testIntent ? (actionData as TestReply).test : null;
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(SaveSchema, {
    id: `settings-${provider.provider}`,
    lastResult: reply?.result,
    defaultValue: { provider: provider.provider, clientId: provider.savedClientId, clientSecret: "" },
  });
  const headingId = `settings-${provider.provider}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {provider.name}
      </h2>
      <div className="mt-3">
        <SourceNote provider={provider} />
      </div>
      <div className="mt-4 grid gap-6 md:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-4">
          {reply?.notice ? <FormMessage tone={reply.result.status === "success" ? "success" : "error"} {...reply.notice} /> : null}
          <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value={saveIntent} />
            <input {...getInputProps(fields.provider, { type: "hidden" })} key={fields.provider.key} />
            <Field
              label={`${provider.name} Client ID`}
              inputProps={{ ...getInputProps(fields.clientId, { type: "text" }), autoComplete: "off", spellCheck: false }}
              errors={fields.clientId.errors}
            />
            <Field
              label={`${provider.name} Client Secret`}
              hint="Leave blank to keep the current secret unchanged."
              inputProps={{ ...getInputProps(fields.clientSecret, { type: "password" }), autoComplete: "new-password" }}
              errors={fields.clientSecret.errors}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor={`redirect-${provider.provider}`} className="text-sm font-medium text-slate-800">
                Redirect URI
              </label>
              <div className="flex gap-2">
                <input
                  id={`redirect-${provider.provider}`}
                  readOnly
                  value={provider.redirectUri}
                  className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm"
                />
                <CopyButton value={provider.redirectUri} label={`Copy the ${provider.name} redirect URI`} />
              </div>
              <p className="text-xs text-slate-500">List this exact address in the {provider.name} app's settings.</p>
            </div>
            <StatusButton pending={pending} pendingLabel="Saving…" className="self-start">
              Save Configuration
            </StatusButton>
          </Form>
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value={testIntent} />
            <input type="hidden" name="provider" value={provider.provider} />
            <StatusButton variant="secondary" pending={pending} pendingLabel="Testing…" className="self-start">
              Test Connection
            </StatusButton>
          </Form>
          {test ? (
            <div className="flex flex-col gap-2" data-testid={`test-result-${provider.provider}`}>
              <FormMessage tone={test.ok ? "success" : "error"} title={test.title} description={test.description} />
              {test.checks.length ? (
                <ul className="text-sm text-slate-700">
                  {test.checks.map((c) => (
                    <li key={c.label}>
                      <span aria-hidden>{c.ok ? "✓" : "✗"}</span> <span className="sr-only">{c.ok ? "Passed:" : "Failed:"}</span> {c.label}{" "}
                      <span className="text-slate-500">({c.detail})</span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Diagnostics</h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid={`diagnostics-${provider.provider}`}>
            <dt className="text-slate-500">Has Client ID</dt>
            <dd>
              <YesNo value={provider.hasClientId} />
            </dd>
            <dt className="text-slate-500">Has Client Secret</dt>
            <dd>
              <YesNo value={provider.hasClientSecret} />
            </dd>
            <dt className="text-slate-500">Source</dt>
            <dd>{provider.source === "env" ? "Environment" : provider.source === "db" ? "Saved configuration" : "None"}</dd>
            <dt className="text-slate-500">Last Updated</dt>
            <dd>{formatUtc(provider.updatedAt)}</dd>
            <dt className="text-slate-500">Updated By</dt>
            <dd>{provider.updatedByEmail ?? provider.updatedByUserId ?? "—"}</dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
