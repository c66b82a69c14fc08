import { randomUUID } from "node:crypto";
import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";

/**
 * A plan item's life after the plan screen (docs/decisions/050-content-plan.md): the scheduler puts a topic on a day
 * or takes it off, auto-pilot writes it (planned, then written once its article exists, then published) or the
 * customer skips it. This area owns plan_items (tests/architecture/table-owners.test.ts); the others call these.
 */

/** Puts a topic on a day; it replaces a content-plan item of that day entirely (decision 050): no stale title, evidence or flag. */
export async function putTopicOnDay(
  db: DB,
  { siteId, date, keyword, topicId, now }: { siteId: string; date: string; keyword: string; topicId: string | null; now: Date },
) {
  await db
    .insertInto("plan_items")
    .values({ id: randomUUID(), site_id: siteId, date, keyword, topic_id: topicId, status: "planned", created_at: isoNow(now) })
    .onConflict((oc) =>
      oc.columns(["site_id", "date"]).doUpdateSet({
        keyword,
        topic_id: topicId,
        status: "planned",
        article_id: null,
        title: "",
        intent: "",
        rationale: "",
        origin: "scheduler",
        evidence_kind: "",
        evidence_ref: "",
        volume: null,
        difficulty: null,
        conflict_kind: null,
        conflict_id: null,
        conflict_label: "",
        conflict_score: null,
        kept_conflict_id: null,
        updated_at: isoNow(now),
      }),
    )
    .execute();
}

/** Removes the day's item; its keyword, or null when the day had none. */
export async function removePlanDay(db: DB, siteId: string, date: string) {
  const removed = await db
    .deleteFrom("plan_items")
    .where("site_id", "=", siteId)
    .where("date", "=", date)
    .returning("keyword")
    .executeTakeFirst();
  return removed?.keyword ?? null;
}

/** Skips the day's item while it is still only planned; its keyword, or undefined when nothing planned was there. */
export async function skipPlannedDay(db: DB, siteId: string, date: string) {
  const skipped = await db
    .updateTable("plan_items")
    .set({ status: "skipped" })
    .where("site_id", "=", siteId)
    .where("date", "=", date)
    .where("status", "=", "planned")
    .returning("keyword")
    .executeTakeFirst();
  return skipped?.keyword;
}

/** The article auto-pilot started for the item. */
export async function attachArticleToPlanItem(db: DB, itemId: string, articleId: string) {
  await db.updateTable("plan_items").set({ article_id: articleId }).where("id", "=", itemId).execute();
}

/** Its article was written; an item skipped or changed meanwhile stays as it is. */
export async function markPlanItemWritten(db: DB, itemId: string) {
  await db.updateTable("plan_items").set({ status: "written" }).where("id", "=", itemId).where("status", "=", "planned").execute();
}

/** Its article went out. */
export async function markPlanItemPublished(db: DB, itemId: string) {
  await db.updateTable("plan_items").set({ status: "published" }).where("id", "=", itemId).execute();
}

/** Planned days from `today` (the site's date) that nothing has been written for: what a re-plan would replace. */
export async function countUnstartedPlanDays(db: DB, siteId: string, today: string) {
  const row = await db
    .selectFrom("plan_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("site_id", "=", siteId)
    .where("status", "=", "planned")
    .where("article_id", "is", null)
    .where("date", ">=", today)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
