import type { DB } from "#app/db/client.server";
import { editUrl } from "#app/modules/articles/urls";
import type { AuthState } from "#app/modules/auth/guards.server";
import { canPublish } from "#app/modules/publishing/access";
import { getConnection } from "#app/modules/publishing/connections.server";
import { destinationName, shortDateTime } from "#app/modules/publishing/status-words";
import { PublishFormSchema } from "#app/modules/publishing/publish-form";
import { awaitPublication } from "#app/modules/publishing/publications.server";
import { PublishRequestError, requestPublication } from "#app/modules/publishing/publish.server";
import { parseSubmission, readFormData } from "#app/utils/forms.server";
import { zonedToUtc } from "#app/utils/time";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * 'Publish now' / 'Schedule' from the publish dialog (docs/product.md
 * "Publishing"). Publishing runs as a job; this waits a few seconds for it so
 * the usual case answers 'Published!' or the platform's reason at once, and a
 * slow platform says it goes on in the background. Every answer is a redirect
 * back to the article with a toast, so the form works without JavaScript.
 */

/** How long 'Publish now' waits for the job before answering. */
const PUBLISH_WAIT_MS = 12_000;

export const HOSTED_HAS_NO_DRAFTS = "The hosted blog has no drafts: publish it live, or choose another platform for a draft.";

export async function publishFromForm(db: DB, auth: AuthState, articleId: string, request: Request) {
  const back = editUrl(articleId);
  const reopen = editUrl(articleId, { publish: true });
  const formData = await readFormData(request);
  if (!formData) return redirectWithToast(reopen, { type: "error", title: "Publish failed", description: "Please try again." });
  if (!canPublish(auth.role)) {
    return redirectWithToast(back, { type: "error", title: "Publish failed", description: "Your role cannot publish articles." });
  }
  const { submission } = await parseSubmission(formData, PublishFormSchema);
  if (submission.status !== "success") {
    const missingConnection = !!submission.error?.connectionId;
    return redirectWithToast(reopen, {
      type: "error",
      title: missingConnection ? "Select a platform" : "Publish failed",
      description: Object.values(submission.error ?? {})
        .flat()
        .filter(Boolean)
        .join(" "),
    });
  }
  const input = submission.value;
  const timeZone = auth.site.timeZone;
  const scheduleAt = input.when === "schedule" ? zonedToUtc(input.scheduleDate!, input.scheduleTime!, timeZone) : null;
  try {
    const connection = await getConnection(db, auth.site.id, input.connectionId);
    const name = destinationName(connection.platform);
    // Offered only without JavaScript, beside other platforms' drafts: said plainly, and nothing is sent.
    if (connection.platform === "hosted" && input.mode === "draft") {
      return redirectWithToast(reopen, { type: "error", title: "Publish failed", description: HOSTED_HAS_NO_DRAFTS });
    }
    const publication = await requestPublication(
      db,
      { siteId: auth.site.id, userId: auth.user.id },
      { articleId, connectionId: input.connectionId, mode: input.mode, scheduleAt },
    );
    if (scheduleAt) {
      return redirectWithToast(back, {
        title: "Scheduled",
        description: `Publishes to ${name} on ${shortDateTime(scheduleAt.toISOString(), timeZone)} (${timeZone}).`,
      });
    }
    const settled = await awaitPublication(db, publication.id, publication.correlation_id, PUBLISH_WAIT_MS);
    if (settled?.status === "published") {
      const where = input.mode === "draft" && connection.platform !== "hosted" ? `as a draft in ${name}` : `to ${name}`;
      return redirectWithToast(back, { title: "Published!", description: `Sent ${where}.` });
    }
    if (settled?.status === "failed") {
      return redirectWithToast(back, {
        type: "error",
        title: "Publish failed",
        description: `${settled.last_error ?? "Please try again."} (reference ${settled.correlation_id})`,
      });
    }
    return redirectWithToast(back, {
      type: "info",
      title: "Publishing…",
      description: `${name} is taking a while; publishing goes on in the background and this page shows the result.`,
    });
  } catch (error) {
    if (error instanceof PublishRequestError)
      return redirectWithToast(reopen, { type: "error", title: "Publish failed", description: error.message });
    if (error instanceof Error && error.name === "ConnectionNotFoundError") {
      return redirectWithToast(reopen, {
        type: "error",
        title: "Select a platform",
        description: "Choose a connected platform to publish.",
      });
    }
    throw error;
  }
}
