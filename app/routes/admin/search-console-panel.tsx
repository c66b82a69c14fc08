import { Link } from "react-router";
import type { searchConsoleHealth } from "#app/modules/search-console/connection-view.server";
import { propertyLabel } from "#app/modules/search-console/property-match";
import { DataTable, Panel } from "./admin-ui";
import { formatUtc } from "./mail-status";

/**
 * Search Console connections' health for operators: how many by status, then each connection's site, property,
 * last import and last error, failing ones alone on request. Never a token.
 */

type Health = Awaited<ReturnType<typeof searchConsoleHealth>>;

export function SearchConsolePanel({ health, failingOnly, search }: { health: Health; failingOnly: boolean; search: string }) {
  const link = (failing: boolean) => {
    const params = new URLSearchParams(search);
    if (failing) params.set("sc", "failing");
    else params.delete("sc");
    const query = params.toString();
    return `${query ? `?${query}` : "."}#search-console`;
  };
  const { counts } = health;
  const filterClass = (current: boolean) =>
    current
      ? "rounded-md bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-700"
      : "rounded-md px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100";
  return (
    <Panel title="Search Console connections">
      <div id="search-console" />
      <p className="text-sm text-slate-700" data-testid="search-console-counts">
        {counts.total} connected sites: {counts.active} active, {counts.needsReconnect} need reconnecting, {counts.noProperty} without a
        property, {counts.failing} failing (needs reconnecting or last run failed).
      </p>
      <nav aria-label="Search Console filter" className="mt-3 flex flex-wrap gap-1">
        <Link to={link(false)} aria-current={!failingOnly ? "page" : undefined} className={filterClass(!failingOnly)}>
          All
        </Link>
        <Link to={link(true)} aria-current={failingOnly ? "page" : undefined} className={filterClass(failingOnly)}>
          Failing only
        </Link>
      </nav>
      <div className="mt-4">
        <DataTable
          caption={failingOnly ? "Failing Search Console connections" : "Search Console connections"}
          testId="search-console-connections"
          columns={["Site", "Property", "Status", "Last import", "Last error"]}
          empty={failingOnly ? "No connection is failing." : "No site has connected Search Console."}
          rows={health.rows.map((r) => ({
            key: r.siteId,
            cells: [
              r.siteName,
              r.property ? propertyLabel(r.property) : "Not chosen",
              r.statusText,
              formatUtc(r.lastImportAt),
              r.lastError ? (
                <span key="error" className="break-words">
                  {r.lastError} ({formatUtc(r.lastErrorAt)})
                </span>
              ) : (
                "—"
              ),
            ],
          }))}
        />
      </div>
    </Panel>
  );
}
