import { Form, Link } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { editUrl } from "#app/modules/articles/urls";
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
  const { site } = context.get(authContext);
  const db = getDb();
  const params = url.searchParams;
  const tab: TabId = params.get("tab") === "past" ? "past" : "coming";
  const now = new Date();
  const view = await getSchedulerView(db, site, { now, tab });
  const asked = params.get("choose") ?? "";
  let choose: ChooseState | null = null;
  if (tab === "coming" && isInWindow(asked, now, view.timeZone)) {
    choose = { date: asked, dateText: formatDayDate(asked), ...(await listTopicChoices(db, site.id)) };
  }
  return { tab, choose, ...view };
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("choose"), date: z.string(), topicId: z.string().optional(), topic: z.string().max(200).optional() }),
  z.object({ intent: z.literal("clear"), date: z.string() }),
]);

const notice = (description: string) => ({ title: "Could not update the schedule", description });

export async function action({ request, context }: Route.ActionArgs) {
  const { site } = context.get(authContext);
  const db = getDb();
  const { submission } = await parseSubmission(request, ActionSchema);
  if (submission.status !== "success") return replyError(submission, { notice: notice("Please choose a topic from the list.") });
  const input = submission.value;
  try {
    switch (input.intent) {
      case "choose": {
        const saved = await chooseTopic(db, site, { date: input.date, topicId: input.topicId, name: input.topic });
        return redirectWithToast(PAGE, {
          type: "success",
          title: "Topic selected",
          description: `“${saved.keyword}” is scheduled for ${saved.dateText} at ${saved.timeText}`,
        });
      }
      case "clear": {
        const cleared = await clearDay(db, site, { date: input.date });
        return redirectWithToast(PAGE, {
          type: "success",
          title: "Topic cleared",
          description: cleared.keyword
            ? `“${cleared.keyword}” is no longer scheduled for ${cleared.dateText}`
            : `Nothing is scheduled for ${cleared.dateText}`,
        });
      }
    }
  } catch (error) {
    if (error instanceof ScheduleError) return replyError(submission, { notice: notice(error.message) });
    throw error;
  }
}

export default function SchedulerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, counts, days, past, timeText, choose } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Scheduler</h1>
        <Button asChild variant="secondary">
          <Link to="/dashboard/plan">Content plan</Link>
        </Button>
      </div>
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
      {tab === "coming" ? <ComingList days={days} timeText={timeText} /> : <PastList past={past} />}
      {choose ? <ChooseTopicDialog choose={choose} closeTo={PAGE} /> : null}
    </div>
  );
}

function ComingList({ days, timeText }: { days: Route.ComponentProps["loaderData"]["days"]; timeText: string }) {
  return (
    <ol className="flex flex-col gap-3" aria-label="Coming days">
      {days.map((day) => (
        <li
          key={day.date}
          data-testid={`day-${day.date}`}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="text-base font-semibold text-slate-900">
              {day.label}
              {day.label !== day.dateText ? <span className="ml-2 text-sm font-normal text-slate-600">{day.dateText}</span> : null}
            </h2>
            <p className="text-sm text-slate-600">{timeText}</p>
            {day.planned ? (
              <p className="text-sm text-slate-900">
                <span className="text-slate-600">Topic: </span>
                <span className="font-medium">{day.planned.keyword}</span>
              </p>
            ) : null}
            {day.articles.map((a) => (
              <p key={a.id} className="text-sm text-slate-900">
                <span className="text-slate-600">Scheduled article ({a.time}): </span>
                <Link to={editUrl(a.id)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  {a.title}
                </Link>
              </p>
            ))}
          </div>
          <div className="flex items-center gap-2">
            {day.planned ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="clear" />
                <input type="hidden" name="date" value={day.date} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`Clear the topic for ${day.dateText}`}>
                  Clear
                </Button>
              </Form>
            ) : null}
            <Button asChild variant="secondary" size="sm">
              <Link to={`?choose=${day.date}`} preventScrollReset aria-label={`Choose from topics for ${day.dateText}`}>
                Choose from topics
              </Link>
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

function PastList({ past }: { past: Route.ComponentProps["loaderData"]["past"] }) {
  if (past.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <h2 className="text-base font-semibold text-slate-900">No past scheduled content</h2>
        <p className="mt-1 text-sm text-slate-600">Once you have published scheduled content, it will appear here.</p>
      </div>
    );
  }
  return (
    <ol className="flex flex-col gap-3" aria-label="Published articles">
      {past.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4">
          <Link to={editUrl(a.id)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {a.title}
          </Link>
          <span className="text-sm text-slate-600">Published {a.publishedText}</span>
        </li>
      ))}
    </ol>
  );
}
