import { useEffect } from "react";
import { Pagination } from "#app/components/pagination";
import { data, Form, Link, useRevalidator } from "react-router";
import { FormMessage } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import type { LinkStatus } from "#app/db/schema";
import { authContext } from "#app/modules/auth/guards.server";
import { editUrl } from "#app/modules/articles/urls";
import { isCheckRunning, requestLinkCheck } from "#app/modules/backlinks/links.server";
import { getLinkSummary, LINKS_PER_PAGE, listLinkPage, parseLinkFilter, parseLinkPage } from "#app/modules/backlinks/queries.server";
import type { LinkFilter } from "#app/modules/backlinks/queries.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { cn } from "#app/utils/cn";
import { formatDateTime } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import type { Route } from "./+types/backlinks";

export const handle = { breadcrumb: "Backlinks" };

export const meta: Route.MetaFunction = () => [{ title: "Backlinks | Inkpilot" }];

// While a check runs the page refreshes itself this often (with JavaScript).
const POLL_MS = 3000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const filter = parseLinkFilter(params);
  const [summary, list, checking] = await Promise.all([
    getLinkSummary(db, site.id),
    listLinkPage(db, site.id, filter, parseLinkPage(params.get("page"))),
    isCheckRunning(db, site.id),
  ]);
  return {
    filter,
    summary,
    checking,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    first: (list.page - 1) * LINKS_PER_PAGE + 1,
    links: list.items.map((l) => ({ ...l, checkedAt: l.checkedAt ? formatDateTime(l.checkedAt, site.timeZone) : null })),
  };
}

export async function action({ context }: Route.ActionArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const result = await requestLinkCheck(db, site.id);
  if (!result.ok) {
    const minutes = result.retryAfterMinutes;
    return data(
      { error: `Links were checked recently. You can start another check in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.` },
      { status: 429 },
    );
  }
  notifyWorker();
  return redirectWithToast("/dashboard/backlinks", { type: "success", title: "Link check started" });
}

type PageState = LinkFilter & { page: number };

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

function SummaryCard({ label, value, tone }: { label: string; value: number; tone?: "danger" }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={cn("mt-1 text-2xl font-semibold", tone === "danger" && value > 0 ? "text-red-700" : "text-slate-900")}>{value}</dd>
    </div>
  );
}

export default function BacklinksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, summary, checking, total, page, pageCount, first, links } = loaderData;
  const submitting = useIsPending();
  const revalidator = useRevalidator();
  const state: PageState = { ...filter, page };

  useEffect(() => {
    if (!checking) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [checking, revalidator]);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Backlink Management</h1>
          <p className="mt-1 text-slate-600">Monitor and manage your backlinks here.</p>
        </div>
        {summary.total > 0 ? (
          <Form method="post">
            <StatusButton pending={submitting || checking} pendingLabel="Checking…">
              Check links now
            </StatusButton>
          </Form>
        ) : null}
      </div>
      {actionData && "error" in actionData ? <FormMessage title={actionData.error} /> : null}
      {checking ? (
        <p role="status" className="text-sm text-slate-600">
          Checking your links. This page updates when the check is done.
        </p>
      ) : null}
      {summary.total === 0 ? (
        <section aria-labelledby="no-links" className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 id="no-links" className="text-lg font-semibold">
            No links yet
          </h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">
            The links in your articles appear here: links to other pages of your site and to other websites. Each one is checked daily so you
            know when one breaks. <Link to="/dashboard/write" className="font-medium text-brand-700 underline">Write an article</Link> with links
            to get started.
          </p>
        </section>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <SummaryCard label="Total links" value={summary.total} />
            <SummaryCard label="Internal" value={summary.internal} />
            <SummaryCard label="External" value={summary.external} />
            <SummaryCard label="Broken" value={summary.broken} tone="danger" />
          </dl>
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
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Links in your articles</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">URL</th>
                  <th scope="col" className="px-4 py-2 font-medium">Anchor text</th>
                  <th scope="col" className="px-4 py-2 font-medium">Kind</th>
                  <th scope="col" className="px-4 py-2 font-medium">Article</th>
                  <th scope="col" className="px-4 py-2 font-medium">Status</th>
                  <th scope="col" className="px-4 py-2 font-medium">HTTP</th>
                  <th scope="col" className="px-4 py-2 font-medium">Last checked</th>
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
          <Pagination page={page} pageCount={pageCount} first={first} shown={links.length} total={total} hrefFor={(p) => pageHref({ ...state, page: p })} />
        </>
      )}
    </div>
  );
}
