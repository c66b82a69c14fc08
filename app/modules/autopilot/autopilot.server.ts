import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import type { Database } from "#app/db/schema";
import { isQuotaError } from "#app/modules/articles/quota.server";
import { startGeneration } from "#app/modules/generation/service.server";
import { enqueue, PermanentJobError, RetryLaterError } from "#app/modules/jobs/queue.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { attachArticleToPlanItem, markPlanItemPublished, markPlanItemWritten } from "#app/modules/plan/items.server";
import { replanServedDay } from "#app/modules/plan/edits.server";
import { defaultConnection } from "#app/modules/publishing/connections.server";
import { requestPublication } from "#app/modules/publishing/publish.server";
import { newId } from "#app/utils/crypto.server";
import { logger } from "#app/utils/logger.server";
import { HOUR, isoNow, MINUTE, safeTimeZone, zonedParts } from "#app/utils/time";
import { substanceFindings } from "#app/modules/articles/substance.server";
import { writerFindings } from "#app/modules/generation/writer-verdict.server";
import { qualityGate } from "./gate";
import { daySlot, PUBLISH_JOB, publishJobOptions, READY_JOB } from "./slots.server";
import { announceAutopilotChange, moveDay } from "./timeline.server";
import { mailFailure, notifyOwners } from "./owner-mails.server";
import type { Selectable } from "kysely";

/**
 * Auto-pilot (docs/decisions/049). With automatic
 * generation on, each site's day gets one row in autopilot_days once its
 * local time passes the generation time: the minute tick and POST
 * /resources/cron only insert that row (unique per site and day) and enqueue
 * its write job, so two ticks, two cron calls, two processes or a catch-up
 * after downtime act once. The write job starts the day's planned keyword
 * through the generation pipeline (the quota applies) in the same transaction
 * that records it; the publish job, at the publishing time, checks the
 * article against the quality gate and publishes it to the default
 * destination when automatic publishing is on, or holds it with the reasons
 * and mails the owners.
 */

const WRITE_JOB = "autopilot-write";
/** How long past its time the publish step waits for an article still being written before holding it. */
const NOT_READY_AFTER = 2 * HOUR;

/**
 * The minute tick: follows the days handed to their destination (settleScheduledDays), then inserts today's row for
 * every site whose generation time has passed in its zone; returns how many rows were made.
 */
