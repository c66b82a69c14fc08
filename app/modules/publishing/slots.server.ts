import type { DB } from "#app/db/client.server";
import { addDays, zonedDate, zonedParts, zonedToUtc } from "#app/utils/time";

/**
 * The one slot engine (docs/decisions/072): when a site publishes. A slot is one of the site's daily publishing
 * times (the main time and the extra ones) on a day, in the site's time zone; it is free while it is ahead and no
 * scheduled article of the site holds that instant. Auto-pilot's days, 'Apply to Existing Drafts', the Publishing
 * tab's preview and the publish dialog's 'Schedule for…' all ask here, so they agree.
 */

/** What the engine reads of the publishing settings (getPublishingSettings gives it). */
export type SlotSchedule = {
  /** The schedule's first day; null or past: today. */
  scheduledDate: string | null;
  scheduledTime: string;
  extraTimes: string[];
  timeZone: string;
};

/** How far ahead free slots are looked for: a year of days. */
const SLOT_HORIZON_DAYS = 366;

/** Every publishing time of a day, earliest first. */
function publishingTimes(schedule: Pick<SlotSchedule, "scheduledTime" | "extraTimes">) {
  return [...new Set([schedule.scheduledTime, ...schedule.extraTimes])].sort();
}

/** The next `count` free slots (UTC instants) from the schedule's first day, given the instants already held. */
export function freeSlots(schedule: SlotSchedule, { now, taken, count }: { now: Date; taken: ReadonlySet<string>; count: number }) {
  const held = new Set(taken);
  const today = zonedDate(now, schedule.timeZone);
  const first = schedule.scheduledDate && schedule.scheduledDate > today ? schedule.scheduledDate : today;
  const times = publishingTimes(schedule);
  const slots: Date[] = [];
  for (let day = 0; day < SLOT_HORIZON_DAYS && slots.length < count; day++) {
    const date = addDays(first, day);
    for (const time of times) {
      const at = zonedToUtc(date, time, schedule.timeZone);
      if (at.getTime() <= now.getTime() || held.has(at.toISOString())) continue;
      // A clock set back (autumn) can map two wall times to one instant: never twice.
      held.add(at.toISOString());
      slots.push(at);
      if (slots.length === count) break;
    }
  }
  return slots;
}

/** The instants the site's scheduled articles hold from now on. */
async function heldSlots(db: DB, siteId: string, now: Date) {
  const rows = await db
    .selectFrom("articles")
    .select("scheduled_at")
    .where("site_id", "=", siteId)
    .where("status", "=", "scheduled")
    .where("scheduled_at", ">", now.toISOString())
    .execute();
  return new Set(rows.map((a) => new Date(a.scheduled_at!).toISOString()));
}

/** The next `count` free publishing slots of a site. */
export async function nextFreeSlots(db: DB, siteId: string, schedule: SlotSchedule, count: number, now = new Date()) {
  return freeSlots(schedule, { now, taken: await heldSlots(db, siteId, now), count });
}

/**
 * The publish dialog's 'Schedule for…' default: the next free slot from today (a manual schedule does not wait
 * for auto-pilot's first day), as the site's local date and time, so a scheduled time is never one already past.
 */
export async function nextFreeSlotFromToday(db: DB, siteId: string, schedule: SlotSchedule, now = new Date()) {
  const [slot] = await nextFreeSlots(db, siteId, { ...schedule, scheduledDate: null }, 1, now);
  const at = slot ?? zonedToUtc(addDays(zonedDate(now, schedule.timeZone), 1), schedule.scheduledTime, schedule.timeZone);
  return zonedParts(at, schedule.timeZone);
}
