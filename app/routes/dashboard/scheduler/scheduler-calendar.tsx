import { Link } from "react-router";
import { ListLink } from "#app/components/list-link";
import { DAY_STATE_LABELS } from "#app/modules/autopilot/states";
import { calendarDayUrl } from "#app/modules/autopilot/urls";
import type { AutopilotStatus } from "#app/modules/autopilot/status.server";
import type { ComingDay } from "#app/modules/scheduler/scheduler.server";
import { cn } from "#app/utils/cn";
import { SchedulerAgenda } from "./scheduler-agenda";

/**
 * The scheduler's month calendar (docs/decisions/049-autopilot-days.md): the same 90 days as the
 * list, month by month, weeks from Monday. Each day shows what is planned or
 * scheduled and auto-pilot's state; a day opens 'Choose a topic', or the day's page once auto-pilot started it
 * (plain links, so they work without JavaScript).
 */

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Monday-first weekday (0-6) of a 'YYYY-MM-DD' date. */
function weekday(date: string) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function SchedulerCalendar({ days, autopilot }: { days: ComingDay[]; autopilot: AutopilotStatus }) {
  const months = new Map<string, ComingDay[]>();
  for (const day of days) {
    const key = day.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), day]);
  }
  // Phones get the agenda, tablets and up the month grid: both are rendered, so the page needs no JavaScript to choose.
  return (
    <div data-testid="calendar">
      <div className="md:hidden">
        <SchedulerAgenda months={[...months]} autopilot={autopilot} />
      </div>
      <div className="hidden flex-col gap-8 md:flex">
        {[...months].map(([month, monthDays]) => {
          const [y, m] = month.split("-").map(Number) as [number, number];
          const cells: Array<ComingDay | null> = [...Array<null>(weekday(monthDays[0]!.date)).fill(null), ...monthDays];
          while (cells.length % 7) cells.push(null);
          const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
          return (
            <div key={month} className="overflow-x-auto" role="region" aria-label={`${MONTHS[m - 1]} ${y}`} tabIndex={0}>
              <table className="w-full min-w-[42rem] table-fixed border-collapse text-sm">
                <caption className="mb-2 text-left text-base font-semibold text-slate-900">
                  {MONTHS[m - 1]} {y}
                </caption>
                <thead>
                  <tr>
                    {WEEKDAYS.map((w) => (
                      <th key={w} scope="col" className="py-1 text-left text-xs font-medium text-slate-600">
                        {w}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {weeks.map((week, i) => (
                    <WeekRow key={i} week={week} index={i} autopilot={autopilot} />
                  ))}
                </tbody>
              </table>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** One week of a month, Monday first; days outside the month are empty cells. */
function WeekRow({ week, index, autopilot }: { week: Array<ComingDay | null>; index: number; autopilot: AutopilotStatus }) {
  return (
    <tr>
      {week.map((day, j) => (
        <td key={day?.date ?? `empty-${index}-${j}`} className="h-24 border border-slate-200 p-1 align-top">
          {day ? <DayCell day={day} state={autopilot.days[day.date]?.state} dayId={autopilot.days[day.date]?.id} /> : null}
        </td>
      ))}
    </tr>
  );
}

function DayCell({ day, state, dayId }: { day: ComingDay; state: string | undefined; dayId: string | undefined }) {
  const warn = state === "held" || state === "failed";
  const label = state ? DAY_STATE_LABELS[state as keyof typeof DAY_STATE_LABELS] : null;
  return (
    <ListLink
      to={calendarDayUrl(day.date, dayId)}
      preventScrollReset
      aria-label={`${day.dateText}${day.planned ? `: ${day.planned.keyword}` : ""}. ${dayId ? "Open the day" : "Choose a topic"}`}
      className="flex h-full flex-col gap-1 rounded p-1 hover:bg-slate-50"
    >
      <span className={cn("text-xs font-semibold", day.label === "Today" ? "text-brand-700" : "text-slate-700")}>
        {Number(day.date.slice(8))}
      </span>
      {/* A cut keyword or title keeps its full text as the hover title (and in the link's name). */}
      {day.planned ? (
        <span className="line-clamp-2 text-xs text-slate-900" title={day.planned.keyword}>
          {day.planned.keyword}
        </span>
      ) : null}
      {day.articles.map((a) => (
        <span key={a.id} className="line-clamp-1 text-xs text-slate-700" title={`${a.time} ${a.title}`}>
          {a.time} {a.title}
        </span>
      ))}
      {state ? (
        <span
          className={cn(
            "w-fit rounded-full px-1.5 text-[11px] font-semibold",
            warn ? "bg-amber-100 text-amber-900" : "bg-slate-200 text-slate-800",
          )}
        >
          {label}
        </span>
      ) : null}
    </ListLink>
  );
}

/** List or month calendar of the coming days, as links (the choice lives in the URL). */
export function ViewSwitch({ calendar }: { calendar: boolean }) {
  const item = (to: string, label: string, current: boolean) => (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "rounded-md px-3 py-1 text-sm font-medium",
        current ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
      )}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Coming days view" className="inline-flex w-fit rounded-lg bg-slate-100 p-1">
      {item("/dashboard/scheduler", "List", !calendar)}
      {item("/dashboard/scheduler?view=calendar", "Calendar", calendar)}
    </nav>
  );
}
