import { inTransaction, type DB } from "#app/db/client.server";
import type { AutopilotState } from "#app/db/schema";
import { recordAudit } from "#app/modules/audit/audit.server";
import { skipPlannedDay } from "#app/modules/plan/items.server";
import { setAutoGeneration } from "#app/modules/settings/content.server";
import { getPublishingSettings, nextFreeSlots } from "#app/modules/settings/publishing.server";
import { formatDateTime, zonedDate } from "#app/utils/time";

/**
 * What the scheduler shows of auto-pilot (docs/decisions/049):
 * whether it runs, the next publish in the site's local time, each day's state
 * and reasons, and the customer's Pause / Resume and 'Skip this day'.
 */

export type DayStatus = { id: string; state: AutopilotState; reasons: string[]; articleId: string | null };

export type AutopilotStatus = {
  enabled: boolean;
  autoPublish: boolean;
  generationTime: string;
  /** The next time something goes out: a scheduled article, or the next planned day while auto-pilot publishes. */
  nextPublish: { when: string; what: string } | null;
  days: Record<string, DayStatus>;
};

export async function autopilotStatus(db: DB, site: { id: string; timeZone: string }, now = new Date()): Promise<AutopilotStatus> {
  const today = zonedDate(now, site.timeZone);
  const [settings, rows, nextArticle, nextPlanned] = await Promise.all([
    db
      .selectFrom("content_settings")
      .select(["auto_generation", "auto_publish", "auto_gen_time"])
      .where("site_id", "=", site.id)
      .executeTakeFirst(),
    db
      .selectFrom("autopilot_days")
      .select(["id", "day", "state", "reasons", "article_id"])
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
      .limit(1)
      .executeTakeFirst(),
  ]);
  const enabled = settings?.auto_generation === 1;
  const autoPublish = enabled && settings?.auto_publish === 1;
  const candidates: Array<{ at: Date; what: string }> = [];
  if (nextArticle?.scheduled_at) candidates.push({ at: new Date(nextArticle.scheduled_at), what: nextArticle.title });
  if (autoPublish && nextPlanned) {
    const publishing = await getPublishingSettings(db, site.id);
    const [slot] = await nextFreeSlots(db, site.id, { ...publishing, scheduledDate: nextPlanned.date }, 1, now);
    if (slot) candidates.push({ at: slot, what: nextPlanned.keyword });
  }
  const next = candidates.sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  return {
    enabled,
    autoPublish,
    generationTime: settings?.auto_gen_time ?? "09:00",
    nextPublish: next ? { when: formatDateTime(next.at.toISOString(), site.timeZone), what: next.what } : null,
    days: Object.fromEntries(
      rows.map((r) => [r.day, { id: r.id, state: r.state, reasons: JSON.parse(r.reasons) as string[], articleId: r.article_id }]),
    ),
  };
}

/** Pause or resume: the Content tab's automatic generation switch, audited as a settings change. */
export async function setAutopilotRunning(
  db: DB,
  siteId: string,
  running: boolean,
  actor: { userId: string; workspaceId: string; ip: string | null },
) {
  await inTransaction(db, async (trx) => {
    if (!(await setAutoGeneration(trx, siteId, running))) return;
    await recordAudit(trx, {
      actorId: actor.userId,
      workspaceId: actor.workspaceId,
      action: "settings.content.update",
      target: `site:${siteId}`,
      detail: { fields: ["auto_generation"], autopilot: running ? "resumed" : "paused" },
      ip: actor.ip,
    });
  });
}

export class SkipDayError extends Error {
  override name = "SkipDayError";
}

/**
 * Skips a planned day: its plan item is set aside (kept, so it can be chosen
 * again), and auto-pilot writes nothing that day. A day already being written
 * or published cannot be skipped.
 */
export async function skipDay(db: DB, site: { id: string; timeZone: string }, date: string, now = new Date()) {
  if (date < zonedDate(now, site.timeZone)) throw new SkipDayError("That day is already over.");
  const started = await db
    .selectFrom("autopilot_days")
    .select("state")
    .where("site_id", "=", site.id)
    .where("day", "=", date)
    .executeTakeFirst();
  if (started && started.state !== "skipped") throw new SkipDayError("Auto-pilot has already started this day's article.");
  const skipped = await skipPlannedDay(db, site.id, date);
  if (skipped === undefined) throw new SkipDayError("Nothing is planned for that day.");
  return skipped;
}
