import { ListLink } from "#app/components/list-link";
import type { AutopilotStatus } from "#app/modules/autopilot/status.server";
import type { ComingDay } from "#app/modules/scheduler/scheduler.server";
import { cn } from "#app/utils/cn";
import { calendarDayUrl } from "#app/modules/autopilot/urls";

/**
 * The calendar on a phone (docs/decisions/049-autopilot-days.md): the same days as the month grid, one under the
 * other by month, every keyword and title in full. A month grid of seven columns does not fit 390 px without
 * hiding Thursday to Sunday or cutting each keyword to a few letters.
 */

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

export function SchedulerAgenda({ months, autopilot }: { months: Array<[string, ComingDay[]]>; autopilot: AutopilotStatus }) {
  return (
    <div className="flex flex-col gap-6">
      {months.map(([month, days]) => {
        const [y, m] = month.split("-").map(Number) as [number, number];
        const label = `${MONTH_NAMES[m - 1]} ${y}`;
        return (
          <section key={month} aria-label={label}>
            <h2 className="mb-2 text-base font-semibold text-slate-900">{label}</h2>
            <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200">
              {days.map((day) => (
                <AgendaDay key={day.date} day={day} state={autopilot.days[day.date]?.state} dayId={autopilot.days[day.date]?.id} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

function AgendaDay({ day, state, dayId }: { day: ComingDay; state: string | undefined; dayId: string | undefined }) {
  const warn = state === "held" || state === "failed";
  const empty = !day.planned && day.articles.length === 0 && !state;
  return (
    <li>
      <ListLink
        to={calendarDayUrl(day.date, dayId)}
        preventScrollReset
        aria-label={`${day.dateText}${day.planned ? `: ${day.planned.keyword}` : ""}. ${dayId ? "Open the day" : "Choose a topic"}`}
        className="flex gap-3 px-3 py-2 hover:bg-slate-50"
      >
        <span className={cn("w-24 shrink-0 text-sm font-semibold", day.label === "Today" ? "text-brand-700" : "text-slate-700")}>
          {day.label === "Today" || day.label === "Tomorrow" ? day.label : day.dateText}
        </span>
        <span className="flex min-w-0 flex-col gap-1 text-sm">
          {day.planned ? <span className="break-words text-slate-900">{day.planned.keyword}</span> : null}
          {day.articles.map((a) => (
            <span key={a.id} className="break-words text-slate-700">
              {a.time} {a.title}
            </span>
          ))}
          {state ? (
            <span
              className={cn(
                "w-fit rounded-full px-1.5 text-xs font-semibold",
                warn ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800",
              )}
            >
              {state}
            </span>
          ) : null}
          {empty ? <span className="text-slate-500">Nothing planned</span> : null}
        </span>
      </ListLink>
    </li>
  );
}
