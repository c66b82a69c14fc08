import { FormMessage } from "#app/components/forms";
import { DIAG_MESSAGES } from "#app/modules/admin/diagnostics-copy";
import type {
  HealthResult,
  installRecords,
  oauthStatesOverview,
  TestPublishResult,
} from "#app/modules/admin/publishing-diagnostics.server";
import type { CmsPlatform } from "#app/db/schema";
import { platformName } from "#app/modules/publishing/platforms";
import { DataTable, Panel } from "./admin-ui";
import { formatUtc } from "./mail-status";

/** The answer of a health check or a test publish on the publishing diagnostics page. */

export type ActionReply = { intent: "health"; health: HealthResult } | { intent: "test-publish"; testPublish: TestPublishResult };

export function logLink(correlationId: string) {
  return `?cid=${encodeURIComponent(correlationId)}#diagnostic-log`;
}

export function ActionResult({ reply }: { reply: ActionReply | null }) {
  if (!reply) return null;
  if (reply.intent === "health") {
    const h = reply.health;
    return (
      <div className="mt-4 flex flex-col gap-2">
        {h.ok ? (
          <FormMessage tone="success" title={DIAG_MESSAGES.healthOk} description={`Correlation id ${h.correlationId}.`} />
        ) : (
          <FormMessage
            title={DIAG_MESSAGES.healthFailed}
            description={`${DIAG_MESSAGES.healthIssues}: ${h.error ?? ""} (correlation id ${h.correlationId})`}
            link={{ to: logLink(h.correlationId), label: "See the diagnostic log" }}
          />
        )}
        {h.checks.length ? (
          <ul className="text-sm text-slate-700">
            {h.checks.map((c) => (
              <li key={c.label}>
                <strong>{c.state}</strong> {c.label}: {c.detail}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  const t = reply.testPublish;
  return (
    <div className="mt-4">
      {t.ok && t.remote ? (
        <FormMessage
          tone="success"
          title={DIAG_MESSAGES.testOk}
          description={`Draft ${t.remote.remoteId} (${t.remote.status})${t.remote.url ? ` at ${t.remote.url}` : ""}. Correlation id ${t.correlationId}. Delete it on the site when done.`}
          link={{ to: logLink(t.correlationId), label: "See the diagnostic log" }}
        />
      ) : (
        <FormMessage
          title={DIAG_MESSAGES.testFailed}
          description={`${t.error ?? ""} (see diagnostics for details: correlation id ${t.correlationId})`}
          link={{ to: logLink(t.correlationId), label: "See the diagnostic log" }}
        />
      )}
    </div>
  );
}

type Installs = Awaited<ReturnType<typeof installRecords>>;
type OAuthStates = Awaited<ReturnType<typeof oauthStatesOverview>>;

export function InstallsPanel({ installs }: { installs: Installs }) {
  return (
    <Panel title="Install records">
      <DataTable
        caption="App installs"
        columns={["Provider", "Store or site", "Inkpilot site", "Scope", "Installed"]}
        empty="No app installs recorded."
        rows={installs.map((i) => ({
          key: i.id,
          cells: [platformName(i.provider as CmsPlatform), i.external_id, i.siteName ?? "—", i.scope || "—", formatUtc(i.created_at)],
        }))}
      />
    </Panel>
  );
}

export function OAuthStatesPanel({ oauthStates }: { oauthStates: OAuthStates }) {
  return (
    <Panel title={`OAuth states (${oauthStates.count})`}>
      <p className="mb-3 text-sm text-slate-600">
        Pending connect attempts. Only a prefix of each state is shown: the full value would finish the install.
      </p>
      <DataTable
        caption="OAuth states"
        columns={["Provider", "State", "Site", "Created", "Expires"]}
        empty="No pending OAuth states."
        rows={oauthStates.states.map((s, i) => ({
          key: `${s.state}-${i}`,
          cells: [
            s.provider,
            <span key="s" className="font-mono">
              {s.state}
            </span>,
            s.siteName ?? "—",
            formatUtc(s.created_at),
            `${formatUtc(s.expires_at)}${s.expired ? " (expired)" : ""}`,
          ],
        }))}
      />
    </Panel>
  );
}
