import { sql } from "kysely";
import { inTransaction, type DB } from "#app/db/client.server";
import { setSiteTimeZone } from "#app/modules/workspaces/sites.server";
import { formatDateTime, isoNow, safeTimeZone } from "#app/utils/time";
import { parseStringList } from "#app/utils/json";
import { auditSettingsChange, type SettingsActor } from "#app/modules/settings/audit.server";
import { DEFAULT_PUBLISH_TIME, type PublishingForm } from "#app/modules/settings/publishing-options";
import { requestPublication } from "./publish.server";
import { defaultConnection, setDefaultConnection, usableConnections } from "./connections.server";
import { nextFreeSlotFromToday, nextFreeSlots } from "./slots.server";

/**
 * A site's publishing schedule (docs/decisions/048): the first
 * day, the main time and extra daily times, in the site's time zone (the one
 * `sites.timezone` every page shows dates in), and the default destination
 * (the connection marked default, the hosted blog unless changed). 'Apply to
 * Existing Drafts' schedules the site's drafts, oldest first, on the next free
 * slots, each as a real scheduled publication to the default destination.
 */

export type PublishingSettings = {
  scheduledDate: string | null;
  scheduledTime: string;
  timeZone: string;
  extraTimes: string[];
  defaultConnectionId: string | null;
};

function timesOf(raw: string | undefined) {
  return parseStringList(raw, (t) => /^\d{2}:\d{2}$/.test(t));
}

export async function getPublishingSettings(db: DB, siteId: string): Promise<PublishingSettings> {
  const [row, site, destination] = await Promise.all([
    db.selectFrom("publishing_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst(),
    db.selectFrom("sites").select("timezone").where("id", "=", siteId).executeTakeFirstOrThrow(),
    defaultConnection(db, siteId),
  ]);
  return {
    scheduledDate: row?.scheduled_date ?? null,
    scheduledTime: row?.scheduled_time ?? DEFAULT_PUBLISH_TIME,
    timeZone: safeTimeZone(site.timezone),
    extraTimes: timesOf(row?.daily_times),
    defaultConnectionId: destination?.id ?? null,
  };
}

/** The publish dialog's 'Schedule for…' default: the site's next free slot from today, in its zone. */
export async function scheduleDefault(db: DB, siteId: string, now = new Date()) {
  return nextFreeSlotFromToday(db, siteId, await getPublishingSettings(db, siteId), now);
}

export class PublishingSettingsError extends Error {
  override name = "PublishingSettingsError";
}

/**
 * Saves the tab. `follow` runs in the same transaction, after the new times, zone and default destination are in
 * place: what depends on them (auto-pilot's pending days) moves with them, and its answer is returned.
 */
export async function savePublishingSettings<T = undefined>(
  db: DB,
  siteId: string,
  input: PublishingForm,
  actor?: SettingsActor,
  follow?: (trx: DB) => Promise<T>,
): Promise<T | undefined> {
  const destinations = await usableConnections(db, siteId);
  if (input.defaultConnectionId && !destinations.some((c) => c.id === input.defaultConnectionId))
    throw new PublishingSettingsError("Choose a destination that is connected to this site.");
  const values = {
    scheduled_date: input.scheduledDate ?? null,
    scheduled_time: input.scheduledTime,
    daily_times: JSON.stringify([...new Set(input.extraTimes)].filter((t) => t !== input.scheduledTime).sort()),
    updated_at: isoNow(),
  };
  const current = destinations.find((c) => c.isDefault);
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom("publishing_settings").selectAll().where("site_id", "=", siteId).executeTakeFirst();
    const site = await trx.selectFrom("sites").select("timezone").where("id", "=", siteId).executeTakeFirstOrThrow();
    await trx
      .insertInto("publishing_settings")
      .values({ site_id: siteId, ...values })
      .onConflict((oc) => oc.column("site_id").doUpdateSet(values))
      .execute();
    await setSiteTimeZone(trx, siteId, input.timeZone);
    if (actor)
      await auditSettingsChange(trx, actor, {
        kind: "publishing",
        siteId,
        before: before && { ...before, timezone: site.timezone },
        after: { ...values, timezone: input.timeZone },
      });
    if (input.defaultConnectionId && current?.id !== input.defaultConnectionId)
      await setDefaultConnection(trx, siteId, input.defaultConnectionId);
    return follow ? follow(trx) : undefined;
  });
}

/**
 * A body that is not empty, asked by its stored size: comparing content_html with '' made SQLite read every
 * draft's whole body (its overflow pages), 13 ms for a site of 10,000 articles on each Publishing tab view;
 * octet_length reads only the row's header (https://sqlite.org/lang_corefunc.html#octet_length; docs/decisions/053).
 */
const HAS_CONTENT = sql<boolean>`octet_length(content_html) > 0`;

/** Drafts worth scheduling: a title and some text, oldest first. */
const MAX_DRAFTS_PER_APPLY = 200;

export type ApplyResult =
  { ok: true; count: number; first: Date | null; destination: string } | { ok: false; reason: "missing" | "no-drafts" | "no-destination" };

export async function applyScheduleToDrafts(db: DB, tenant: { siteId: string; userId: string }, now = new Date()): Promise<ApplyResult> {
  const settings = await getPublishingSettings(db, tenant.siteId);
  if (!settings.scheduledDate || !settings.scheduledTime) return { ok: false, reason: "missing" };
  const drafts = await db
    .selectFrom("articles")
    .select(["id"])
    .where("site_id", "=", tenant.siteId)
    .where("status", "=", "draft")
    .where("title", "!=", "")
    .where(HAS_CONTENT)
    .orderBy("created_at")
    .orderBy("id")
    .limit(MAX_DRAFTS_PER_APPLY)
    .execute();
  if (!drafts.length) return { ok: false, reason: "no-drafts" };
  const destination = await defaultConnection(db, tenant.siteId);
  if (!destination) return { ok: false, reason: "no-destination" };
  const slots = await nextFreeSlots(db, tenant.siteId, settings, drafts.length, now);
  let count = 0;
  for (const [index, draft] of drafts.entries()) {
    const slot = slots[index];
    if (!slot) break;
    await requestPublication(db, tenant, { articleId: draft.id, connectionId: destination.id, mode: "live", scheduleAt: slot }, now);
    count += 1;
  }
  return { ok: true, count, first: slots[0] ?? null, destination: destination.name };
}

export type PublishingView = PublishingSettings & {
  destinations: Array<{ id: string; name: string; platform: string }>;
  /** The next three free slots, as the site's local 'dd MMM yyyy HH:mm', for the tab's preview. */
  nextSlots: string[];
  drafts: number;
};

/** What the Publishing tab shows. */
export async function publishingView(db: DB, siteId: string, now = new Date()): Promise<PublishingView> {
  const settings = await getPublishingSettings(db, siteId);
  const [destinations, slots, drafts] = await Promise.all([
    usableConnections(db, siteId),
    settings.scheduledDate ? nextFreeSlots(db, siteId, settings, 3, now) : Promise.resolve([]),
    db
      .selectFrom("articles")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("site_id", "=", siteId)
      .where("status", "=", "draft")
      .where("title", "!=", "")
      .where(HAS_CONTENT)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ...settings,
    destinations: destinations.map((d) => ({ id: d.id, name: d.name, platform: d.platform })),
    nextSlots: slots.map((slot) => formatDateTime(slot.toISOString(), settings.timeZone)),
    drafts: Number(drafts.n),
  };
}
