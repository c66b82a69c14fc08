import { data, Form, Link } from "react-router";
import { z } from "zod";
import { SelectField } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import {
  connectionsOfPlatform,
  diagnosticLog,
  diagnosticProviders,
  installRecords,
  oauthStatesOverview,
  runHealthCheck,
  runTestPublish,
} from "#app/modules/admin/publishing-diagnostics.server";
import { authContext } from "#app/modules/auth/guards.server";
import { DETAIL_MAX_CHARS } from "#app/modules/publishing/diagnostics.server";
import { platformName } from "#app/modules/publishing/platforms";
import { searchConsoleHealth } from "#app/modules/search-console/connection-view.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { parseSubmission } from "#app/utils/forms.server";
import { DataTable, LevelBadge, PageTitle, Panel } from "./admin-ui";
import { formatUtc } from "./mail-status";
import { ActionResult, InstallsPanel, logLink, OAuthStatesPanel, type ActionReply } from "./diagnostics-panels";
import { SearchConsolePanel } from "./search-console-panel";
import type { Route } from "./+types/integrations";

export const meta: Route.MetaFunction = () => [{ title: "Publishing diagnostics | Inkpilot Admin" }];

export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const providers = diagnosticProviders();
  const requested = url.searchParams.get("provider");
  const provider = providers.find((p) => p.platform === requested) ?? providers[0] ?? null;
  const logProvider = url.searchParams.get("logProvider") ?? "";
  const correlationId = url.searchParams.get("cid") ?? "";
  const failingOnly = url.searchParams.get("sc") === "failing";
  const [connections, logs, installs, oauthStates, logProviders, searchConsole] = await Promise.all([
    provider ? connectionsOfPlatform(db, provider.platform) : Promise.resolve([]),
    diagnosticLog(db, { provider: logProvider, correlationId }),
    installRecords(db),
    oauthStatesOverview(db),
    db.selectFrom("diag_logs").select("provider").distinct().orderBy("provider").execute(),
    searchConsoleHealth(db, { failingOnly }),
  ]);
  return {
    detailMaxChars: DETAIL_MAX_CHARS,
    providers,
    provider: provider?.platform ?? null,
    connections,
    logs,
    logFilter: { provider: logProvider, correlationId },
    logProviders: [...new Set([...providers.map((p) => p.platform as string), ...logProviders.map((r) => r.provider)])].sort(),
    installs,
    oauthStates,
    searchConsole: { health: searchConsole, failingOnly, search: url.search },
  };
}

const DiagnosticSchema = z.object({ intent: z.enum(["health", "test-publish"]), connectionId: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, DiagnosticSchema);
  if (submission.status !== "success") return data({ error: "Unknown action" }, { status: 400 });
  const { intent, connectionId = "" } = submission.value;
  const db = getDb();
  if (intent === "health") return data<ActionReply>({ intent, health: await runHealthCheck(db, connectionId) });
  if (intent === "test-publish") {
    const { user } = context.get(authContext);
    return data<ActionReply>({ intent, testPublish: await runTestPublish(db, connectionId, { email: user.email }) });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const reply = actionData && "intent" in actionData ? (actionData as ActionReply) : null;
  const { providers, provider, connections, logs, logFilter, installs, oauthStates } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="integrations-title" title="Publishing diagnostics">
        Check any site's connection, send a test post, and read the diagnostic log. Every line carries an 8-character correlation id, the
        same one customers are shown; details are cut at {loaderData.detailMaxChars} characters and never hold secrets.
      </PageTitle>

      <Panel title="Health check and test publish">
        <nav aria-label="Providers" className="flex flex-wrap gap-1">
          {providers.map((p) => (
            <Link
              key={p.platform}
              to={`?provider=${p.platform}`}
              aria-current={p.platform === provider ? "page" : undefined}
              className={
                p.platform === provider
                  ? "rounded-md bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700"
                  : "rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100"
              }
            >
              {p.name}
            </Link>
          ))}
        </nav>
        {connections.length === 0 ? (
          <p className="mt-4 text-sm text-slate-600">No site has a {provider ? platformName(provider) : ""} connection.</p>
        ) : (
          <Form method="post" className="mt-4 flex flex-col gap-3">
            <SelectField
              label="Connection"
              selectProps={{ name: "connectionId", defaultValue: connections[0]?.id }}
              options={connections.map((c) => ({ value: c.id, label: `${c.siteName} — ${c.name || c.siteUrl} (${c.status})` }))}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="health" disabled={pending}>
                Run health check
              </Button>
              <Button type="submit" name="intent" value="test-publish" variant="secondary" disabled={pending}>
                Test publish
              </Button>
            </div>
            <p className="text-xs text-slate-500">
              The health check runs the connection doctor and records its report on the connection, as the customer's “Check again” does.
              Test publish sends a draft titled “Inkpilot connection test …” to the customer's site through the adapter alone: no article or
              publication is created in Inkpilot. Delete the draft on the site afterwards.
            </p>
          </Form>
        )}
        <ActionResult reply={reply} />
      </Panel>

      <Panel title="Diagnostic log">
        <div id="diagnostic-log" />
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
          {provider ? <input type="hidden" name="provider" value={provider} /> : null}
          <SelectField
            label="Provider"
            selectProps={{ name: "logProvider", defaultValue: logFilter.provider }}
            options={[{ value: "", label: "All providers" }, ...loaderData.logProviders.map((p) => ({ value: p, label: platformName(p) }))]}
          />
          <div className="flex flex-col gap-1">
            <label htmlFor="cid" className="text-sm font-medium text-slate-800">
              Correlation id
            </label>
            <input
              id="cid"
              name="cid"
              defaultValue={logFilter.correlationId}
              maxLength={8}
              placeholder="8 characters"
              className="block w-40 rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
            />
          </div>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
        <DataTable
          caption="Diagnostic log, newest first"
          testId="diag-log"
          columns={["When", "Provider", "Level", "Stage", "Correlation id", "Detail"]}
          empty="No log lines match."
          rows={logs.map((l) => ({
            key: l.id,
            cells: [
              formatUtc(l.created_at),
              l.provider,
              <LevelBadge key="level" level={l.level} />,
              l.stage,
              <Link key="cid" to={logLink(l.correlation_id)} className="font-mono text-brand-600 hover:underline">
                {l.correlation_id}
              </Link>,
              <span key="detail" className="break-all">
                {l.detail}
              </span>,
            ],
          }))}
        />
      </Panel>

      <SearchConsolePanel {...loaderData.searchConsole} />
      <InstallsPanel installs={installs} />
      <OAuthStatesPanel oauthStates={oauthStates} />
    </div>
  );
}
