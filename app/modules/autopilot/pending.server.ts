import type { DB } from "#app/db/client.server";
import type { AutopilotState } from "#app/db/schema";
import { cancelKeyedJob, enqueue, moveKeyedJob } from "#app/modules/jobs/queue.server";
import { getPublishingSettings } from "#app/modules/publishing/schedule.server";
import { formatDateTime, isoNow } from "#app/utils/time";
import { daySlot, PUBLISH_JOB, publishJobKey, queuePublishAt, READY_JOB } from "./slots.server";
import { moveDay, noteDay } from "./timeline.server";

/**
 * The work auto-pilot still has to do, moved with the change that moves it
 * (called inside the change's transaction): a new publishing time or time
 * zone moves each pending day's time (the row's publish_at and its publish
 * job's run_at together, so what the scheduler shows is what the engine does),
 * pausing holds the days not yet out and resuming checks them again, skipping
 * sets a started day aside. Each answers what moved, for the page to say.
 */

/** Days whose article is not out yet and whose time is still ahead. */
const PENDING: AutopilotState[] = ["writing", "ready", "held", "written", "approved"];
/** Of those, the ones that go out on their own at their time. */
const GOING_OUT: AutopilotState[] = ["writing", "ready", "approved"];

const PAUSED_REASON = "Auto-pilot was paused: approve it to publish it anyway, or resume auto-pilot.";

export type MovedDay = { dayId: string; day: string; keyword: string; to: string };

async function pendingDays(db: DB, siteId: string, now: Date, states = PENDING) {
  return db
    .selectFrom("autopilot_days")
    .select(["id", "day", "keyword", "state", "reasons", "publish_at"])
    .where("site_id", "=", siteId)
    .where("state", "in", states)
    .where("publish_at", "is not", null)
    .where((eb) =>
      // A day going out on its own whose time passed but whose publish step has not acted yet is still pending.
      eb.or([eb("publish_at", ">", now.toISOString()), eb("state", "in", GOING_OUT)]),
    )
    .orderBy("day")
    .execute();
}

/** After the publishing times or the time zone changed: each pending day at its new time. */
export async function movePendingDays(db: DB, siteId: string, now = new Date()): Promise<MovedDay[]> {
  const settings = await getPublishingSettings(db, siteId);
  const moved: MovedDay[] = [];
  for (const day of await pendingDays(db, siteId, now)) {
    const slot = await daySlot(db, siteId, day.day, now, settings);
    if (slot.toISOString() === day.publish_at) continue;
    await db
      .updateTable("autopilot_days")
      .set({ publish_at: slot.toISOString(), updated_at: isoNow(now) })
      .where("id", "=", day.id)
      .execute();
    // A day going out on its own gets its job at the new time; a held one keeps a queued job in step (approval runs it).
    if (GOING_OUT.includes(day.state)) await queuePublishAt(db, siteId, day.id, slot);
    else await moveKeyedJob(db, PUBLISH_JOB, publishJobKey(day.id), slot, { queuedOnly: true });
    const to = formatDateTime(slot.toISOString(), settings.timeZone);
    await noteDay(db, { id: day.id, siteId, state: day.state }, `Publishing time moved to ${to}`, now);
    moved.push({ dayId: day.id, day: day.day, keyword: day.keyword, to });
  }
  return moved;
}

/** Pausing: the days that would go out on their own are held (their publish job cancelled) until resumed or approved. */
export async function holdPendingDays(db: DB, siteId: string, now = new Date()): Promise<MovedDay[]> {
  const held: MovedDay[] = [];
  for (const day of await pendingDays(db, siteId, now, GOING_OUT)) {
    if (!(await moveDay(db, day.id, "held", { reasons: [PAUSED_REASON], from: GOING_OUT, detail: "Auto-pilot paused", now }))) continue;
    await cancelKeyedJob(db, PUBLISH_JOB, publishJobKey(day.id));
    held.push({ dayId: day.id, day: day.day, keyword: day.keyword, to: "held" });
  }
  return held;
}

