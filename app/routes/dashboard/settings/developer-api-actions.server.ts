import { data } from "react-router";
import { getDb } from "#app/db/client.server";
import { ApiKeyFormSchema, ApiKeyRevokeSchema } from "#app/modules/api/key-form";
import { ApiKeySiteError, createApiKey, revokeApiKey } from "#app/modules/api/keys.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import type { FormReply } from "#app/utils/form-reply";
import { parseSubmission, replyError, replyNotice } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The Integrations tab's Developer API intents (decision 045): generate a key
 * (answered on the same page, the only time the whole key is shown; never in a
 * cookie or a redirect) and revoke one. Owners and admins only.
 */

type CreatedApiKey = { name: string; key: string; prefix: string };
export type ApiKeyReply = FormReply & { createdKey?: CreatedApiKey };

export const DEVELOPER_API_INTENTS = new Set(["api-key-create", "api-key-revoke"]);

export async function developerApiAction(formData: FormData, auth: AuthState, ip: string | null, tabUrl: string) {
  requirePermission(auth, "api_keys.manage");
  const actor = { workspaceId: auth.workspace.id, userId: auth.user.id, ip };
  if (formData.get("intent") === "api-key-revoke") {
    const { submission } = await parseSubmission(formData, ApiKeyRevokeSchema);
    const revoked = submission.status === "success" && (await revokeApiKey(getDb(), actor, submission.value.keyId));
    if (!revoked)
      return replyNotice(
        "api-key-revoke",
        { title: "API key not found", description: "It may have been revoked already." },
        { status: 404 },
      );
    return redirectWithToast(`${tabUrl}#card-developer-api`, {
      title: "API key revoked",
      description: "Requests with it are refused from now on.",
    });
  }
  const { submission } = await parseSubmission(formData, ApiKeyFormSchema);
  if (submission.status !== "success") return replyError(submission);
  const { name, siteId } = submission.value;
  try {
    const created = await createApiKey(getDb(), actor, { name, siteId: siteId || null });
    const reply: ApiKeyReply = {
      intent: "api-key-create",
      result: submission.reply({ resetForm: true }),
      notice: null,
      createdKey: { name, key: created.key, prefix: created.prefix },
    };
    return data(reply, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (!(error instanceof ApiKeySiteError)) throw error;
    return replyError(submission, { fieldErrors: { siteId: [error.message] } });
  }
}
