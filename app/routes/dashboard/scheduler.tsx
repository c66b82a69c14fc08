import { Link } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { requestContext } from "#app/context";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { autopilotStatus, setAutopilotRunning, skipDay, SkipDayError } from "#app/modules/autopilot/status.server";
import { can } from "#app/modules/workspaces/permissions";
import {
  chooseTopic,
  clearDay,
  getSchedulerView,
  isInWindow,
  listTopicChoices,
  ScheduleError,
} from "#app/modules/scheduler/scheduler.server";
import { TabNav } from "#app/components/tab-nav";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { formatDayDate } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";
import { AutopilotBar, ComingList, PastList } from "./scheduler-autopilot";
import { SchedulerCalendar, ViewSwitch } from "./scheduler-calendar";
import { ChooseTopicDialog, type ChooseState } from "./scheduler-dialog";
import type { Route } from "./+types/scheduler";

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
  const view = await getSchedulerView(db, site, { now, tab });
  const asked = params.get("choose") ?? "";
  let choose: ChooseState | null = null;
  if (tab === "coming" && isInWindow(asked, now, view.timeZone)) {
    choose = { date: asked, dateText: formatDayDate(asked), ...(await listTopicChoices(db, site.id)) };
  }
  const autopilot = await autopilotStatus(db, site, now);
  return { tab, calendar, choose, ...view, autopilot, canPause: can(role, "settings.manage"), canSkip: can(role, "topics.manage") };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("choose"), date: z.string(), topicId: z.string().optional(), topic: z.string().max(200).optional() }),
  z.object({ intent: z.literal("clear"), date: z.string() }),
  z.object({ intent: z.literal("skip"), date: z.string() }),
  z.object({ intent: z.enum(["pause", "resume"]) }),
]);

const notice = (description: string) => ({ title: "Could not update the schedule", description });

export async function action({ request, context, url }: Route.ActionArgs) {
  // Back to the view the form was posted from (the list or the calendar).
  const back = url.searchParams.get("view") === "calendar" ? `${PAGE}?view=calendar` : PAGE;
  const auth = context.get(authContext);
  const { site } = auth;
  const db = getDb();
  const { submission } = await parseSubmission(request, ActionSchema);
  if (submission.status !== "success") return replyError(submission, { notice: notice("Please choose a topic from the list.") });
  const input = submission.value;
  try {
    switch (input.intent) {
      case "choose": {
        const saved = await chooseTopic(db, site, { date: input.date, topicId: input.topicId, name: input.topic });
        return redirectWithToast(back, {
          type: "success",
          title: "Topic selected",
          description: `“${saved.keyword}” is scheduled for ${saved.dateText} at ${saved.timeText}`,
        });
      }
      case "pause":
      case "resume": {
        requirePermission(auth, "settings.manage");
        const actor = { userId: auth.user.id, workspaceId: auth.workspace.id, ip: context.get(requestContext).ip ?? null };
        await setAutopilotRunning(db, site.id, input.intent === "resume", actor);
        return redirectWithToast(back, { title: input.intent === "resume" ? "Auto-pilot resumed" : "Auto-pilot paused" });
      }
      case "skip": {
        requirePermission(auth, "topics.manage");
        const keyword = await skipDay(db, site, input.date);
        return redirectWithToast(back, {
          title: "Day skipped",
          description: `“${keyword}” will not be written on ${formatDayDate(input.date)}.`,
        });
      }
      case "clear": {
        const cleared = await clearDay(db, site, { date: input.date });
        return redirectWithToast(back, {
          type: "success",
          title: "Topic cleared",
          description: cleared.keyword
            ? `“${cleared.keyword}” is no longer scheduled for ${cleared.dateText}`
            : `Nothing is scheduled for ${cleared.dateText}`,
        });
      }
    }
  } catch (error) {
    if (error instanceof ScheduleError || error instanceof SkipDayError) return replyError(submission, { notice: notice(error.message) });
    throw error;
  }
}

export default function SchedulerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, calendar, counts, days, past, timeText, choose, autopilot, timeZone, canPause, canSkip } = loaderData;
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
      {tab === "coming" && calendar ? <SchedulerCalendar days={days} autopilot={autopilot} /> : null}
      {tab === "coming" && !calendar ? <ComingList days={days} timeText={timeText} autopilot={autopilot} canSkip={canSkip} /> : null}
      {choose ? <ChooseTopicDialog choose={choose} closeTo={calendar ? `${PAGE}?view=calendar` : PAGE} /> : null}
    </div>
  );
}
