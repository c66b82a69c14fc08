import { Form, Link } from "react-router";
import { ListLink } from "#app/components/list-link";
import { Button, buttonClassName } from "#app/components/ui/button";
import { editUrl } from "#app/modules/articles/urls";
import { DAY_STATE_LABELS, NEEDS_YOU } from "#app/modules/autopilot/states";
import type { AutopilotStatus, DayStatus } from "#app/modules/autopilot/status.server";
import { dayUrl } from "#app/modules/autopilot/urls";
import type { ComingDay, PastArticle } from "#app/modules/scheduler/scheduler.server";
import { cn } from "#app/utils/cn";

/** The scheduler's auto-pilot parts (docs/decisions/049-autopilot-days.md): the 'Next publish' bar with Pause/Resume, day states, skip, the past list. */

export function AutopilotBar({ status, timeZone, canPause }: { status: AutopilotStatus; timeZone: string; canPause: boolean }) {
  return (
    <section
      aria-label="Auto-pilot"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p data-testid="next-publish" className="font-medium text-slate-900">
          {status.nextPublish
            ? `Next publish: ${status.nextPublish.when} (${timeZone}), “${status.nextPublish.what}”`
            : "Next publish: nothing scheduled"}
        </p>
        <p className="text-slate-600" data-testid="autopilot-state">
          {status.enabled
            ? `Auto-pilot is on: the day's planned keyword is written at ${status.generationTime}${status.autoPublish ? " and published at the publishing time once it passes the quality check." : " and waits as a draft for you."}`
            : "Auto-pilot is paused. Turn it on here or in Settings → Content."}
        </p>
      </div>
      {canPause ? (
        <Form method="post">
          <input type="hidden" name="intent" value={status.enabled ? "pause" : "resume"} />
          <Button type="submit" variant="secondary" size="sm">
            {status.enabled ? "Pause auto-pilot" : "Resume auto-pilot"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

function DayState({ status, planned, timePassed }: { status: DayStatus | undefined; planned: boolean; timePassed: boolean }) {
  if (!status && !planned) return null;
  const state = status?.state ?? "planned";
  const waiting = status?.articleId && (status.state === "held" || status.state === "written");
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="day-state" data-state={state}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-semibold",
            NEEDS_YOU.includes(state) ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800",
          )}
        >
          {DAY_STATE_LABELS[state]}
        </span>
        {status?.changedText ? <span className="text-xs text-slate-600">since {status.changedText}</span> : null}
        {!status && timePassed ? <span className="text-xs text-slate-600">today's publishing time has passed</span> : null}
        {status ? (
          <Link to={dayUrl(status.id)} className="text-brand-700 underline-offset-4 hover:underline">
            {waiting ? "Review" : status.state === "failed" ? "See why and try again" : "Timeline"}
          </Link>
        ) : null}
        {status?.articleId && !waiting ? (
          <Link to={editUrl(status.articleId)} className="text-brand-700 underline-offset-4 hover:underline">
            Open the article
          </Link>
        ) : null}
      </p>
      {status?.reasons.length ? (
        <ul className="list-disc pl-5 text-slate-700">
          {status.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A planned day not started yet, or a started one whose article is not out yet (its work is set aside). */
function skippable(day: ComingDay, status: DayStatus | undefined) {
  if (!status) return Boolean(day.planned);
  return ["writing", "ready", "held", "written", "approved"].includes(status.state);
}

function SkipDay({ date, dateText }: { date: string; dateText: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="skip" />
      <input type="hidden" name="date" value={date} />
      <Button type="submit" variant="ghost" size="sm" aria-label={`Skip ${dateText}`}>
        Skip this day
      </Button>
    </Form>
  );
}

export function PastList({ past }: { past: PastArticle[] }) {
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
          <div className="flex min-w-0 flex-col gap-1">
            <ListLink to={editUrl(a.id)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              {a.title}
            </ListLink>
            {a.outcome === "failed" ? (
              <p className="text-sm text-red-800">Failed: {a.error ?? "the platform gave no reason."}</p>
            ) : a.liveUrl ? (
              <a href={a.liveUrl} className="text-sm text-brand-700 underline" rel="noopener noreferrer" target="_blank">
                View the live post
              </a>
            ) : null}
          </div>
          <span className="text-sm text-slate-600">
            {a.outcome === "failed" ? "Failed" : "Published"} {a.whenText}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The coming days as a list: each day's plan, scheduled articles and auto-pilot state, with Skip, Clear and Choose. */
export function ComingList({
  days,
  timeText,
  autopilot,
  canSkip,
}: {
  days: ComingDay[];
  timeText: string;
  autopilot: AutopilotStatus;
  canSkip: boolean;
}) {
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
            <p className="text-sm text-slate-600" data-testid="day-time">
              {autopilot.days[day.date]?.timeText ?? timeText}
            </p>
            {day.planned ? (
              <p className="text-sm text-slate-900">
                <span className="text-slate-600">Topic: </span>
                <span className="font-medium">{day.planned.keyword}</span>
              </p>
            ) : null}
            <DayState
              status={autopilot.days[day.date]}
              planned={Boolean(day.planned) && autopilot.enabled}
              timePassed={day.label === "Today" && autopilot.todayPassed}
            />
            {day.articles.map((a) => (
              <p key={a.id} className="text-sm text-slate-900">
                <span className="text-slate-600">Scheduled article ({a.time}): </span>
                <ListLink to={editUrl(a.id)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  {a.title}
                </ListLink>
              </p>
            ))}
          </div>
          <div className="flex items-center gap-2">
            {canSkip && autopilot.enabled && skippable(day, autopilot.days[day.date]) ? (
              <SkipDay date={day.date} dateText={day.dateText} />
            ) : null}
            {/* A started day's topic is the one being written: it can be skipped, not swapped (decision 059). */}
            {day.planned && !autopilot.days[day.date] ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="clear" />
                <input type="hidden" name="date" value={day.date} />
                <Button type="submit" variant="ghost" size="sm" aria-label={`Clear the topic for ${day.dateText}`}>
                  Clear
                </Button>
              </Form>
            ) : null}
            {autopilot.days[day.date] ? null : (
              <ListLink
                to={`/dashboard/scheduler?choose=${day.date}`}
                preventScrollReset
                aria-label={`Choose from topics for ${day.dateText}`}
                className={buttonClassName({ variant: "secondary", size: "sm" })}
              >
                Choose from topics
              </ListLink>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
