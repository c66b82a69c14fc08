import { sql, type Selectable } from "kysely";
import type { DB } from "#app/db/client.server";
import type { ArticleRevisionsTable, ArticlesTable, RevisionKind } from "#app/db/schema";
import { newId } from "#app/utils/crypto.server";
import { DAY, isoNow, MINUTE } from "#app/utils/time";
import { contentHash } from "./content-hash.server";

/**
 * An article's revisions: snapshots of its publishable fields (title, slug,
 * body, meta description, keyword, featured image, topic). Every write of an
 * article records one inside its own transaction (mutations.server.ts), so the
 * newest revision is always the working copy. Publications name the revision
 * they sent and approvals the revision they approved; the hosted blog serves
 * the published revision, never the working copy.
 *
 * Autosaves coalesce: an autosave by the same person whose newest revision is
 * their own autosave begun less than AUTOSAVE_WINDOW_MS ago updates that
 * revision instead of adding one. The window counts from the revision's first
 * save, not its last, so continuous typing still leaves one revision per
 * window: an hour of autosaves every 3 s leaves at most 60 / 2 = 30. A save of
 * any kind that changes no publishable field adds nothing; and an article keeps
 * at most MAX_REVISIONS_PER_ARTICLE, the oldest unreferenced pruned first.
 *
 * Pruning (pruneRevisions, run by the maintenance purge): kept are the newest
 * revision of each article, every revision a publication or approval names,
 * every revision of the last KEEP_ALL_DAYS days, every non-autosave revision
 * of the last KEEP_SAVES_DAYS days, and the last revision of each article's
 * day (UTC) whatever its age. Revisions count towards no quota.
 */

export const AUTOSAVE_WINDOW_MS = 2 * MINUTE;
const KEEP_ALL_DAYS = 7;
const KEEP_SAVES_DAYS = 90;

export type Revision = Selectable<ArticleRevisionsTable>;
export type RevisionFields = Pick<
  Selectable<ArticlesTable>,
  "id" | "site_id" | "title" | "slug" | "content_html" | "meta_description" | "target_keyword" | "featured_image" | "topic_id"
>;
/** Who saved and how: the write screen says which kind of save it is (its form's intent). */
export type RevisionSource = { kind: RevisionKind; userId: string | null };

export const REVISION_KIND_LABELS: Record<RevisionKind, string> = {
  autosave: "Autosave",
  save: "Saved",
  ai_accept: "AI edit accepted",
  restore: "Restored",
  publish: "Published",
  generated: "Written by AI",
  api: "Saved through the API",
  proposal_accept: "New AI version accepted",
};

/** The revision's fields as the article row names them: what publishing and the hosted blog read. */
export function revisionAsArticle(revision: Revision): RevisionFields {
  return {
    id: revision.article_id,
    site_id: revision.site_id,
    title: revision.title,
    slug: revision.slug,
    content_html: revision.content_html,
    meta_description: revision.meta_description,
    target_keyword: revision.target_keyword,
    featured_image: revision.featured_image,
    topic_id: revision.topic_id,
  };
}

/** The same fingerprint publications store (content_hash): equal when every publishable field is equal. */
export const revisionHash = (revision: Revision) => contentHash(revisionAsArticle(revision));

async function authorName(db: DB, userId: string | null) {
  if (!userId) return "";
  const user = await db.selectFrom("users").select(["full_name", "email"]).where("id", "=", userId).executeTakeFirst();
  return user ? user.full_name.trim() || user.email : "";
}

