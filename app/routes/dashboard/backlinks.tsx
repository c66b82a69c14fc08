import { useEffect } from "react";
import { Form, useRevalidator } from "react-router";
import { FormMessage } from "#app/components/forms";
import { Pagination } from "#app/components/pagination";
import { StatusButton } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { isCheckRunning, requestLinkCheck } from "#app/modules/backlinks/links.server";
import { getLinkSummary, LINKS_PER_PAGE, listLinkPage, parseLinkFilter, parseLinkPage } from "#app/modules/backlinks/queries.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { replyNotice } from "#app/utils/forms.server";
import { formatDateTime } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { LinkFilters, LinksTable, NoLinks, pageHref, SummaryCard, type PageState } from "./backlinks-ui";
import type { Route } from "./+types/backlinks";

export const handle = { breadcrumb: "Backlinks" };

export const meta: Route.MetaFunction = () => [{ title: "Backlinks | Inkpilot" }];

// While a check runs the page refreshes itself this often (with JavaScript).
const POLL_MS = 3000;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const params = url.searchParams;
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
    const title = `Links were checked recently. You can start another check in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
    return replyNotice(null, { title }, { status: 429 });
  }
  notifyWorker();
  return redirectWithToast("/dashboard/backlinks", { type: "success", title: "Link check started" });
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
    <div className="flex flex-col gap-6">
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
      {actionData?.notice ? <FormMessage title={actionData.notice.title} /> : null}
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
            hrefFor={(p) => pageHref({ ...state, page: p })}
          />
        </>
      )}
    </div>
  );
}