export async function enqueueDueAutopilot(db: DB, now = new Date()) {
  await settleScheduledDays(db, now);
  await enqueueReadyChecks(db);
  const sites = await db
    .selectFrom("content_settings as c")
    .innerJoin("sites as s", "s.id", "c.site_id")
    .select(["s.id", "s.timezone", "c.auto_gen_time"])
    .where("c.auto_generation", "=", 1)
    .execute();
  const due = sites
    .map((site) => ({ site, local: zonedParts(now, safeTimeZone(site.timezone)) }))
    .filter(({ site, local }) => local.time >= site.auto_gen_time);
  if (!due.length) return 0;
  const earliest = due.reduce((min, d) => (d.local.date < min ? d.local.date : min), due[0]!.local.date);
  const existing = new Set(
    (await db.selectFrom("autopilot_days").select(["site_id", "day"]).where("day", ">=", earliest).execute()).map(
      (r) => `${r.site_id}|${r.day}`,
    ),
  );
  let made = 0;
  for (const { site, local } of due) {
    if (existing.has(`${site.id}|${local.date}`)) continue;
    const stamp = isoNow(now);
    const id = newId();
    const inserted = await inTransaction(db, async (trx) => {
      const row = await trx
        .insertInto("autopilot_days")
        .values({
          id,
          site_id: site.id,
          day: local.date,
          publish_at: null,
          plan_item_id: null,
          article_id: null,
          generation_id: null,
          notified_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.columns(["site_id", "day"]).doNothing())
        .executeTakeFirst();
      if (Number(row.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx.insertInto("autopilot_day_events").values({ day_id: id, site_id: site.id, state: "writing", at: stamp }).execute();
      await enqueue(
        trx,
        WRITE_JOB,
        { dayId: id },
        {
          idempotencyKey: `autopilot-write:${site.id}:${local.date}`,
          maxAttempts: 5,
          groupKey: `autopilot:${site.id}`,
          groupLimit: 1,
          tenant: { siteId: site.id },
        },
      );
      return true;
    });
    if (inserted) {
      made += 1;
      announceAutopilotChange(site.id);
    }
  }
  return made;
}

/** The day's planned keyword: the content plan's item for that date, if it is still to be written. */
async function plannedKeyword(db: DB, siteId: string, day: string) {
  return db
    .selectFrom("plan_items")
    .select(["id", "keyword", "article_id", "kept_conflict_id"])
    .where("site_id", "=", siteId)
    .where("date", "=", day)
    .where("status", "=", "planned")
    .where("keyword", "!=", "")
    .executeTakeFirst();
}

/**
 * The day's planned item, after the check that no article of the site already serves its keyword: one that does
 * gives the day the next candidate first (replanServedDay, docs/decisions/070), so auto-pilot never writes a search
 * twice. A plan with no candidate left keeps the day's keyword.
 */
async function servedOrPlanned(db: DB, site: { id: string; workspace_id: string; timezone: string }, day: string, now: Date) {
  const item = await plannedKeyword(db, site.id, day);
  const owner = item ? await firstOwner(db, site.workspace_id) : null;
  if (!item || !owner) return item;
  try {
    const tenant = { workspaceId: site.workspace_id, siteId: site.id, userId: owner };
    const replanned = await replanServedDay(db, { id: site.id, timeZone: site.timezone }, tenant, item, { now });
    return replanned ? plannedKeyword(db, site.id, day) : item;
  } catch (error) {
    logger.warn({ err: error, siteId: site.id, day }, "auto-pilot could not replan a served keyword; the day keeps it");
    return item;
  }
}

async function firstOwner(db: DB, workspaceId: string) {
  const row = await db
    .selectFrom("memberships")
    .select("user_id")
    .where("workspace_id", "=", workspaceId)
    .where("role", "=", "owner")
    .orderBy("created_at")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** The write step: the day's keyword through the generation pipeline, recorded with the generation in one transaction. */
export async function runAutopilotWrite(db: DB, dayId: string, now = new Date()) {
  const day = await db.selectFrom("autopilot_days").selectAll().where("id", "=", dayId).executeTakeFirst();
  if (!day || day.state !== "writing" || day.generation_id) return;
  const site = await db
    .selectFrom("sites")
    .select(["id", "workspace_id", "timezone"])
    .where("id", "=", day.site_id)
    .executeTakeFirstOrThrow();
  const item = await servedOrPlanned(db, site, day.day, now);
  if (!item) {
    await moveDay(db, dayId, "skipped", { reasons: ["Nothing was planned for this day: add a keyword to the content plan."], now });
    return;
  }
  const slot = await daySlot(db, site.id, day.day, now);
  try {
    await inTransaction(db, async (trx) => {
      const started = await startGeneration(trx, {
        workspaceId: site.workspace_id,
        siteId: site.id,
        userId: await firstOwner(trx, site.workspace_id),
        keyword: item.keyword,
      });
      await trx
        .updateTable("autopilot_days")
        .set({
          keyword: item.keyword,
          plan_item_id: item.id,
          article_id: started.articleId,
          generation_id: started.generationId,
          publish_at: slot.toISOString(),
          updated_at: isoNow(now),
        })
        .where("id", "=", dayId)
        .execute();
      await attachArticleToPlanItem(trx, item.id, started.articleId);
      await enqueue(trx, PUBLISH_JOB, { dayId }, publishJobOptions(dayId, site.id, slot, { workspaceId: site.workspace_id }));
    });
    announceAutopilotChange(site.id);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    // The plan's limit stops auto-pilot for the day, with the plan's own words.
    await moveDay(db, dayId, "held", {
      reasons: [`${error.title}: ${error.message}`],
      extra: { keyword: item.keyword, plan_item_id: item.id, publish_at: slot.toISOString() },
      now,
    });
    await notifyOwners(db, dayId, now);
  }
}

/**
 * A ready step for each day whose article the writer has finished (or given up on) while the day still reads
 * Writing: for one generation right after it settles (app/worker/hooks.server.ts), and for all from the tick in
 * case that was missed, so the day is Ready or Held seconds after its article exists. Days still being written
 * cost nothing until then (no job polls them).
 */
export async function enqueueReadyChecks(db: DB, generationId?: string) {
  let query = db
    .selectFrom("autopilot_days as d")
    .innerJoin("generations as g", "g.id", "d.generation_id")
    .select(["d.id", "d.site_id"])
    .where("d.state", "=", "writing")
    .where("g.status", "!=", "running");
  // A generation just settled (app/worker/hooks.server.ts): its day is checked now, not at the next tick.
  if (generationId) query = query.where("g.id", "=", generationId);
  const done = await query.execute();
  for (const day of done)
    await enqueue(
      db,
      READY_JOB,
      { dayId: day.id },
      { idempotencyKey: `${READY_JOB}:${day.id}`, maxAttempts: 5, tenant: { siteId: day.site_id } },
    );
  return done.length;
}

/**
 * The ready step, right after the write step: once the article is written it is checked at once, and the day
 * becomes Ready (goes out at its time), Held (with the reasons; the owners are mailed now) or Written (waits as a
 * draft). The tick enqueues it once the writer is done.
 */
export async function runAutopilotReady(db: DB, dayId: string, now = new Date()) {
  const day = await db.selectFrom("autopilot_days").selectAll().where("id", "=", dayId).executeTakeFirst();
  if (!day || day.state !== "writing" || !day.generation_id || !day.article_id) return;
  const generation = await db.selectFrom("generations").select("status").where("id", "=", day.generation_id).executeTakeFirst();
  if (generation?.status === "running") {
    if (day.publish_at && now.getTime() - Date.parse(day.publish_at) > NOT_READY_AFTER) {
      await moveDay(db, dayId, "held", { reasons: ["The article was still being written two hours after its publishing time."], now });
      await notifyOwners(db, dayId, now);
      return;
    }
    // Still being written: the tick asks again once the writer is done (enqueueReadyChecks).
    return;
  }
  await evaluateDay(db, day, generation?.status, now);
}

/** The publish step, at the day's time: a ready or approved article goes to the default destination. */
export async function runAutopilotPublish(db: DB, dayId: string, now = new Date()) {
  let day = await db.selectFrom("autopilot_days").selectAll().where("id", "=", dayId).executeTakeFirst();
  if (!day) return;
  if (day.state === "writing") {
    if (!day.generation_id || !day.article_id) return;
    // Not checked yet (the ready step has not run): check it now.
    const generation = await db.selectFrom("generations").select("status").where("id", "=", day.generation_id).executeTakeFirst();
    if (generation?.status === "running") {
      if (day.publish_at && now.getTime() - Date.parse(day.publish_at) > NOT_READY_AFTER) {
        await moveDay(db, dayId, "held", { reasons: ["The article was still being written two hours after its publishing time."], now });
        await notifyOwners(db, dayId, now);
        return;
      }
      throw new RetryLaterError("The day's article is still being written", MINUTE);
    }
    await evaluateDay(db, day, generation?.status, now);
    day = await db.selectFrom("autopilot_days").selectAll().where("id", "=", dayId).executeTakeFirstOrThrow();
  }
  if (day.state !== "ready" && day.state !== "approved") return;
  await publishDayNow(db, day, now);
}

type DayRow = Selectable<Database["autopilot_days"]>;

/** Hands a ready or approved day's article to the default destination now; the day becomes Scheduled. */
export async function publishDayNow(db: DB, day: DayRow, now = new Date(), by: string | null = null) {
  const destination = await defaultConnection(db, day.site_id);
  if (!destination) {
    await moveDay(db, day.id, "held", { reasons: [NO_DESTINATION], from: ["ready", "approved"], now });
    await notifyOwners(db, day.id, now);
    return false;
  }
  // What a person approved is what goes out: the revision they decided on.
  const approval =
    day.state === "approved" && day.article_id
      ? await db
          .selectFrom("article_approvals")
          .select(["revision_id", "user_id"])
          .where("article_id", "=", day.article_id)
          .where("decision", "=", "approved")
          .orderBy("created_at", "desc")
          .executeTakeFirst()
      : undefined;
  const moved = await inTransaction(db, async (trx) => {
    // Claim the day first: a second worker or a second click finds it scheduled already.
    const claimed = await moveDay(trx, day.id, "scheduled", { from: [day.state], detail: `To ${destination.name}`, now });
    if (!claimed) return false;
    await requestPublication(
      trx,
      { siteId: day.site_id, userId: by ?? approval?.user_id ?? null },
      {
        articleId: day.article_id!,
        connectionId: destination.id,
        mode: "live",
        scheduleAt: null,
        ...(approval?.revision_id ? { revisionId: approval.revision_id } : {}),
      },
      now,
    );
    return true;
  });
  if (moved) await markPlanItemPublished(db, day.plan_item_id ?? "");
  return moved;
}

const NO_DESTINATION = "No destination is connected: connect one or turn the hosted blog back on.";

/** The quality gate on a written article: Ready, Held with the reasons (and the owners mailed), or Written. */
async function evaluateDay(db: DB, day: DayRow, generationStatus: string | undefined, now: Date) {
  if (generationStatus !== "succeeded") {
    await moveDay(db, day.id, "failed", {
      reasons: ["The article could not be written. Try the keyword again from the write screen."],
      from: ["writing"],
      now,
    });
    await notifyOwners(db, day.id, now);
    return;
  }
  await markPlanItemWritten(db, day.plan_item_id ?? "");
  const [article, content] = await Promise.all([
    db
      .selectFrom("articles")
      .select(["id", "title", "target_keyword", "content_html", "word_count", "seo_score", "source", "status"])
      .where("id", "=", day.article_id!)
      .where("site_id", "=", day.site_id)
      .executeTakeFirst(),
    db
      .selectFrom("content_settings")
      .select(["auto_publish", "autopilot_min_score", "article_length", "review_mode", "autopilot_strict_links"])
      .where("site_id", "=", day.site_id)
      .executeTakeFirst(),
  ]);
  if (!article) {
    await moveDay(db, day.id, "failed", { reasons: ["The article was deleted before its publishing time."], from: ["writing"], now });
    return;
  }
  // Without automatic publishing the article waits as a draft for the customer.
  if (!content?.auto_publish) {
    await moveDay(db, day.id, "written", { from: ["writing"], now });
    return;
  }
  const unverified = await db
    .selectFrom("links")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("site_id", "=", day.site_id)
    .where("article_id", "=", article.id)
    .where("kind", "=", "external")
    .where("status", "not in", ["ok", "redirect"])
    .executeTakeFirstOrThrow();
  const flag = day.plan_item_id
    ? await db.selectFrom("plan_items").select(["conflict_kind", "conflict_label"]).where("id", "=", day.plan_item_id).executeTakeFirst()
    : undefined;
  const reasons = qualityGate(
    {
      competesWith: flag?.conflict_kind ? `“${flag.conflict_label}”` : null,
      unverifiedLinks: Number(unverified.n),
      findings: [...(await substanceFindings(db, day.site_id, article)), ...(await writerFindings(db, day.site_id, article))],
      title: article.title,
      contentHtml: article.content_html,
      wordCount: article.word_count,
      seoScore: article.seo_score,
      source: article.source,
    },
    { minScore: content.autopilot_min_score, articleLength: content.article_length, strictLinks: content.autopilot_strict_links === 1 },
  );
  // Review mode: a named person approves every article before it goes out (docs/decisions/049).
  if (content.review_mode) reasons.unshift("Review mode is on: it waits for your approval.");
  if (!(await defaultConnection(db, day.site_id))) reasons.push(NO_DESTINATION);
  if (reasons.length) {
    // The review mail goes out now, when the article is ready, not at the publishing time.
    if (await moveDay(db, day.id, "held", { reasons, from: ["writing"], now })) await notifyOwners(db, day.id, now);
    return;
  }
  await moveDay(db, day.id, "ready", { from: ["writing"], detail: "Passed the quality check", now });
}

/**
 * Follows the days handed to their destination: Published (with the post's address) once the publication is
 * live, Failed (with the destination's reason, the owners mailed once) when it failed. Run by the minute tick.
 */
async function settleScheduledDays(db: DB, now = new Date()) {
  const rows = await db
    .selectFrom("autopilot_days as d")
    .innerJoin("publications as p", "p.article_id", "d.article_id")
    .select(["d.id", "p.status", "p.remote_url", "p.last_error"])
    .where("d.state", "=", "scheduled")
    .where("p.mode", "=", "live")
    .where("p.status", "in", ["published", "failed"])
    .execute();
  for (const row of rows) {
    if (row.status === "published") {
      await moveDay(db, row.id, "published", { from: ["scheduled"], detail: row.remote_url ?? "", now });
      continue;
    }
    const reason = row.last_error ?? "The destination gave no reason.";
    if (await moveDay(db, row.id, "failed", { from: ["scheduled"], reasons: [reason], now })) await mailFailure(db, row.id, reason);
  }
  return rows.length;
}

const DayPayload = z.object({ dayId: z.string().min(1) });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    [WRITE_JOB]: z.input<typeof DayPayload>;
    [PUBLISH_JOB]: z.input<typeof DayPayload>;
    [READY_JOB]: z.input<typeof DayPayload>;
  }
}

export const autopilotWriteJob: JobDefinition<typeof DayPayload> = {
  payload: DayPayload,
  run: ({ dayId }, { db }) => runAutopilotWrite(db, dayId),
};

export const autopilotReadyJob: JobDefinition<typeof DayPayload> = {
  payload: DayPayload,
  run: ({ dayId }, { db }) => runAutopilotReady(db, dayId),
};

export const autopilotPublishJob: JobDefinition<typeof DayPayload> = {
  payload: DayPayload,
  async run({ dayId }, { db }) {
    try {
      await runAutopilotPublish(db, dayId);
    } catch (error) {
      if (error instanceof RetryLaterError) throw error;
      // The publication itself retries on its own job; this step records what it could not do.
      logger.error({ err: error, dayId }, "auto-pilot publish step failed");
      throw new PermanentJobError(error instanceof Error ? error.message : String(error));
    }
  },
};
