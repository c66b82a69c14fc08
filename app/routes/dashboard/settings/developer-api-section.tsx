import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { ApiKeyFormSchema } from "#app/modules/api/key-form";
import { CopyButton } from "#app/components/copy-button";
import { replyFor } from "#app/utils/form-reply";
import { formatDateTime } from "#app/utils/time";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import type { ApiKeyReply } from "./developer-api-actions.server";
import type { DeveloperApiData } from "./integrations-data.server";

/**
 * Settings → Integrations → Developer API (decision 045): generate a key
 * (named, for every site of the workspace or one), shown in full once, right
 * after it is made; the list shows each key's visible prefix, site, creation
 * and last use, with Revoke behind a confirmation. Works without JavaScript.
 */

const TAB = "?tab=integrations";

function NewKey({ created }: { created: NonNullable<ApiKeyReply["createdKey"]> }) {
  return (
    <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
      <p className="font-semibold">API key “{created.name}” created</p>
      <p className="mt-1">Copy it now: this is the only time it is shown. Store it as a secret; anyone with it can use the API.</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code data-testid="new-api-key" className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 select-all">
          {created.key}
        </code>
        <CopyButton value={created.key} label="Copy the new API key" />
      </div>
    </div>
  );
}

function RevokeDialog({ data }: { data: DeveloperApiData }) {
  const key = data.keys.find((k) => k.id === data.revokeId);
  const pending = usePendingIntent("api-key-revoke");
  if (!key) return null;
  return (
    <UrlDialog title={`Revoke “${key.name}”?`} closeTo={TAB}>
      <p className="text-sm text-slate-700">
        Requests with <code className="font-mono">{key.prefix}…</code> are refused from the moment you revoke it. This cannot be undone.
      </p>
      <Form method="post" action={TAB} className="mt-4 flex justify-end gap-2">
        <IntentInput intent="api-key-revoke" />
        <input type="hidden" name="keyId" value={key.id} />
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Revoking…">
          Revoke key
        </StatusButton>
      </Form>
    </UrlDialog>
  );
}

function KeyList({ data }: { data: DeveloperApiData }) {
  if (!data.keys.length) return <p className="text-sm text-slate-600">No API keys yet.</p>;
  const when = (iso: string | null) => (iso ? formatDateTime(iso, data.timeZone) : "Never");
  return (
    <div className="overflow-x-auto" role="region" aria-label="API keys table" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">API keys</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2 pr-4">Name</th>
            <th className="py-2 pr-4">Key</th>
            <th className="py-2 pr-4">Site</th>
            <th className="py-2 pr-4">Created</th>
            <th className="py-2 pr-4">Last used</th>
            <th className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.keys.map((key) => (
            <tr key={key.id}>
              <td className="py-2 pr-4 font-medium text-slate-900">{key.name}</td>
              <td className="py-2 pr-4 font-mono text-xs">{key.prefix}…</td>
              <td className="py-2 pr-4">{key.siteName ?? "All sites"}</td>
              <td className="py-2 pr-4">{when(key.createdAt)}</td>
              <td className="py-2 pr-4">{when(key.lastUsedAt)}</td>
              <td className="py-2 text-right">
                <Button asChild variant="secondary" size="sm">
                  <Link to={`${TAB}&revokeKey=${key.id}`} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </Link>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DeveloperApiSection({ data, actionData }: { data: DeveloperApiData; actionData: unknown }) {
  const reply = replyFor(actionData, "api-key-create") as ApiKeyReply | undefined;
  const revokeReply = replyFor(actionData, "api-key-revoke");
  const pending = usePendingIntent("api-key-create");
  const [form, fields] = useSchemaForm(ApiKeyFormSchema, { id: "api-key-create", lastResult: reply?.result });
  const siteOptions = [{ value: "", label: "All sites of this workspace" }, ...data.sites.map((s) => ({ value: s.id, label: s.name }))];
  return (
    <SettingsCard
      title="Developer API"
      description="Keys let your own code and tools use the Inkpilot API: articles, AI generations, publishing, topics and the content plan."
    >
      <p className="text-sm text-slate-700">
        Send a key as <code className="font-mono">Authorization: Bearer …</code> to <code className="font-mono">/api/v1</code>.{" "}
        <Link to="/dashboard/api-docs" className="font-medium text-brand-700 hover:underline">
          Read the API reference
        </Link>
      </p>
      {!data.canManage ? (
        <p className="mt-3 text-sm text-slate-600">Only workspace owners and admins can manage API keys.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-5">
          {reply?.createdKey ? <NewKey created={reply.createdKey} /> : null}
          {revokeReply?.notice ? <FormMessage {...revokeReply.notice} /> : null}
          <Form method="post" action={TAB} {...getFormProps(form)} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <IntentInput intent="api-key-create" />
            <Field
              label="Key name"
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), placeholder: "e.g. Zapier, CMS sync", autoComplete: "off" }}
              errors={fields.name.errors}
            />
            <SelectField label="Site" selectProps={getSelectProps(fields.siteId)} options={siteOptions} errors={fields.siteId.errors} />
            <StatusButton pending={pending} pendingLabel="Generating…">
              Generate API key
            </StatusButton>
          </Form>
          <KeyList data={data} />
          <RevokeDialog data={data} />
        </div>
      )}
    </SettingsCard>
  );
}
