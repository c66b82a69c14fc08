import { inTransaction, type DB } from "#app/db/client.server";
import type { AutopilotState } from "#app/db/schema";
import { currentRevision, getRevision, latestRevision, revisionHash } from "#app/modules/articles/revisions.server";
import { defaultConnection } from "#app/modules/publishing/connections.server";
import { cancelKeyedJob } from "#app/modules/jobs/queue.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { publishDayNow } from "./autopilot.server";
import { PUBLISH_JOB, publishJobKey, queuePublishAt } from "./slots.server";
import { gateReasonsFor } from "./gate-reasons.server";
import { dayTimeline, moveDay } from "./timeline.server";

/**
 * A named person's decision on an auto-pilot article (
 * docs/decisions/049), open as soon as the article is written: approve it (it
 * is published to the default destination at its publishing time, or now when
 * asked or when that time has passed) or reject it
 * (it stays a draft and the day is skipped). Each decision records who and
 * when, and the revision decided on: what goes out is exactly that revision
 * (the publication names it), so edits made after an approval are not
 * published by auto-pilot until someone approves them (or publishes them by
 * hand). The article page shows the decisions and whether the text changed since.
 */

export type Approval = { userName: string; decision: "approved" | "rejected"; at: string; revisionId: string | null; editedSince: boolean };

export async function approvalsOf(db: DB, siteId: string, articleId: string): Promise<Approval[]> {
  const rows = await db
    .selectFrom("article_approvals")
    .select(["user_name", "decision", "created_at", "revision_id"])
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .orderBy("created_at", "desc")
    .execute();
  const latest = rows.some((r) => r.revision_id) ? await latestRevision(db, articleId) : null;
  const currentHash = latest ? revisionHash(latest) : null;
  const approvals: Approval[] = [];
  for (const r of rows) {
    const decided = r.revision_id && latest && r.revision_id !== latest.id ? await getRevision(db, siteId, articleId, r.revision_id) : null;
    approvals.push({
      userName: r.user_name,
      decision: r.decision,
      at: r.created_at,
      revisionId: r.revision_id,
      editedSince: Boolean(decided && revisionHash(decided) !== currentHash),
    });
  }
  return approvals;
}

/** The day's page: its article, its timeline and, while the article waits, the decision (approve, edit or reject). */
export async function reviewView(db: DB, siteId: string, dayId: string) {
  const day = await db
    .selectFrom("autopilot_days")
    .select(["id", "day", "keyword", "state", "reasons", "article_id", "publish_at"])
    .where("site_id", "=", siteId)
    .where("id", "=", dayId)
    .executeTakeFirst();
  if (!day) return null;
  const article = day.article_id
    ? await db
        .selectFrom("articles")
        .select(["id", "title", "word_count", "seo_score", "source", "meta_description"])
        .where("site_id", "=", siteId)
        .where("id", "=", day.article_id)
        .executeTakeFirst()
    : undefined;
  const live = article
    ? await db
        .selectFrom("publications")
        .select("remote_url")
        .where("article_id", "=", article.id)
        .where("status", "=", "published")
        .where("mode", "=", "live")
        .executeTakeFirst()
    : undefined;
  return {
    id: day.id,
    day: day.day,
    keyword: day.keyword,
    state: day.state,
    reasons: JSON.parse(day.reasons) as string[],
    publishAt: day.publish_at,
    liveUrl: live?.remote_url ?? null,
    article: article
      ? {
          id: article.id,
          title: article.title,
          wordCount: article.word_count,
          seoScore: article.seo_score,
          source: article.source,
          metaDescription: article.meta_description,
        }
      : null,
    approvals: article ? await approvalsOf(db, siteId, article.id) : [],
    timeline: await dayTimeline(db, siteId, day.id),
    // As soon as the article is written: held (with reasons or for review) or waiting as a draft.
    canDecide: Boolean(article) && DECIDABLE.includes(day.state),
    canRetry: Boolean(article) && day.state === "failed" && Boolean(day.publish_at),
  };
}

const DECIDABLE: AutopilotState[] = ["held", "written"];

export class ReviewError extends Error {
  override name = "ReviewError";
}