export async function latestRevision(db: DB, articleId: string): Promise<Revision | null> {
  const row = await db
    .selectFrom("article_revisions")
    .selectAll()
    .where("article_id", "=", articleId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Records the article's fields as a revision; call inside the transaction that
 * wrote them. Without an explicit source (a status change, the pipeline's
 * partial text) nothing is added when the fields equal the newest revision's.
 * An autosave that changes nothing adds nothing either. Returns the revision
 * that now holds the working copy.
 */
export async function recordRevision(db: DB, article: RevisionFields, source: RevisionSource | null, now = new Date()): Promise<Revision> {
  const latest = await latestRevision(db, article.id);
  // Nothing publishable changed (title, meta, body, keyword, image…): the newest revision already holds it,
  // whatever kind of save this is, so repeated saves cost no copies (docs/decisions/063-revisions-only-for-real-changes.md).
  const kind = source?.kind ?? "save";
  if (latest && revisionHash(latest) === contentHash(article)) {
    // An autosave that already caught this text takes the name of the deliberate act that follows it (Save, an AI
    // Accept, a restore), so the history says what happened and 'Undo AI edit' finds the text before the Accept.
    if (source && kind !== "autosave" && latest.kind === "autosave") {
      return db
        .updateTable("article_revisions")
        .set({ kind, author_id: source.userId, author_name: await authorName(db, source.userId), saved_at: isoNow(now) })
        .where("id", "=", latest.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return latest;
  }
  const stamp = isoNow(now);
  const fields = {
    title: article.title,
    slug: article.slug,
    content_html: article.content_html,
    meta_description: article.meta_description,
    target_keyword: article.target_keyword,
    featured_image: article.featured_image,
    topic_id: article.topic_id,
  };
  const userId = source?.userId ?? null;
  if (
    latest &&
    kind === "autosave" &&
    latest.kind === "autosave" &&
    latest.author_id === userId &&
    now.getTime() - Date.parse(latest.created_at) < AUTOSAVE_WINDOW_MS
  ) {
    return db
      .updateTable("article_revisions")
      .set({ ...fields, saved_at: stamp })
      .where("id", "=", latest.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const inserted = await db
    .insertInto("article_revisions")
    .values({
      id: newId(),
      article_id: article.id,
      site_id: article.site_id,
      kind,
      ...fields,
      author_id: userId,
      author_name: await authorName(db, userId),
      created_at: stamp,
      saved_at: stamp,
      seq: (latest?.seq ?? 0) + 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await capRevisions(db, article.id);
  return inserted;
}

/** At most this many revisions per article; past it the oldest ones nothing points at go first. */
export const MAX_REVISIONS_PER_ARTICLE = 100;

/** Keeps an article within MAX_REVISIONS_PER_ARTICLE, never removing the newest or one a publication or approval names. */
async function capRevisions(db: DB, articleId: string) {
  const { count } = await db
    .selectFrom("article_revisions")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("article_id", "=", articleId)
    .executeTakeFirstOrThrow();
  const excess = Number(count) - MAX_REVISIONS_PER_ARTICLE;
  if (excess <= 0) return;
  await db
    .deleteFrom("article_revisions")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("article_revisions as r")
        .select("r.id")
        .where("r.article_id", "=", articleId)
        .where("r.seq", "<", (e) =>
          e
            .selectFrom("article_revisions as n")
            .select((f) => f.fn.max("n.seq").as("m"))
            .where("n.article_id", "=", articleId),
        )
        .where((e) => e.not(e.exists(e.selectFrom("publications as p").select("p.id").whereRef("p.revision_id", "=", "r.id"))))
        .where((e) => e.not(e.exists(e.selectFrom("article_approvals as a").select("a.id").whereRef("a.revision_id", "=", "r.id"))))
        .orderBy("r.seq", "asc")
        .limit(excess),
    )
    .execute();
}

/**
 * The revision that holds the article's working copy, recorded first when the
 * row was changed without one (a direct status or fixture write); null when
 * the article is not this site's.
 */
export async function currentRevision(db: DB, siteId: string, articleId: string): Promise<Revision | null> {
  const article = await db.selectFrom("articles").selectAll().where("site_id", "=", siteId).where("id", "=", articleId).executeTakeFirst();
  return article ? recordRevision(db, article, null) : null;
}

/** One revision of this site's article, or null. */
export async function getRevision(db: DB, siteId: string, articleId: string, revisionId: string): Promise<Revision | null> {
  const row = await db
    .selectFrom("article_revisions")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  return row ?? null;
}

export type RevisionSummary = { id: string; seq: number; kind: RevisionKind; authorName: string; savedAt: string };

/** The history panel's rows, newest first (no bodies). */
export async function listRevisions(db: DB, siteId: string, articleId: string, limit = 200): Promise<RevisionSummary[]> {
  const rows = await db
    .selectFrom("article_revisions")
    .select(["id", "seq", "kind", "author_name", "saved_at"])
    .where("site_id", "=", siteId)
    .where("article_id", "=", articleId)
    .orderBy("seq", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, seq: r.seq, kind: r.kind, authorName: r.author_name, savedAt: r.saved_at }));
}

/** Each article's current revision id (its newest), for lists and the API. */
export async function currentRevisionIds(db: DB, articleIds: string[]): Promise<Map<string, string>> {
  if (!articleIds.length) return new Map();
  const rows = await db
    .selectFrom("article_revisions as r")
    .select(["r.article_id", "r.id"])
    .where("r.article_id", "in", articleIds)
    .where("r.seq", "=", (eb) =>
      eb
        .selectFrom("article_revisions as n")
        .select((e) => e.fn.max("n.seq").as("m"))
        .whereRef("n.article_id", "=", "r.article_id"),
    )
    .execute();
  return new Map(rows.map((r) => [r.article_id, r.id]));
}

/**
 * Thins old revisions by the policy above; returns how many went. Runs in
 * bounded batches from the maintenance purge.
 */
export async function pruneRevisions(db: DB, now = new Date(), batch = 5000): Promise<number> {
  const keepAllSince = isoNow(new Date(now.getTime() - KEEP_ALL_DAYS * DAY));
  const keepSavesSince = isoNow(new Date(now.getTime() - KEEP_SAVES_DAYS * DAY));
  const result = await db
    .deleteFrom("article_revisions")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("article_revisions as r")
        .select("r.id")
        .where("r.saved_at", "<", keepAllSince)
        // Not the newest of its article: that is the working copy.
        .where("r.seq", "<", (e) =>
          e
            .selectFrom("article_revisions as n")
            .select((f) => f.fn.max("n.seq").as("m"))
            .whereRef("n.article_id", "=", "r.article_id"),
        )
        .where((e) => e.not(e.exists(e.selectFrom("publications as p").select("p.id").whereRef("p.revision_id", "=", "r.id"))))
        .where((e) => e.not(e.exists(e.selectFrom("article_approvals as a").select("a.id").whereRef("a.revision_id", "=", "r.id"))))
        // Older than a week: of each article's day only its last revision stays, and every non-autosave of the last 90 days.
        .where((e) =>
          e.and([
            e.or([e("r.kind", "=", "autosave"), e("r.saved_at", "<", keepSavesSince)]),
            e.exists(
              e
                .selectFrom("article_revisions as later")
                .select("later.id")
                .whereRef("later.article_id", "=", "r.article_id")
                .whereRef("later.seq", ">", "r.seq")
                .where(sql<boolean>`substr(later.saved_at, 1, 10) = substr(r.saved_at, 1, 10)`),
            ),
          ]),
        )
        .limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
