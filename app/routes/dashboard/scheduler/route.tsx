import { Link } from "react-router";
import { FormMessage } from "#app/components/forms";
import { useAutopilotLive } from "#app/components/autopilot-live";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { requestContext } from "#app/context";
import { authContext } from "#app/modules/auth/guards.server";
import { autopilotStatus } from "#app/modules/autopilot/status.server";
import { timelineVersion } from "#app/modules/autopilot/stream.server";
import { can } from "#app/modules/auth/permissions";
import { getSchedulerView, isInWindow, listTopicChoices } from "#app/modules/scheduler/scheduler.server";
import { Pagination, parsePage } from "#app/components/pagination";
import { TabNav } from "#app/components/tab-nav";
import { formatDayDate } from "#app/utils/time";
import { schedulerAction } from "./actions.server";
import { AutopilotBar, ComingList, PastList } from "./scheduler-autopilot";
import { SchedulerCalendar, ViewSwitch } from "./scheduler-calendar";
import { ChooseTopicDialog, type ChooseState } from "./scheduler-dialog";
import type { Route } from "./+types/route";

export const handle = { breadcrumb: "Scheduler" };

export const meta: Route.MetaFunction = () => [{ title: "Scheduler | Inkpilot" }];

const PAGE = "/dashboard/scheduler";

const TABS = [
  { id: "coming", label: "Scheduled Coming" },
  { id: "past", label: "Scheduled Past" },
] as const;
type TabId = (typeof TABS)[number]["id"];

export async function loader({ context, url }: Route.LoaderArgs) {
  const { site, role } = context.get(authContext);
  const db = getDb();
  const params = url.searchParams;
  const tab: TabId = params.get("tab") === "past" ? "past" : "coming";
  const calendar = params.get("view") === "calendar";
  const now = new Date();
  const view = await getSchedulerView(db, site, { now, tab, pastPage: parsePage(params.get("page")) });
  const asked = params.get("choose") ?? "";
  let choose: ChooseState | null = null;
  if (tab === "coming" && isInWindow(asked, now, view.timeZone)) {
    choose = { date: asked, dateText: formatDayDate(asked), ...(await listTopicChoices(db, site.id)) };
  }
  const autopilot = await autopilotStatus(db, site, now);
  const live = await timelineVersion(db, site.id);
  return { tab, calendar, choose, ...view, autopilot, live, canPause: can(role, "settings.manage"), canSkip: can(role, "topics.manage") };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(authContext);
  return schedulerAction(
    getDb(),
    auth,
    { userId: auth.user.id, workspaceId: auth.workspace.id, ip: context.get(requestContext).ip ?? null },
    request,
    url,
  );
}

export default function SchedulerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, calendar, counts, days, past, pastPage, timeText, choose, autopilot, timeZone, canPause, canSkip, live } = loaderData;
  useAutopilotLive(live);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Scheduler</h1>
        <Button asChild variant="secondary">
          <Link to="/dashboard/plan">Content plan</Link>
        </Button>
      </div>
      <AutopilotBar status={autopilot} timeZone={timeZone} canPause={canPause} />
      <TabNav
        label="Scheduler views"
        tabs={TABS}
        current={tab}
        variant="pills"
        badge={(id) => (
          <span data-testid={`badge-${id}`} className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
            {counts[id]}
          </span>
        )}
      />
      {actionData?.notice ? <FormMessage title={actionData.notice.title} description={actionData.notice.description} /> : null}
      {tab === "coming" ? <ViewSwitch calendar={calendar} /> : null}
      {tab === "past" ? <PastList past={past} /> : null}
      {tab === "past" ? (
        <Pagination
          page={pastPage.page}
          pageCount={pastPage.pageCount}
          first={pastPage.first}
          shown={past.length}
          total={counts.past}
          hrefFor={(page) => (page > 1 ? `${PAGE}?tab=past&page=${page}` : `${PAGE}?tab=past`)}
        />
      ) : null}
      {tab === "coming" && calendar ? <SchedulerCalendar days={days} autopilot={autopilot} /> : null}
      {tab === "coming" && !calendar ? <ComingList days={days} timeText={timeText} autopilot={autopilot} canSkip={canSkip} /> : null}
      {choose ? <ChooseTopicDialog choose={choose} closeTo={calendar ? `${PAGE}?view=calendar` : PAGE} /> : null}
    </div>
  );
}
