import { useLocation } from "react-router";
import { getDb } from "#app/db/client.server";
import { listAudit, parseAuditFilter } from "#app/modules/audit/audit.server";
import { DataTable, FilterField, FilterForm, FilterSelect, filterInputClass, PageTitle, Pager } from "./admin-ui";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Inkpilot Admin" }];

export async function loader({ url }: Route.LoaderArgs) {
  const filter = parseAuditFilter(url);
  return { filter, ...(await listAudit(getDb(), filter)) };
}

/** The detail column: compact JSON, nothing hidden (secrets are never written to the trail). */
function Detail({ json }: { json: string }) {
  const text = json === "{}" ? "" : json;
  return <code className="block max-w-sm break-words text-xs text-slate-700">{text || "—"}</code>;
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, filter, actions, total, page, pageCount } = loaderData;
  const { search } = useLocation();
  return (
    <section aria-labelledby="audit-title">
      <PageTitle id="audit-title" title="Audit log">
        Every operator action and every change of settings, newest first. Entries are written in the same transaction as the change.
      </PageTitle>
      <FilterForm total={total}>
        <FilterSelect label="Action" name="action" value={filter.action} options={actions} />
        <FilterField label="Actor email">
          <input type="search" name="actor" defaultValue={filter.actor ?? ""} className={filterInputClass} />
        </FilterField>
        <FilterField label="Workspace id">
          <input type="search" name="workspace" defaultValue={filter.workspaceId ?? ""} className={filterInputClass} />
        </FilterField>
        <FilterField label="From (UTC day)">
          <input type="date" name="from" defaultValue={filter.from ?? ""} className={filterInputClass} />
        </FilterField>
        <FilterField label="To (UTC day)">
          <input type="date" name="to" defaultValue={filter.to ?? ""} className={filterInputClass} />
        </FilterField>
      </FilterForm>
      <DataTable
        caption="Audit log"
        testId="audit-table"
        columns={["When", "Actor", "Action", "Target", "Workspace", "Detail", "IP"]}
        empty="No entries match."
        rows={entries.map((entry) => ({
          key: entry.id,
          cells: [
            <span key="w" className="whitespace-nowrap">
              {formatUtc(entry.created_at)}
            </span>,
            entry.actorEmail ?? "—",
            <code key="a" className="text-xs">
              {entry.action}
            </code>,
            <span key="t" className="break-all text-xs">
              {entry.target || "—"}
            </span>,
            entry.workspaceName ?? entry.workspace_id ?? "—",
            <Detail key="d" json={entry.detail} />,
            entry.ip ?? "—",
          ],
        }))}
      />
      <Pager label="Audit log pages" page={page} pageCount={pageCount} search={search} />
    </section>
  );
}
