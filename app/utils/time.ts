/**
 * Time, and every date or time shown to a customer. Dashboard dates are shown
 * in the site's time zone (an IANA name, UTC when unknown to this runtime), as
 * 'dd MMM yyyy', built from parts because locale month abbreviations vary
 * (en-GB says "Sept"). Plain functions, safe on the server and in the browser.
 */

export function isoNow(at: Date = new Date()) {
  return at.toISOString();
}

export function isoIn(ms: number, from: Date = new Date()) {
  return new Date(from.getTime() + ms).toISOString();
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Building an Intl.DateTimeFormat costs far more than using one (it loads the zone's rules and the locale's
 * patterns): a list of a thousand scheduled articles spent most of its time here. One formatter per zone,
 * kept for the life of the process; a site has one zone and the runtime knows a few hundred
 * (docs/decisions/053).
 */
const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>();

function zoneFormatter(timeZone: string) {
  let formatter = zoneFormatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      // Unknown to this runtime; remembered too, so a bad stored name does not throw on every call.
      formatter = null;
    }
    // Names come from stored settings; a bound keeps made-up ones from growing the map without end.
    if (zoneFormatters.size >= 1000) zoneFormatters.clear();
    zoneFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A usable IANA zone name, or UTC when the stored one is unknown to this runtime. */
export function safeTimeZone(timeZone: string | null | undefined) {
  if (!timeZone) return "UTC";
  return zoneFormatter(timeZone) ? timeZone : "UTC";
}

/** The calendar date ('YYYY-MM-DD') and 24-hour wall-clock time ('HH:MM') at an instant in a zone. */
export function zonedParts(at: Date, timeZone: string | null | undefined): { date: string; time: string } {
  const zone = safeTimeZone(timeZone);
  // formatToParts costs microseconds and a long list asks for the same instants on every view; the answer never changes.
  const key = `${zone} ${at.getTime()}`;
  const known = zonedPartsMemo.get(key);
  if (known) return { ...known };
  const parts = zoneFormatter(zone)!.formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const answer = { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
  if (zonedPartsMemo.size >= ZONED_PARTS_MEMO_SIZE) zonedPartsMemo.clear();
  zonedPartsMemo.set(key, answer);
  return { ...answer };
}
const ZONED_PARTS_MEMO_SIZE = 20_000;
const zonedPartsMemo = new Map<string, { date: string; time: string }>();

/** The calendar date ('YYYY-MM-DD') at an instant in a zone. */
export function zonedDate(at: Date, timeZone: string | null | undefined) {
  return zonedParts(at, timeZone).date;
}

/** A calendar date moved by whole days (pure date arithmetic, no zone involved). */
export function addDays(date: string, days: number) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → 'dd MMM yyyy', e.g. '24 Nov 2026'. */
export function formatDayDate(date: string) {
  const [y, m, d] = date.split("-");
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
}

/** An instant as 'dd MMM yyyy' in the site's time zone. */
export function formatDate(iso: string, timeZone: string | null | undefined) {
  return formatDayDate(zonedDate(new Date(iso), timeZone));
}

/** An instant as 'dd MMM yyyy HH:mm' (24-hour) in the site's time zone. */
export function formatDateTime(iso: string, timeZone: string | null | undefined) {
  const { date, time } = zonedParts(new Date(iso), timeZone);
  return `${formatDayDate(date)} ${time}`;
}

/** 'HH:MM' (24-hour) → '6:30 PM'; anything unparsable shows the fallback time instead. */
export function formatTime12(time: string, fallback: string) {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time) ?? /^(\d{1,2}):(\d{2})$/.exec(fallback)!;
  const hour = Number(match[1]) % 24;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour < 12 ? "AM" : "PM"}`;
}

/** 'Today', 'Tomorrow' or 'dd MMM yyyy' for a calendar date, seen from `today` (both 'YYYY-MM-DD' in the site's zone). */
export function dayLabel(date: string, today: string) {
  if (date === today) return "Today";
  if (date === addDays(today, 1)) return "Tomorrow";
  return formatDayDate(date);
}

const longDateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A calendar date ('YYYY-MM-DD', e.g. a blog post's) in words, as readers of a language write it: 'November 5,
 * 2026', '5. November 2026' in German. Callers pass languages from short lists, so the formatters kept stay few.
 */
export function formatLongDate(date: string, locale = "en-US") {
  let formatter = longDateFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    longDateFormatters.set(locale, formatter);
  }
  return formatter.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The instant at which a zone's wall clock shows this date and time. Found by
 * correcting a UTC guess with the zone's offset twice, which also settles the
 * hour after a DST change; a time skipped by a spring-forward lands just after the gap.
 */
export function zonedToUtc(date: string, time: string, timeZone: string | null | undefined) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const shown = zonedParts(new Date(guess), timeZone);
    const [sy, sm, sd] = shown.date.split("-").map(Number) as [number, number, number];
    const [sh, smin] = shown.time.split(":").map(Number) as [number, number];
    guess += wanted - Date.UTC(sy, sm - 1, sd, sh, smin);
  }
  const shown = zonedParts(new Date(guess), timeZone);
  // In a spring-forward gap the clock never shows the time: the corrections settle an hour early, so step over the gap.
  return shown.date === date && shown.time === time.slice(0, 5) ? new Date(guess) : new Date(guess + HOUR);
}
