import type { DB } from "#app/db/client.server";
import { currentRevision, getRevision, latestRevision, revisionHash } from "#app/modules/articles/revisions.server";
import { defaultConnection } from "#app/modules/publishing/connections.server";
import { requestPublication } from "#app/modules/publishing/publish.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";

/**
 * A named person's decision on an auto-pilot article (
 * docs/decisions/049): approve it (it is published to the default
 * destination, at its publishing time if that is still ahead) or reject it
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

/** The review page's data, or null when the day is not this site's. */
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
  return {
    id: day.id,
    day: day.day,
    keyword: day.keyword,
    state: day.state,
    reasons: JSON.parse(day.reasons) as string[],
    publishAt: day.publish_at,
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
    canDecide: Boolean(article) && (day.state === "held" || day.state === "written"),
  };
}

export class ReviewError extends Error {
  override name = "ReviewError";
}

export async function decideDay(
  db: DB,
  reviewer: { siteId: string; userId: string; userName: string },
  dayId: string,
  decision: "approved" | "rejected",
  now = new Date(),
) {
  const view = await reviewView(db, reviewer.siteId, dayId);
  if (!view) return null;
  if (!view.canDecide || !view.article) throw new ReviewError("This day's article is no longer waiting for a decision.");
  const destination = decision === "approved" ? await defaultConnection(db, reviewer.siteId) : null;
  if (decision === "approved" && !destination)
    throw new ReviewError("No destination is connected: connect one or turn the hosted blog back on.");
  const stamp = isoNow(now);
  // Claim the day first: of two reviewers deciding at once, one wins and the other is told.
  const claimed = await db
    .updateTable("autopilot_days")
    .set({
      state: decision === "approved" ? "publishing" : "skipped",
      reasons: JSON.stringify(decision === "approved" ? [] : [`Rejected by ${reviewer.userName}.`]),
      updated_at: stamp,
    })
    .where("id", "=", dayId)
    .where("state", "in", ["held", "written"])
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new ReviewError("This day's article is no longer waiting for a decision.");
  // The decision is on the text as it is now: its newest revision.
  const revision = await currentRevision(db, reviewer.siteId, view.article.id);
  await db
    .insertInto("article_approvals")
    .values({
      id: newId(),
      article_id: view.article.id,
      site_id: reviewer.siteId,
      user_id: reviewer.userId,
      user_name: reviewer.userName,
      decision,
      created_at: stamp,
      revision_id: revision?.id ?? null,
    })
    .execute();
  if (decision === "rejected") return { decision, destination: null };
  const later = view.publishAt && Date.parse(view.publishAt) > now.getTime() ? new Date(view.publishAt) : null;
  await requestPublication(
    db,
    { siteId: reviewer.siteId, userId: reviewer.userId },
    { articleId: view.article.id, connectionId: destination!.id, mode: "live", scheduleAt: later, revisionId: revision?.id },
    now,
  );
  return { decision, destination: destination!.name, at: later };
}
