import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CheckboxField, ErrorList, Field, FormMessage, useSchemaForm } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { DialogCancel, UrlDialog } from "#app/components/url-dialog";
import { EVENT_LABELS, EVENT_TYPES, WebhookFormSchema } from "#app/modules/webhooks/events";
import { CopyButton } from "#app/components/copy-button";
import { replyFor } from "#app/utils/form-reply";
import { formatDateTime } from "#app/utils/time";
import { IntentInput, SettingsCard, usePendingIntent } from "#app/components/settings-ui";
import type { WebhookReply } from "./event-webhooks-actions.server";
import type { EventWebhooksData } from "./integrations-data.server";

/**
 * Settings → Integrations → Event webhooks (decision 047): endpoints that
 * receive article.generated, article.published and publication.failed signed
 * per Standard Webhooks; the secret is shown once when added; 'Send test'; a
 * receiver paused after failing too often says why and offers 'Resume'; the
 * latest deliveries with their outcome. Works without JavaScript.
 */

const TAB = "?tab=integrations";
const STATUS_TONE = { succeeded: "text-emerald-800", failed: "text-red-700", pending: "text-slate-700" } as const;

function DeleteDialog({ data }: { data: EventWebhooksData }) {
  const endpoint = data.endpoints.find((e) => e.id === data.deleteId);
  const pending = usePendingIntent("webhook-delete");
  if (!endpoint) return null;
  return (
    <UrlDialog title="Delete this webhook?" closeTo={TAB}>
      <p className="text-sm text-slate-700">
        <code className="font-mono break-all">{endpoint.url}</code> stops receiving events, and its delivery log goes with it.
      </p>
      <Form method="post" action={TAB} className="mt-4 flex justify-end gap-2">
        <IntentInput intent="webhook-delete" />
        <input type="hidden" name="endpointId" value={endpoint.id} />
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Deleting…">
          Delete webhook
        </StatusButton>
      </Form>
    </UrlDialog>
  );
}