/** Approving an article that fails the quality gate needs the reviewer's explicit confirmation; `missing` says why. */
export class ConfirmationNeeded extends ReviewError {
  override name = "ConfirmationNeeded";
  constructor(readonly missing: string[]) {
    super(`Approve it anyway? It fails the quality check: ${missing.join(" ")}`);
  }
}

const NOT_WAITING = "This day's article is no longer waiting for a decision.";

/**
 * Approve or reject a waiting article. Approved, it goes out at the day's publishing time (the day's publish job,
 * queued again if it was cancelled), or now when asked or when that time has passed; rejected, it stays a draft and
 * the day is skipped.
 */
export async function decideDay(
  db: DB,
  reviewer: { siteId: string; userId: string; userName: string },
  dayId: string,
  decision: "approved" | "rejected",
  now = new Date(),
  options: { publishNow?: boolean; confirmed?: boolean } = {},
) {
  const view = await reviewView(db, reviewer.siteId, dayId);
  if (!view) return null;
  if (!view.canDecide || !view.article) throw new ReviewError(NOT_WAITING);
  // A stub (a one-sentence draft, a failed check) never goes out on one click (docs/decisions/049).
  if (decision === "approved" && !options.confirmed) {
    const missing = (await gateReasonsFor(db, reviewer.siteId, view.article.id)) ?? [];
    if (missing.length) throw new ConfirmationNeeded(missing);
  }
  const destination = decision === "approved" ? await defaultConnection(db, reviewer.siteId) : null;
  if (decision === "approved" && !destination)
    throw new ReviewError("No destination is connected: connect one or turn the hosted blog back on.");
  const stamp = isoNow(now);
  const slot = view.publishAt && Date.parse(view.publishAt) > now.getTime() && !options.publishNow ? new Date(view.publishAt) : null;
  const claimed = await inTransaction(db, async (trx) => {
    // Claim the day first: of two reviewers deciding at once, one wins and the other is told.
    const moved = await moveDay(trx, dayId, decision === "approved" ? "approved" : "skipped", {
      reasons: decision === "approved" ? [] : [`Rejected by ${reviewer.userName}.`],
      detail: `${decision === "approved" ? "Approved" : "Rejected"} by ${reviewer.userName}`,
      from: DECIDABLE,
      now,
    });
    if (!moved) return false;
    // The decision is on the text as it is now: its newest revision.
    const revision = await currentRevision(trx, reviewer.siteId, view.article!.id);
    await trx
      .insertInto("article_approvals")
      .values({
        id: newId(),
        article_id: view.article!.id,
        site_id: reviewer.siteId,
        user_id: reviewer.userId,
        user_name: reviewer.userName,
        decision,
        created_at: stamp,
        revision_id: revision?.id ?? null,
      })
      .execute();
    if (decision === "approved" && slot) await queuePublishAt(trx, reviewer.siteId, dayId, slot);
    if (decision === "rejected") await cancelKeyedJob(trx, PUBLISH_JOB, publishJobKey(dayId));
    return true;
  });
  if (!claimed) throw new ReviewError(NOT_WAITING);
  if (decision === "rejected") return { decision, destination: null, at: null };
  if (!slot) {
    const day = await db.selectFrom("autopilot_days").selectAll().where("id", "=", dayId).executeTakeFirstOrThrow();
    await publishDayNow(db, day, now, reviewer.userId);
  }
  return { decision, destination: destination!.name, at: slot };
}

/** 'Try again' on a day whose publication failed: handed to the destination again now (an update, never a second post). */
export async function retryDay(db: DB, reviewer: { siteId: string; userId: string; userName: string }, dayId: string, now = new Date()) {
  const view = await reviewView(db, reviewer.siteId, dayId);
  if (!view) return null;
  if (!view.canRetry) throw new ReviewError("This day's publication has not failed.");
  const approved = view.approvals.some((a) => a.decision === "approved");
  const moved = await moveDay(db, dayId, approved ? "approved" : "ready", {
    from: ["failed"],
    detail: `Tried again by ${reviewer.userName}`,
    now,
  });
  if (!moved) throw new ReviewError("This day's publication has not failed.");
  const day = await db.selectFrom("autopilot_days").selectAll().where("id", "=", dayId).executeTakeFirstOrThrow();
  await db.updateTable("autopilot_days").set({ failure_mailed_at: null }).where("id", "=", dayId).execute();
  return publishDayNow(db, day, now, reviewer.userId);
}
