import { Form, Link } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Pagination } from "#app/components/pagination";
import { StatusButton } from "#app/components/ui/button";
import type { LinkStatus } from "#app/db/schema";
import type { LinkFilter, LinkRow } from "#app/modules/backlinks/queries.server";
import { editUrl } from "#app/modules/articles/urls";
import type { Notice } from "#app/utils/form-reply";
import { cn } from "#app/utils/cn";
import { stacked, StackedTable, SummaryCard } from "./stacked-table";
/** "Links in your articles": summary, filters, the table and the empty state. */

export type PageState = LinkFilter & { page: number };

function pageHref(state: PageState) {
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

function NoLinks() {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <h3 className="text-lg font-semibold">No links yet</h3>
      <p className="mx-auto mt-2 max-w-xl text-slate-600">
        The links in your articles appear here: links to other pages of your site and to other websites. Each one is checked daily so you
        know when one breaks.{" "}
        <Link to="/dashboard/write" className="font-medium text-brand-700 underline">
          Write an article
        </Link>{" "}
        with links to get started.
      </p>
    </div>
  );
}

function LinkFilters({ filter }: { filter: LinkFilter }) {
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

function LinkResult({ link }: { link: ShownLink }) {
  // The reason a check failed in plain words ("Domain not found", "404 Not Found"), else the status it answered.
  const said = link.reason ?? (link.httpStatus ? `HTTP ${link.httpStatus}` : null);
  return (
    <div className="min-w-0">
      <span className="flex min-w-0 items-center gap-2 whitespace-nowrap">
        <span className={cn("inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_STYLE[link.status])}>
          {STATUS_LABEL[link.status]}
        </span>
        {said ? (
          <span className={cn(stacked.cut, link.reason && "font-medium text-slate-900")} title={said}>
            {said}
          </span>
        ) : null}
      </span>
      {/* The detail: why it failed, why it was not checked this time (its host did not answer or asked us to wait), or where a redirect ended. */}
      {link.lastError ? (
        <span className={cn(stacked.cut, "mt-1 text-xs text-slate-600")} title={link.lastError}>
          {link.lastError}
        </span>
      ) : link.finalUrl ? (
        <span className={cn(stacked.cut, "mt-1 text-xs text-slate-600")} title={link.finalUrl}>
          → {link.finalUrl}
        </span>
      ) : null}
    </div>
  );
}

function LinksTable({ links }: { links: ShownLink[] }) {
  const headers: Array<[string, string]> = [
    ["Link", "@4xl:w-[27%]"],
    ["Kind", "@4xl:w-[9%]"],
    ["Article", "@4xl:w-[16%]"],
    ["Result", "@4xl:w-[30%]"],
    ["Last checked", "@4xl:w-[18%]"],
  ];
  return (
    <StackedTable caption="Links in your articles" headers={headers}>
      {links.length === 0 ? (
        <tr>
          <td colSpan={headers.length} className="px-4 py-6 text-center text-slate-600">
            No links match this filter.
          </td>
        </tr>
      ) : (
        links.map((l) => (
          <tr key={l.id} className={stacked.row}>
            <td data-label="Link" className={stacked.td}>
              <div className="min-w-0">
                <span className={stacked.cut} title={l.url}>
                  {l.url}
                </span>
                {l.anchorText ? (
                  <span className={cn(stacked.cut, "text-xs text-slate-600")} title={l.anchorText}>
                    “{l.anchorText}”
                  </span>
                ) : null}
              </div>
            </td>
            <td data-label="Kind" className={cn(stacked.td, "whitespace-nowrap capitalize")}>
              {l.kind}
            </td>
            <td data-label="Article" className={stacked.td}>
              <Link to={editUrl(l.articleId)} className={cn(stacked.cut, "text-brand-700 underline")} title={l.articleTitle || "Untitled"}>
                {l.articleTitle || "Untitled"}
              </Link>
            </td>
            <td data-label="Result" className={stacked.td}>
              <LinkResult link={l} />
            </td>
            <td data-label="Last checked" className={cn(stacked.td, "whitespace-nowrap tabular-nums")}>
              {l.checkedAt ?? "Never"}
            </td>
          </tr>
        ))
      )}
    </StackedTable>
  );
}

export function LinksInArticles(props: {
  filter: LinkFilter;
  summary: { total: number; internal: number; external: number; broken: number };
  lastCheckedAt: string | null;
  checking: boolean;
  page: number;
  pageCount: number;
  first: number;
  total: number;
  links: ShownLink[];
  intent: string;
  notice: Notice | null;
  submitting: boolean;
}) {
  const { filter, summary, lastCheckedAt, checking, page, pageCount, first, total, links } = props;
  return (
    <section aria-labelledby="links-in-articles" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="links-in-articles" className="text-xl font-semibold">
            Links in your articles
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {summary.total === 0
              ? "Every link in your articles is checked daily."
              : lastCheckedAt
                ? `Checked daily. Last check: ${lastCheckedAt}.`
                : "Checked daily. Not checked yet."}
          </p>
        </div>
        {summary.total > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value={props.intent} />
            <StatusButton pending={props.submitting || checking} pendingLabel="Checking…">
              Check links now
            </StatusButton>
          </Form>
        ) : null}
      </div>
      {props.notice ? <FormMessage title={props.notice.title} description={props.notice.description} /> : null}
      {checking ? (
        <p role="status" className="text-sm text-slate-600">
          Checking your links. This page updates when the check is done.
        </p>
      ) : null}
      {summary.total === 0 ? (
        <NoLinks />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <SummaryCard label="Total links" value={summary.total} />
            <SummaryCard label="Internal" value={summary.internal} />
            <SummaryCard label="External" value={summary.external} />
            <SummaryCard label="Broken" value={summary.broken} tone="danger" />
          </dl>
          <LinkFilters filter={filter} />
          <LinksTable links={links} />
          <Pagination
            page={page}
            pageCount={pageCount}
            first={first}
            shown={links.length}
            total={total}
            hrefFor={(p) => pageHref({ ...filter, page: p })}
          />
        </>
      )}
    </section>
  );
}
