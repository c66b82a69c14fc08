import { Link } from "react-router";
import type { LinkStatus } from "#app/db/schema";
import type { LinkFilter, LinkRow } from "#app/modules/backlinks/queries.server";
import { editUrl } from "#app/modules/articles/urls";
import { cn } from "#app/utils/cn";

/** The Backlinks page's summary, filters, table and empty state. */

export type PageState = LinkFilter & { page: number };

export function pageHref(state: PageState) {
  const params = new URLSearchParams();
  if (state.kind) params.set("kind", state.kind);
  if (state.status) params.set("status", state.status);
  if (state.page > 1) params.set("page", String(state.page));
  const query = params.toString();
  return query ? `/dashboard/backlinks?${query}` : "/dashboard/backlinks";
}

const STATUS_STYLE: Record<LinkStatus, string> = {
  unchecked: "bg-slate-100 text-slate-700",
  ok: "bg-emerald-100 text-emerald-800",
  redirect: "bg-sky-100 text-sky-800",
  broken: "bg-red-100 text-red-800",
  blocked: "bg-amber-100 text-amber-900",
  error: "bg-orange-100 text-orange-900",
};
const STATUS_LABEL: Record<LinkStatus, string> = {
  unchecked: "Not checked",
  ok: "OK",
  redirect: "Redirect",
  broken: "Broken",
  blocked: "Blocked",
  error: "Error",
};

const FILTERS: { label: string; filter: LinkFilter }[] = [
  { label: "All", filter: { kind: null, status: null } },
  { label: "Internal", filter: { kind: "internal", status: null } },
  { label: "External", filter: { kind: "external", status: null } },
  { label: "Broken", filter: { kind: null, status: "broken" } },
];

export function SummaryCard({ label, value, tone }: { label: string; value: number; tone?: "danger" }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cn("mt-1 text-2xl font-semibold", tone === "danger" && value > 0 ? "text-red-700" : "text-slate-900")}>{value}</dd>
    </div>
  );
}

export function NoLinks() {
  return (
    <section aria-labelledby="no-links" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h2 id="no-links" className="text-lg font-semibold">
        No links yet
      </h2>
      <p className="mx-auto mt-2 max-w-xl text-slate-600">
        The links in your articles appear here: links to other pages of your site and to other websites. Each one is checked daily so you
        know when one breaks.{" "}
        <Link to="/dashboard/write" className="font-medium text-brand-700 underline">
          Write an article
        </Link>{" "}
        with links to get started.
      </p>
    </section>
  );
}

export function LinkFilters({ filter }: { filter: LinkFilter }) {
  return (
    <nav aria-label="Filter links">
      <ul className="inline-flex flex-wrap rounded-lg bg-slate-100 p-1">
        {FILTERS.map((f) => {
          const active = f.filter.kind === filter.kind && f.filter.status === filter.status;
          return (
            <li key={f.label}>
              <Link
                to={pageHref({ ...f.filter, page: 1 })}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900",
                  active && "bg-white text-slate-900 shadow-sm",
                )}
              >
                {f.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A row as the loader sends it: the check time already in the site's words. */
type ShownLink = Omit<LinkRow, "checkedAt"> & { checkedAt: string | null };

export function LinksTable({ links }: { links: ShownLink[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Links in your articles</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              URL
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Anchor text
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Kind
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Article
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              HTTP
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Last checked
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {links.length === 0 ? (
            <tr>
              <td colSpan={7} className="px-4 py-6 text-center text-slate-600">
                No links match this filter.
              </td>
            </tr>
          ) : (
            links.map((l) => (
              <tr key={l.id}>
                <td className="max-w-xs px-4 py-2">
                  <span className="block truncate" title={l.url}>
                    {l.url}
                  </span>
                  {l.finalUrl ? (
                    <span className="block truncate text-xs text-slate-600" title={l.finalUrl}>
                      → {l.finalUrl}
                    </span>
                  ) : null}
                </td>
                <td className="px-4 py-2">{l.anchorText}</td>
                <td className="px-4 py-2 capitalize">{l.kind}</td>
                <td className="px-4 py-2">
                  <Link to={editUrl(l.articleId)} className="text-brand-700 underline">
                    {l.articleTitle || "Untitled"}
                  </Link>
                </td>
                <td className="max-w-xs px-4 py-2">
                  <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLE[l.status])}>
                    {STATUS_LABEL[l.status]}
                  </span>
                  {/* Why a check failed, or why the link was not checked this time (its host did not answer or asked us to wait). */}
                  {l.lastError ? <span className="mt-1 block text-xs text-slate-600">{l.lastError}</span> : null}
                </td>
                <td className="px-4 py-2 tabular-nums">{l.httpStatus ?? "–"}</td>
                <td className="whitespace-nowrap px-4 py-2">{l.checkedAt ?? "Never"}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
