import { data } from "react-router";
import { getDb } from "#app/db/client.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { WebhookFormSchema, WebhookIdSchema } from "#app/modules/webhooks/events";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resumeWebhookEndpoint,
  sendTestEvent,
  TEST_EVENT_LIMITED,
  WebhookLimitError,
  WebhookUrlError,
} from "#app/modules/webhooks/webhooks.server";
import type { FormReply } from "#app/utils/form-reply";
import { parseSubmission, replyError, replyNotice } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The Integrations tab's event webhook intents (decision 047): add an endpoint
 * (its signing secret answered on the same page, the one time it is shown),
 * send a test (a few a minute), resume a paused one, delete. Owners and admins only.
 */

type CreatedWebhook = { secret: string };
export type WebhookReply = FormReply & { createdWebhook?: CreatedWebhook };

export const EVENT_WEBHOOK_INTENTS = new Set(["webhook-create", "webhook-test", "webhook-resume", "webhook-delete"]);
const NOT_FOUND = { title: "Webhook not found", description: "It may have been deleted already." };

export async function eventWebhooksAction(formData: FormData, auth: AuthState, ip: string | null, tabUrl: string) {
  requirePermission(auth, "webhooks.manage");
  const actor = { workspaceId: auth.workspace.id, userId: auth.user.id, ip };
  const intent = String(formData.get("intent"));
  const back = `${tabUrl}#card-event-webhooks`;
  if (intent === "webhook-test" || intent === "webhook-resume" || intent === "webhook-delete") {
    const { submission } = await parseSubmission(formData, WebhookIdSchema);
    if (submission.status !== "success") return replyNotice(intent, NOT_FOUND, { status: 404 });
    const { endpointId } = submission.value;
    if (intent === "webhook-test") {
      const sent = await sendTestEvent(getDb(), auth.workspace.id, endpointId);
      if (sent === "not_found") return replyNotice(intent, NOT_FOUND, { status: 404 });
      if (sent === "limited") return replyNotice(intent, TEST_EVENT_LIMITED, { status: 429 });
      return redirectWithToast(back, { title: "Test event sent", description: "Its outcome shows in the delivery log in a moment." });
    }
    if (intent === "webhook-resume") {
      if (!(await resumeWebhookEndpoint(getDb(), actor, endpointId))) return replyNotice(intent, NOT_FOUND, { status: 404 });
      return redirectWithToast(back, {
        title: "Webhook resumed",
        description: "New events are sent to it again. Send a test to check it.",
      });
    }
    if (!(await deleteWebhookEndpoint(getDb(), actor, endpointId))) return replyNotice(intent, NOT_FOUND, { status: 404 });
    return redirectWithToast(back, { title: "Webhook deleted" });
  }
  const { submission } = await parseSubmission(formData, WebhookFormSchema);
  if (submission.status !== "success") return replyError(submission);
  try {
    const { secret } = await createWebhookEndpoint(getDb(), actor, submission.value);
    const reply: WebhookReply = {
      intent: "webhook-create",
      result: submission.reply({ resetForm: true }),
      notice: null,
      createdWebhook: { secret },
    };
    return data(reply, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof WebhookLimitError) {
      return replyError(submission, { status: 409, notice: { title: "Webhook limit reached", description: error.message } });
    }
    if (!(error instanceof WebhookUrlError)) throw error;
    return replyError(submission, { fieldErrors: { url: [error.message] } });
  }
}
