import type { DB } from "#app/db/client.server";
import { getArticle } from "#app/modules/articles/mutations.server";
import { editUrl } from "#app/modules/articles/urls";
import { diffArticleHtmlOffThread } from "#app/modules/generation/edit-diff.server";
import { comparable } from "#app/modules/generation/edit-diff";
import { acceptProposal, discardProposal, getProposal } from "#app/modules/generation/proposals.server";
import { formatDateTime } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The write screen's waiting proposal (app/modules/generation/proposals.server.ts): the banner's facts, the review
 * dialog's diff (?proposal=1) from the working copy to the proposed version, and its Accept and Discard.
 */

export async function loadProposal(db: DB, siteId: string, articleId: string | undefined, url: URL, timeZone: string) {
  const proposal = articleId ? await getProposal(db, siteId, articleId) : null;
  if (!articleId || !proposal) return null;
  const article = url.searchParams.get("proposal") === "1" ? await getArticle(db, siteId, articleId) : null;
  return {
    writtenAt: formatDateTime(proposal.created_at, timeZone),
    writtenBy: proposal.source === "ai" ? "AI" : "the built-in writer",
    seoScore: proposal.seo_score,
    title: proposal.title,
    // The generation the proposal came from: Accept names it, so a newer proposal is never accepted unseen.
    generationId: proposal.generation_id,
    diff: article ? await diffArticleHtmlOffThread(comparable(article), comparable(proposal)) : null,
  };
}

export type ProposalData = NonNullable<Awaited<ReturnType<typeof loadProposal>>>;

type Editor = { siteId: string; userId: string };

export async function proposalAction(db: DB, editor: Editor, articleId: string, intent: "accept" | "discard", generationId: string) {
  const waiting = await getProposal(db, editor.siteId, articleId);
  if (!waiting || waiting.generation_id !== generationId) {
    return redirectWithToast(editUrl(articleId), {
      type: "error",
      title: "That version is no longer waiting",
      description: waiting ? "A newer version replaced it: review that one." : "It was already accepted or discarded.",
    });
  }
  if (intent === "discard") {
    await discardProposal(db, editor, articleId);
    return redirectWithToast(editUrl(articleId), {
      type: "info",
      title: "New version discarded",
      description: "Your working copy is unchanged.",
    });
  }
  await acceptProposal(db, editor, articleId);
  // &restored= gives the editor a fresh start on the accepted text (the write form's key).
  return redirectWithToast(`${editUrl(articleId)}&restored=${encodeURIComponent(generationId)}`, {
    type: "success",
    title: "New version accepted",
    description: "Your text before it stays in the history, one Restore away.",
  });
}