/** Resuming: the days held only by the pause are checked again and go out at their time. */
export async function resumePendingDays(db: DB, siteId: string, now = new Date()): Promise<MovedDay[]> {
  const resumed: MovedDay[] = [];
  for (const day of await pendingDays(db, siteId, now, ["held"])) {
    if (day.reasons !== JSON.stringify([PAUSED_REASON])) continue;
    if (!(await checkAgain(db, siteId, day, ["held"], "Auto-pilot resumed", now))) continue;
    resumed.push({ dayId: day.id, day: day.day, keyword: day.keyword, to: "resumed" });
  }
  return resumed;
}

/** The content settings auto-pilot's check reads: changing one of them checks the pending articles again. */
const CHECK_SETTINGS = ["auto_publish", "review_mode", "autopilot_min_score", "autopilot_strict_links", "article_length"] as const;
type CheckSettings = Partial<Record<(typeof CHECK_SETTINGS)[number] | "auto_generation", unknown>>;

/**
 * After the Content tab was saved: switching automatic generation off or on pauses or resumes like the scheduler's
 * switch, and a change to what the check reads (automatic publishing, review mode, the minimum score, strict links,
 * the length) checks each written day not yet approved again, so a day goes out only if it passes today's settings.
 */
export async function followContentSettings(
  db: DB,
  siteId: string,
  change: { before: CheckSettings | undefined; after: CheckSettings },
  now = new Date(),
): Promise<MovedDay[]> {
  const { before, after } = change;
  const wasRunning = before?.auto_generation === 1;
  const running = after.auto_generation === 1;
  if (wasRunning !== running) return running ? resumePendingDays(db, siteId, now) : holdPendingDays(db, siteId, now);
  if (!running || !before || CHECK_SETTINGS.every((field) => before[field] === after[field])) return [];
  const checked: MovedDay[] = [];
  const states: AutopilotState[] = ["ready", "held", "written"];
  for (const day of await pendingDays(db, siteId, now, states)) {
    if (!(await checkAgain(db, siteId, day, states, "Checked again with the new content settings", now))) continue;
    checked.push({ dayId: day.id, day: day.day, keyword: day.keyword, to: "checked" });
  }
  return checked;
}

/** Back to Writing with its check queued now and its publish job at its time: the check decides again. */
async function checkAgain(
  db: DB,
  siteId: string,
  day: { id: string; publish_at: string | null },
  from: AutopilotState[],
  detail: string,
  now: Date,
) {
  if (!(await moveDay(db, day.id, "writing", { from, detail, now }))) return false;
  const key = `${READY_JOB}:${day.id}`;
  if (!(await moveKeyedJob(db, READY_JOB, key, now)))
    await enqueue(db, READY_JOB, { dayId: day.id }, { idempotencyKey: key, tenant: { siteId } });
  await queuePublishAt(db, siteId, day.id, new Date(day.publish_at!));
  return true;
}

/** Skipping a started day: it is set aside (its article stays a draft) and nothing goes out. Null when not started. */
export async function skipStartedDay(db: DB, siteId: string, date: string, now = new Date()) {
  const day = await db
    .selectFrom("autopilot_days")
    .select(["id", "keyword", "state"])
    .where("site_id", "=", siteId)
    .where("day", "=", date)
    .executeTakeFirst();
  if (!day || day.state === "skipped") return null;
  if (!(await moveDay(db, day.id, "skipped", { reasons: ["Skipped by you."], from: PENDING, detail: "Skipped", now }))) return false;
  await cancelKeyedJob(db, PUBLISH_JOB, publishJobKey(day.id));
  return day.keyword;
}

/** What the page's toast says moved, or undefined when nothing did. */
export function describeMoved(moved: MovedDay[]) {
  if (!moved.length) return undefined;
  const [first, ...rest] = moved;
  const what = (d: MovedDay) => (d.keyword ? `“${d.keyword}”` : `The article of ${d.day}`);
  const line =
    first!.to === "held"
      ? `${what(first!)} is held until you resume auto-pilot or approve it.`
      : first!.to === "resumed"
        ? `${what(first!)} goes out at its time again.`
        : first!.to === "checked"
          ? `${what(first!)} is checked again against these settings before it goes out.`
          : `${what(first!)} now goes out on ${first!.to}.`;
  return rest.length ? `${line} ${rest.length} more ${rest.length === 1 ? "day" : "days"} moved too.` : line;
}
