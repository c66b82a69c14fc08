import { Form, Link } from "react-router";
import { Button } from "#app/components/ui/button";
import type { ConnectionView } from "#app/modules/publishing/connections.server";
import { CONNECTION_STATUS_LABELS, platformName } from "#app/modules/publishing/platforms";
import { cn } from "#app/utils/cn";
import { IntentInput, usePendingIntent } from "#app/components/settings-ui";

/** One destination of the site: its status, the doctor's last report, and what can be done with it. */

const STATUS_TONE = {
  connected: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  needs_attention: "bg-amber-50 text-amber-900 ring-amber-200",
  disconnected: "bg-slate-100 text-slate-700 ring-slate-200",
} as const;

const CHECK_MARK = { pass: "✓", warn: "!", fail: "✕" } as const;
const CHECK_TONE = { pass: "text-emerald-700", warn: "text-amber-700", fail: "text-red-700" } as const;

function ActionButton({
  intent,
  connectionId,
  label,
  pendingLabel,
}: {
  intent: string;
  connectionId: string;
  label: string;
  pendingLabel: string;
}) {
  const pending = usePendingIntent(intent);
  return (
    <Form method="post" action="?tab=integrations">
      <IntentInput intent={intent} />
      <input type="hidden" name="connectionId" value={connectionId} />
      <Button type="submit" variant="secondary" size="sm" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </Form>
  );
}

export function ConnectionCard({
  connection,
  canManage,
  blogUrl,
}: {
  connection: ConnectionView;
  canManage: boolean;
  blogUrl: string | null;
}) {
  const name = platformName(connection.platform);
  const hosted = connection.platform === "hosted";
  // A webhook's address may carry the receiver's token: its card shows the masked endpoint.
  const endpoint = typeof connection.config.endpoint === "string" ? connection.config.endpoint : null;
  const address = hosted ? blogUrl : connection.platform === "webhook" ? endpoint : connection.siteUrl;
  return (
    <li id={`connection-${connection.id}`} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">
            {name}
            {connection.isDefault ? (
              <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">Default</span>
            ) : null}
          </p>
          {connection.name && connection.name !== name ? <p className="text-sm text-slate-700">{connection.name}</p> : null}
          {address ? (
            <p className="truncate text-sm text-slate-600">
              {hosted ? (
                <a href={address} className="text-brand-700 hover:underline">
                  {address}
                </a>
              ) : (
                address
              )}
            </p>
          ) : null}
        </div>
        <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-medium ring-1", STATUS_TONE[connection.status])}>
          {CONNECTION_STATUS_LABELS[connection.status]}
        </span>
      </div>
      {connection.lastError && connection.status === "needs_attention" ? (
        <p className="mt-2 text-sm text-amber-900" role="status">
          {connection.lastError}
        </p>
      ) : null}
      {connection.doctor.length > 0 ? (
        <details className="mt-3 text-sm" open={connection.status === "needs_attention"}>
          <summary className="cursor-pointer font-medium text-slate-800">Connection check</summary>
          <ul className="mt-2 flex flex-col gap-2">
            {connection.doctor.map((check) => (
              <li key={check.id} className="flex gap-2">
                <span aria-hidden="true" className={cn("w-4 font-bold", CHECK_TONE[check.state])}>
                  {CHECK_MARK[check.state]}
                </span>
                <span>
                  <span className="font-medium">{check.label}</span>
                  <span className="sr-only"> ({check.state === "pass" ? "passed" : check.state === "warn" ? "warning" : "failed"})</span>
                  <span className="text-slate-700">: {check.detail}</span>
                  {check.fix && check.state !== "pass" ? <span className="block text-slate-600">Fix: {check.fix}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {canManage ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {connection.status === "disconnected" ? (
            hosted ? (
              <ActionButton intent="hosted-on" connectionId={connection.id} label="Turn on" pendingLabel="Turning on…" />
            ) : (
              <Button asChild variant="secondary" size="sm">
                <Link to={`?tab=integrations&connect=${connection.platform}`}>Reconnect</Link>
              </Button>
            )
          ) : (
            <>
              {!hosted ? <ActionButton intent="check" connectionId={connection.id} label="Check again" pendingLabel="Checking…" /> : null}
              {!connection.isDefault ? (
                <ActionButton intent="default" connectionId={connection.id} label="Make default" pendingLabel="Saving…" />
              ) : null}
              <Button asChild variant="secondary" size="sm">
                <Link to={`?tab=integrations&disconnect=${connection.id}`}>{hosted ? "Turn off" : "Disconnect"}</Link>
              </Button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}
