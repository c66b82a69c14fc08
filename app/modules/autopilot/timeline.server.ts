import { EventEmitter } from "node:events";
import type { DB } from "#app/db/client.server";
import type { AutopilotState } from "#app/db/schema";
import { isoNow } from "#app/utils/time";

/**
 * A day's states over time (migration 0039): every change of an auto-pilot
 * day's state goes through moveDay, which updates the row and records the
 * change with its time in autopilot_day_events, in one statement pair on the
 * caller's connection (its transaction when it has one). Open scheduler and
 * review pages hear the change through onAutopilotChange (the same
 * in-process announcement the generation progress stream uses) and read the
 * rows again; only the site's id travels.
 */

const changes = new EventEmitter();
changes.setMaxListeners(0);

/** Listens to one site's auto-pilot changes; returns the function that stops listening. */
export function onAutopilotChange(siteId: string, listener: () => void) {
  changes.on(siteId, listener);
  return () => void changes.off(siteId, listener);
}

export function announceAutopilotChange(siteId: string) {
  changes.emit(siteId);
}

export type DayMove = {
  reasons?: string[];
  /** What the timeline says beside the state (a time, a link, who decided). */
  detail?: string;
  /** Only from these states; the move does nothing (and returns false) otherwise. */
  from?: AutopilotState[];
  extra?: Partial<{ keyword: string; plan_item_id: string | null; publish_at: string | null }>;
  now?: Date;
};

/** Sets a day's state and records it on the timeline; false when the day was not in one of `from`. */
export async function moveDay(db: DB, dayId: string, state: AutopilotState, move: DayMove = {}) {
  const stamp = isoNow(move.now);
  let update = db
    .updateTable("autopilot_days")
    .set({ state, reasons: JSON.stringify(move.reasons ?? []), updated_at: stamp, ...move.extra })
    .where("id", "=", dayId);
  if (move.from) update = update.where("state", "in", move.from);
  const row = await update.returning("site_id").executeTakeFirst();
  if (!row) return false;
  await db
    .insertInto("autopilot_day_events")
    .values({ day_id: dayId, site_id: row.site_id, state, detail: move.detail ?? "", at: stamp })
    .execute();
  announceAutopilotChange(row.site_id);
  return true;
}

/** Records a note on the timeline without a change of state (the time moved, the mail went out). */
export async function noteDay(db: DB, day: { id: string; siteId: string; state: AutopilotState }, detail: string, now?: Date) {
  await db
    .insertInto("autopilot_day_events")
    .values({ day_id: day.id, site_id: day.siteId, state: day.state, detail, at: isoNow(now) })
    .execute();
  announceAutopilotChange(day.siteId);
}

export type TimelineEntry = { state: AutopilotState; detail: string; at: string };

export async function dayTimeline(db: DB, siteId: string, dayId: string): Promise<TimelineEntry[]> {
  return db
    .selectFrom("autopilot_day_events")
    .select(["state", "detail", "at"])
    .where("site_id", "=", siteId)
    .where("day_id", "=", dayId)
    .orderBy("id")
    .execute();
}

/** Each day's latest change (its time), for the scheduler's list. */
export async function latestChanges(db: DB, dayIds: string[]) {
  if (!dayIds.length) return new Map<string, string>();
  const rows = await db
    .selectFrom("autopilot_day_events")
    .select(["day_id"])
    .select((eb) => eb.fn.max("at").as("at"))
    .where("day_id", "in", dayIds)
    .groupBy("day_id")
    .execute();
  return new Map(rows.map((r) => [r.day_id, String(r.at)]));
}
