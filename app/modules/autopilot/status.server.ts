import { inTransaction, type DB } from "#app/db/client.server";
import type { AutopilotState } from "#app/db/schema";
import { recordAudit } from "#app/modules/audit/audit.server";
import { skipPlannedDay } from "#app/modules/plan/items.server";
import { setAutoGeneration } from "#app/modules/settings/content.server";
import { getPublishingSettings } from "#app/modules/publishing/schedule.server";
import { formatDateTime, formatTime12, zonedDate, zonedParts } from "#app/utils/time";
import { holdPendingDays, resumePendingDays, skipStartedDay } from "./pending.server";
import { daySlot } from "./slots.server";
import { latestChanges } from "./timeline.server";

/**
 * What the scheduler shows of auto-pilot (docs/decisions/049):
 * whether it runs, the next publish in the site's local time, each day's state
 * and reasons, and the customer's Pause / Resume and 'Skip this day'.
 */

export type DayStatus = {
  id: string;
  state: AutopilotState;
  reasons: string[];
  articleId: string | null;
  /** The day's own publishing time (the row the engine acts on), in the site's zone, 12-hour. */
  timeText: string | null;
  /** When the state last changed, in the site's zone. */
  changedText: string | null;
};

export type AutopilotStatus = {
  enabled: boolean;
  autoPublish: boolean;
  generationTime: string;
  /** The next time something goes out: a pending day's time, a scheduled article, or the next planned day's slot. */
  nextPublish: { when: string; what: string } | null;
  days: Record<string, DayStatus>;
  /** Every publishing time of today (site's zone) has passed: today's plan no longer shows a time as coming. */
  todayPassed: boolean;
};

/** Days that go out on their own at their publish_at. */
const GOING_OUT: AutopilotState[] = ["writing", "ready", "approved"];

/**
 * Read from the rows the engine acts on: a started day's time is its row's publish_at (the time its publish job
 * runs), a scheduled article's its scheduled_at; only a planned day not started yet has its slot worked out, by the
 * same function the write step uses. A time already past is never 'next'.
 */
export async function autopilotStatus(db: DB, site: { id: string; timeZone: string }, now = new Date()): Promise<AutopilotStatus> {
  const today = zonedDate(now, site.timeZone);
  const [settings, rows, nextArticle, planned] = await Promise.all([
    db
      .selectFrom("content_settings")
      .select(["auto_generation", "auto_publish", "auto_gen_time"])
      .where("site_id", "=", site.id)
      .executeTakeFirst(),
    db
      .selectFrom("autopilot_days")
      .select(["id", "day", "state", "reasons", "article_id", "publish_at", "keyword"])
      .where("site_id", "=", site.id)
      .where("day", ">=", today)
      .execute(),
    db
      .selectFrom("articles")
      .select(["title", "scheduled_at"])
      .where("site_id", "=", site.id)
      .where("status", "=", "scheduled")
      .where("scheduled_at", ">", now.toISOString())
      .orderBy("scheduled_at")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("plan_items")
      .select(["date", "keyword"])
      .where("site_id", "=", site.id)
      .where("status", "=", "planned")
      .where("date", ">=", today)
      .orderBy("date")
      .limit(3)
      .execute(),
  ]);
  const enabled = settings?.auto_generation === 1;
  const autoPublish = enabled && settings?.auto_publish === 1;
  const candidates: Array<{ at: Date; what: string }> = [];
  if (nextArticle?.scheduled_at) candidates.push({ at: new Date(nextArticle.scheduled_at), what: nextArticle.title });
  for (const r of rows)
    if (GOING_OUT.includes(r.state) && r.publish_at && Date.parse(r.publish_at) > now.getTime())
      candidates.push({ at: new Date(r.publish_at), what: r.keyword });
  if (autoPublish) {
    const started = new Set(rows.map((r) => r.day));
    const publishing = await getPublishingSettings(db, site.id);
    for (const item of planned.filter((p) => !started.has(p.date))) {
      const slot = await daySlot(db, site.id, item.date, now, publishing);
      if (slot.getTime() <= now.getTime()) continue;
      candidates.push({ at: slot, what: item.keyword });
      break;
    }
  }
  const todayPassed = (await daySlot(db, site.id, today, now)).getTime() <= now.getTime();
  const next = candidates.sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  const changed = await latestChanges(
    db,
    rows.map((r) => r.id),
  );
  return {
    enabled,
    autoPublish,
    generationTime: settings?.auto_gen_time ?? "09:00",
    todayPassed,
    nextPublish: next ? { when: formatDateTime(next.at.toISOString(), site.timeZone), what: next.what } : null,
    days: Object.fromEntries(
      rows.map((r) => {
        const at = changed.get(r.id);
        return [
          r.day,
          {
            id: r.id,
            state: r.state,
            reasons: JSON.parse(r.reasons) as string[],
            articleId: r.article_id,
            timeText: r.publish_at ? formatTime12(zonedParts(new Date(r.publish_at), site.timeZone).time, "00:00") : null,
            changedText: at ? formatTime12(zonedParts(new Date(at), site.timeZone).time, "00:00") : null,
          },
        ];
      }),
    ),
  };
}

/** Pause or resume: the Content tab's automatic generation switch, audited as a settings change. */
export async function setAutopilotRunning(
  db: DB,
  siteId: string,
  running: boolean,
  actor: { userId: string; workspaceId: string; ip: string | null },
  now = new Date(),
) {
  return inTransaction(db, async (trx) => {
    if (!(await setAutoGeneration(trx, siteId, running))) return [];
    // The pending days follow in the same transaction: held while paused, checked again on resume.
    const moved = running ? await resumePendingDays(trx, siteId, now) : await holdPendingDays(trx, siteId, now);
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "settings.content.update",
      target: `site:${siteId}`,
      detail: { fields: ["auto_generation"], autopilot: running ? "resumed" : "paused" },
      ip: actor.ip,
    });
    return moved;
  });
}

export class SkipDayError extends Error {
  override name = "SkipDayError";
}

/**
 * Skips a day: a planned one's item is set aside (kept, so it can be chosen
 * again) and auto-pilot writes nothing; a started one is set aside with its
 * publish job, its article kept as a draft. A day already out cannot be skipped.
 */
export async function skipDay(db: DB, site: { id: string; timeZone: string }, date: string, now = new Date()) {
  if (date < zonedDate(now, site.timeZone)) throw new SkipDayError("That day is already over.");
  const started = await skipStartedDay(db, site.id, date, now);
  if (started === false) throw new SkipDayError("This day's article is already out or on its way: nothing left to skip.");
  if (started !== null) return started;
  const skipped = await skipPlannedDay(db, site.id, date);
  if (skipped === undefined) throw new SkipDayError("Nothing is planned for that day.");
  return skipped;
}
