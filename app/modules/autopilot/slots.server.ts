import type { DB } from "#app/db/client.server";
import { enqueue, moveKeyedJob, type EnqueueOptions } from "#app/modules/jobs/queue.server";
import { getPublishingSettings, type PublishingSettings } from "#app/modules/publishing/schedule.server";
import { nextFreeSlots } from "#app/modules/publishing/slots.server";
import { zonedDate } from "#app/utils/time";

/**
 * When a day's article goes out: the first of the site's publishing times on that very day (in the site's zone)
 * that is still ahead and that no scheduled article holds. When the day's times have all passed (the time was moved
 * to earlier, or the article was written after it), it goes out now: a day's article never slides to the next day,
 * whose own article holds that slot.
 */
export async function daySlot(db: DB, siteId: string, day: string, now: Date, settings?: PublishingSettings) {
  const publishing = settings ?? (await getPublishingSettings(db, siteId));
  const [slot] = await nextFreeSlots(db, siteId, { ...publishing, scheduledDate: day }, 1, now);
  if (slot && zonedDate(slot, publishing.timeZone) === day) return slot;
  return now;
}

export const PUBLISH_JOB = "autopilot-publish";
export const READY_JOB = "autopilot-ready";
export const publishJobKey = (dayId: string) => `${PUBLISH_JOB}:${dayId}`;

export function publishJobOptions(dayId: string, siteId: string, runAt: Date, tenant: EnqueueOptions["tenant"]): EnqueueOptions {
  return { runAt, idempotencyKey: publishJobKey(dayId), maxAttempts: 200, groupKey: `autopilot:${siteId}`, groupLimit: 1, tenant };
}

/** The day's publish job at `at`: the queued one moved, a cancelled or finished one queued again, or a new one. */
export async function queuePublishAt(db: DB, siteId: string, dayId: string, at: Date) {
  if (await moveKeyedJob(db, PUBLISH_JOB, publishJobKey(dayId), at)) return;
  await enqueue(db, PUBLISH_JOB, { dayId }, publishJobOptions(dayId, siteId, at, { siteId }));
}
