import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { autopilotFailedMail, autopilotNoticeMail } from "#app/modules/email/templates/autopilot.server";
import { workspaceOwners } from "#app/modules/workspaces/owners.server";
import { logger } from "#app/utils/logger.server";
import { isoNow, zonedParts } from "#app/utils/time";
import { dayUrl } from "./urls";

/** Auto-pilot's mails to a workspace's owners: a day held, failed or stopped, and a failed publication (docs/decisions/049). */

/** What fixes a failed publication, in words an owner can act on. */
function fixFor(reason: string) {
  if (/disconnect|reconnect|password|401|403|credential|authori/i.test(reason))
    return "Fix: reconnect the destination in Settings → Integrations (its password or key may have changed).";
  if (/not available/i.test(reason)) return "Fix: choose another default destination in Settings → Publishing.";
  return "Fix: check the destination is up and reachable in Settings → Integrations.";
}

/** The one mail about a day's failed publication, to every owner. */
export async function mailFailure(db: DB, dayId: string, reason: string) {
  const claimed = await db
    .updateTable("autopilot_days")
    .set({ failure_mailed_at: isoNow() })
    .where("id", "=", dayId)
    .where("failure_mailed_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const day = await db
    .selectFrom("autopilot_days as d")
    .innerJoin("sites as s", "s.id", "d.site_id")
    .select(["d.day", "d.keyword", "s.name as siteName", "s.workspace_id"])
    .where("d.id", "=", dayId)
    .executeTakeFirstOrThrow();
  for (const owner of await workspaceOwners(db, day.workspace_id)) {
    await sendMail(db, {
      to: owner.email,
      tag: "autopilot",
      ...autopilotFailedMail({
        siteName: day.siteName,
        day: day.day,
        keyword: day.keyword,
        reason,
        fix: fixFor(reason),
        link: `${getEnv().appUrl}${dayUrl(dayId)}`,
      }),
    });
  }
}

/**
 * Mails the workspace's owners once per day row (held, failed or stopped by the plan). Before the day's slot the
 * mail says what will not happen at that time unless they act; only after it does it say the article was not published.
 */
export async function notifyOwners(db: DB, dayId: string, now: Date) {
  const claimed = await db
    .updateTable("autopilot_days")
    .set({ notified_at: isoNow() })
    .where("id", "=", dayId)
    .where("notified_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const day = await db
    .selectFrom("autopilot_days as d")
    .innerJoin("sites as s", "s.id", "d.site_id")
    .select([
      "d.day",
      "d.keyword",
      "d.state",
      "d.reasons",
      "d.article_id",
      "d.publish_at",
      "s.name as siteName",
      "s.workspace_id",
      "s.timezone",
    ])
    .where("d.id", "=", dayId)
    .executeTakeFirstOrThrow();
  const slot =
    day.publish_at && Date.parse(day.publish_at) > now.getTime() ? zonedParts(new Date(day.publish_at), day.timezone).time : null;
  const owners = await workspaceOwners(db, day.workspace_id);
  // Straight to the day's review (approve, edit or reject), whatever the state: the day's page says what happened.
  const link = `${getEnv().appUrl}${dayUrl(dayId)}`;
  for (const owner of owners) {
    await sendMail(db, {
      to: owner.email,
      tag: "autopilot",
      ...autopilotNoticeMail({
        siteName: day.siteName,
        day: day.day,
        keyword: day.keyword,
        reasons: JSON.parse(day.reasons) as string[],
        link,
        slot,
      }),
    });
  }
  logger.info({ dayId, state: day.state }, "auto-pilot owners notified");
}