function Endpoints({ data }: { data: EventWebhooksData }) {
  const testing = usePendingIntent("webhook-test");
  const resuming = usePendingIntent("webhook-resume");
  if (!data.endpoints.length) return <p className="text-sm text-slate-600">No webhooks yet.</p>;
  return (
    <ul className="flex flex-col gap-3">
      {data.endpoints.map((e) => (
        <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3">
          <div className="min-w-0">
            <p className="font-mono text-sm break-all">{e.url}</p>
            <p className="text-xs text-slate-600">{e.events.join(", ")}</p>
            {!e.enabled ? (
              <p className="mt-1 text-xs text-red-700">{e.pausedReason ?? "Turned off."} Events are not sent to it until you resume it.</p>
            ) : e.failing ? (
              <p className="mt-1 text-xs text-amber-800">
                Its last deliveries failed
                {e.retryingAt ? `; the next try is at ${formatDateTime(e.retryingAt, data.timeZone)}` : ""}. It is paused if it keeps
                failing.
              </p>
            ) : null}
          </div>
          <div className="flex gap-2">
            {!e.enabled ? (
              <Form method="post" action={TAB}>
                <IntentInput intent="webhook-resume" />
                <input type="hidden" name="endpointId" value={e.id} />
                <StatusButton size="sm" pending={resuming} pendingLabel="Resuming…" aria-label={`Resume webhook ${e.url}`}>
                  Resume
                </StatusButton>
              </Form>
            ) : null}
            <Form method="post" action={TAB}>
              <IntentInput intent="webhook-test" />
              <input type="hidden" name="endpointId" value={e.id} />
              <StatusButton size="sm" variant="secondary" pending={testing} pendingLabel="Sending…" aria-label={`Send test to ${e.url}`}>
                Send test
              </StatusButton>
            </Form>
            <Button asChild size="sm" variant="secondary">
              <Link to={`${TAB}&deleteWebhook=${e.id}`} aria-label={`Delete webhook ${e.url}`}>
                Delete
              </Link>
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function DeliveryLog({ data }: { data: EventWebhooksData }) {
  if (!data.deliveries.length) return null;
  return (
    <div className="overflow-x-auto" role="region" aria-label="Webhook deliveries table" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <caption className="text-left text-sm font-semibold text-slate-900">Latest deliveries</caption>
        <thead className="text-xs text-slate-600 uppercase">
          <tr>
            <th className="py-2 pr-3">When</th>
            <th className="py-2 pr-3">Event</th>
            <th className="py-2 pr-3">Endpoint</th>
            <th className="py-2 pr-3">Outcome</th>
            <th className="py-2">Attempts</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.deliveries.map((d) => (
            <tr key={d.id}>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(d.createdAt, data.timeZone)}</td>
              <td className="py-2 pr-3 font-mono text-xs">{d.eventType}</td>
              <td className="py-2 pr-3 font-mono text-xs break-all">{d.url}</td>
              <td className={`py-2 pr-3 ${STATUS_TONE[d.status]}`}>
                {d.status === "succeeded" ? `Delivered (HTTP ${d.responseStatus})` : d.status === "failed" ? "Failed" : "Retrying"}
                {d.status !== "succeeded" && d.lastError ? <span className="block text-xs text-slate-600">{d.lastError}</span> : null}
              </td>
              <td className="py-2">{d.attempts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EventWebhooksSection({ data, actionData }: { data: EventWebhooksData; actionData: unknown }) {
  const reply = replyFor(actionData, "webhook-create") as WebhookReply | undefined;
  const otherNotice = (
    replyFor(actionData, "webhook-test") ??
    replyFor(actionData, "webhook-resume") ??
    replyFor(actionData, "webhook-delete")
  )?.notice;
  const pending = usePendingIntent("webhook-create");
  const [form, fields] = useSchemaForm(WebhookFormSchema, { id: "webhook-create", lastResult: reply?.result });
  return (
    <SettingsCard
      title="Event webhooks"
      description="Inkpilot POSTs signed JSON (Standard Webhooks) to your URL when an article is generated, published or fails to publish. Failed deliveries are retried with the same webhook-id."
    >
      {!data.canManage ? (
        <p className="text-sm text-slate-600">Only workspace owners and admins can manage webhooks.</p>
      ) : (
        <div className="flex flex-col gap-5">
          {reply?.createdWebhook ? (
            <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
              <p className="font-semibold">Webhook added</p>
              <p className="mt-1">Verify each delivery with this signing secret. Copy it now: it is not shown again.</p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <code data-testid="webhook-secret" className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900">
                  {reply.createdWebhook.secret}
                </code>
                <CopyButton value={reply.createdWebhook.secret} label="Copy the signing secret" />
              </div>
            </div>
          ) : null}
          {otherNotice ? <FormMessage {...otherNotice} /> : null}
          {reply?.notice ? <FormMessage {...reply.notice} /> : null}
          <Form method="post" action={TAB} {...getFormProps(form)} className="flex flex-col gap-3">
            <IntentInput intent="webhook-create" />
            <Field
              label="Endpoint URL"
              inputProps={{
                ...getInputProps(fields.url, { type: "url" }),
                placeholder: "https://example.com/inkpilot-events",
                autoComplete: "off",
              }}
              errors={fields.url.errors}
            />
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Events</legend>
              <div className="mt-2 flex flex-col gap-2">
                {EVENT_TYPES.map((type) => (
                  <CheckboxField
                    key={type}
                    label={`${type} — ${EVENT_LABELS[type]}`}
                    inputProps={{ name: fields.events.name, value: type, defaultChecked: true }}
                  />
                ))}
              </div>
              <ErrorList errors={fields.events.errors} />
            </fieldset>
            <div>
              <StatusButton pending={pending} pendingLabel="Adding…">
                Add webhook
              </StatusButton>
            </div>
          </Form>
          <Endpoints data={data} />
          <DeliveryLog data={data} />
          <DeleteDialog data={data} />
        </div>
      )}
    </SettingsCard>
  );
}
