import { useEffect } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { backlinksToSite, backlinkTarget, refreshBacklinkData } from "#app/modules/backlinks/backlink-data.server";
import { isCheckRunning, requestLinkCheck } from "#app/modules/backlinks/links.server";
import { getBacklinkDataProvider } from "#app/modules/backlinks/provider.server";
import { getLinkSummary, LINKS_PER_PAGE, listLinkPage, parseLinkFilter } from "#app/modules/backlinks/queries.server";
import { parsePage } from "#app/components/pagination";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import { readFormData, replyNotice } from "#app/utils/forms.server";
import { formatDate, formatDateTime } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import { LinksInArticles } from "./backlinks-ui";
import { BacklinksToSite, REFRESH_INTENT } from "./backlinks-to-site-ui";
import type { Route } from "./+types/route";

export const handle = { breadcrumb: "Backlinks" };

export const meta: Route.MetaFunction = () => [{ title: "Backlinks | Inkpilot" }];

// While a check runs the page refreshes itself this often (with JavaScript).
const POLL_MS = 3000;
const CHECK_INTENT = "check-links";

const minutes = (n: number) => `${n} ${n === 1 ? "minute" : "minutes"}`;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const params = url.searchParams;
  const filter = parseLinkFilter(params);
  const [summary, list, checking, toSite] = await Promise.all([
    getLinkSummary(db, site.id),
    listLinkPage(db, site.id, filter, parsePage(params.get("page"))),
    isCheckRunning(db, site.id),
    backlinksToSite(db, site, getBacklinkDataProvider()),
  ]);
  const at = (iso: string | null) => (iso ? formatDateTime(iso, site.timeZone) : null);
  const snapshot = toSite.state === "ready" ? toSite.snapshot : null;
  return {
    toSite: {
      ...toSite,
      snapshot: snapshot && {
        ...snapshot,
        fetchedAt: at(snapshot.fetchedAt),
        error: snapshot.error && { ...snapshot.error, at: at(snapshot.error.at)! },
        links: snapshot.links.map((l) => ({ ...l, firstSeen: l.firstSeen ? formatDate(l.firstSeen, site.timeZone) : null })),
      },
    },
    filter,
    summary: summary.counts,
    lastCheckedAt: at(summary.lastCheckedAt),
    checking,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    first: (list.page - 1) * LINKS_PER_PAGE + 1,
    links: list.items.map((l) => ({ ...l, checkedAt: at(l.checkedAt) })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const form = await readFormData(request);
  if (form?.get("intent") === REFRESH_INTENT) {
    const provider = getBacklinkDataProvider();
    const target = backlinkTarget(site.url);
    if (!provider || !target) {
      const title = provider ? "Scan your website first, so Inkpilot knows its address." : "No backlink data source is connected.";
      return replyNotice(REFRESH_INTENT, { title });
    }
    const correlationId = context.get(requestContext).requestId;
    const result = await refreshBacklinkData(db, site.id, target, provider, { correlationId });
    if (result.ok) return redirectWithToast("/dashboard/backlinks", { type: "success", title: "Backlink data updated" });
    if (result.reason === "too_soon") {
      const title = `Backlink data was fetched recently. You can refresh it again in ${minutes(result.retryAfterMinutes)}.`;
      return replyNotice(REFRESH_INTENT, { title }, { status: 429 });
    }
    return replyNotice(
      REFRESH_INTENT,
      {
        title: "We could not get backlink data just now.",
        description: `The data source did not answer as expected. You can try again in an hour; if it keeps failing, contact support with reference ${result.correlationId}.`,
      },
      { status: 502 },
    );
  }
  const result = await requestLinkCheck(db, site.id);
  if (!result.ok) {
    const title = `Links were checked recently. You can start another check in ${minutes(result.retryAfterMinutes)}.`;
    return replyNotice(CHECK_INTENT, { title }, { status: 429 });
  }
  notifyWorker();
  return redirectWithToast("/dashboard/backlinks", { type: "success", title: "Link check started" });
}

export default function BacklinksPage({ loaderData, actionData }: Route.ComponentProps) {
  const { toSite, checking, ...links } = loaderData;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST" ? navigation.formData?.get("intent") : null;
  const revalidator = useRevalidator();

  useEffect(() => {
    if (!checking) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [checking, revalidator]);

  const noticeFor = (intent: string) => (actionData?.intent === intent ? actionData.notice : null);
  return (
    <div className="flex flex-col gap-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Backlink Management</h1>
        <p className="mt-1 text-slate-600">Monitor and manage your backlinks here.</p>
      </div>
      <BacklinksToSite view={toSite} notice={noticeFor(REFRESH_INTENT)} refreshing={submitting === REFRESH_INTENT} />
      <LinksInArticles
        {...links}
        intent={CHECK_INTENT}
        checking={checking}
        notice={noticeFor(CHECK_INTENT)}
        submitting={submitting === CHECK_INTENT}
      />
    </div>
  );
}
