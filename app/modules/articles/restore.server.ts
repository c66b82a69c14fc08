import type { DB } from "#app/db/client.server";
import { getArticle, updateArticle, type Article } from "./mutations.server";
import { getRevision, latestRevision, type Revision } from "./revisions.server";

/**
 * Going back to a revision (revisions.server.ts): Restore on the history panel,
 * and 'Undo AI edit'. Both write the article through updateArticle, so the
 * restored text is itself a new revision ('restore') and nothing in between is
 * lost: every earlier revision stays in the history.
 */

type Editor = { siteId: string; userId: string };

function fieldsOf(revision: Revision) {
  return {
    title: revision.title,
    slug: revision.slug,
    contentHtml: revision.content_html,
    metaDescription: revision.meta_description,
    targetKeyword: revision.target_keyword,
    featuredImage: revision.featured_image,
    topicId: revision.topic_id,
  };
}

/** Makes the revision the working copy again (a 'restore' revision); null when the article or revision is not this site's. */
export async function restoreRevision(db: DB, editor: Editor, articleId: string, revisionId: string, now = new Date()) {
  const revision = await getRevision(db, editor.siteId, articleId, revisionId);
  if (!revision) return null;
  // The topic may have been deleted since: keep the article's own then.
  const topic = revision.topic_id
    ? await db.selectFrom("topics").select("id").where("site_id", "=", editor.siteId).where("id", "=", revision.topic_id).executeTakeFirst()
    : null;
  const fields = { ...fieldsOf(revision), topicId: topic ? revision.topic_id : undefined };
  return updateArticle(db, editor.siteId, articleId, fields, { now, revision: { kind: "restore", userId: editor.userId } });
}

/**
 * The editor's Accept of an AI edit: what the editor held just before (typing
 * not autosaved yet) is recorded first, then the accepted text as an
 * 'AI edit accepted' revision, so Undo has the exact text to go back to.
 */
export async function acceptAiEdit(db: DB, editor: Editor, articleId: string, { before, after }: { before: string; after: string }) {
  if (!(await getArticle(db, editor.siteId, articleId))) return null;
  await updateArticle(db, editor.siteId, articleId, { contentHtml: before }, { revision: { kind: "autosave", userId: editor.userId } });
  return updateArticle(db, editor.siteId, articleId, { contentHtml: after }, { revision: { kind: "ai_accept", userId: editor.userId } });
}

export type UndoOutcome = { article: Article; keptRevisionId: string | null } | "nothing-to-undo";

/**
 * 'Undo AI edit': the text as it was before the newest accepted AI edit comes
 * back (a 'restore' revision). Typing done after the Accept (`current`, what
 * the editor holds now) is recorded first as its own revision, so it stays in
 * the history, one Restore away. Null when the article is not this site's.
 */
export async function undoAiEdit(
  db: DB,
  editor: Editor,
  articleId: string,
  current: string | null,
  now = new Date(),
): Promise<UndoOutcome | null> {
  if (!(await getArticle(db, editor.siteId, articleId))) return null;
  const accepted = await db
    .selectFrom("article_revisions")
    .select(["id", "seq"])
    .where("site_id", "=", editor.siteId)
    .where("article_id", "=", articleId)
    .where("kind", "=", "ai_accept")
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  const before = accepted
    ? await db
        .selectFrom("article_revisions")
        .select("id")
        .where("article_id", "=", articleId)
        .where("seq", "<", accepted.seq)
        .orderBy("seq", "desc")
        .limit(1)
        .executeTakeFirst()
    : undefined;
  if (!accepted || !before) return "nothing-to-undo";
  if (current !== null) {
    await updateArticle(
      db,
      editor.siteId,
      articleId,
      { contentHtml: current },
      { now, revision: { kind: "autosave", userId: editor.userId } },
    );
  }
  const latest = await latestRevision(db, articleId);
  // The typing after the Accept, when there was any: the newest revision is then not the Accept itself.
  const keptRevisionId = latest && latest.id !== accepted.id ? latest.id : null;
  const article = await restoreRevision(db, editor, articleId, before.id, now);
  return article ? { article, keptRevisionId } : null;
}
