import { z } from "zod";
import type { DB } from "#app/db/client.server";
import { editUrl } from "#app/modules/articles/urls";
import type { AuthState } from "#app/modules/auth/guards.server";
import { requestLiveCheck } from "#app/modules/publishing/live-check.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { parseSubmission } from "#app/utils/forms.server";

/**
 * The write screen's 'Check again' (intent "live-check"): queues a new check of
 * one of this site's publications and returns to the article, where the panel
 * shows "Checking…" until the job recorded its result. A publication of another
 * site is "not found", like an unknown id.
 */

export const LIVE_CHECK_INTENT = "live-check";

const LIVE_CHECK_MESSAGES = {
  queued: "Checking the live post…",
  queuedDetail: "The result appears here in a few seconds; reload the page to see it.",
  tooSoon: "A check was just requested",
  notFound: "That publication does not exist on this site.",
} as const;

const LiveCheckSchema = z.object({ publicationId: z.string().trim().min(1).max(100) });

export async function liveCheckAction(db: DB, auth: AuthState, formData: FormData, now = new Date()) {
  const { submission } = await parseSubmission(formData, LiveCheckSchema);
  if (submission.status !== "success") return notFound(LIVE_CHECK_MESSAGES.notFound);
  const { publicationId } = submission.value;
  const outcome = await requestLiveCheck(db, auth.site.id, publicationId, now);
  if (!outcome.ok && outcome.reason === "not_found") notFound(LIVE_CHECK_MESSAGES.notFound);
  const back = editUrl(outcome.articleId);
  if (outcome.ok)
    return redirectWithToast(back, { type: "info", title: LIVE_CHECK_MESSAGES.queued, description: LIVE_CHECK_MESSAGES.queuedDetail });
  if (outcome.reason === "too_soon") {
    return redirectWithToast(back, {
      type: "info",
      title: LIVE_CHECK_MESSAGES.tooSoon,
      description: `You can check again in ${outcome.retryAfterSeconds} seconds.`,
    });
  }
  return redirectWithToast(back, { type: "error", title: "Nothing to check yet", description: outcome.message });
}
