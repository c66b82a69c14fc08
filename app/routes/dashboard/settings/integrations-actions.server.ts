import { getDb } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { ConnectFormSchema } from "#app/modules/publishing/connect-form";
import { checkConnection, ConnectError, connectPlatform, disconnectConnection } from "#app/modules/publishing/connect.server";
import { ConnectionNotFoundError, reconnectHosted, setDefaultConnection } from "#app/modules/publishing/connections.server";
import { platformName } from "#app/modules/publishing/platforms";
import { parseSubmission, readFormData, replyError, replyNotice } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { UNKNOWN_ACTION, UNREADABLE_FORM } from "./account-actions.server";
import { DEVELOPER_API_INTENTS, developerApiAction } from "./developer-api-actions.server";
import { EVENT_WEBHOOK_INTENTS, eventWebhooksAction } from "./event-webhooks-actions.server";
import { SEARCH_CONSOLE_INTENTS, searchConsoleAction } from "./search-console-actions.server";

/**
 * The Integrations tab's action: connect (the dialog), check again, make
 * default, disconnect, turn the hosted blog back on. Every intent acts on a
 * connection of the signed-in site only, and only for roles that manage
 * connections (owners and admins; docs/product.md "Teams"). The Developer API
 * and event webhook sections' and the Search Console card's intents go to their own handlers.
 */

const FORBIDDEN = { title: "Not allowed", description: "Only workspace owners and admins can change integrations." };
export async function integrationsTabAction(
  request: Request,
  auth: AuthState,
  tabUrl = "/dashboard/settings?tab=integrations",
  ip: string | null = null,
) {
  const formData = await readFormData(request);
  if (!formData) return replyNotice(null, UNREADABLE_FORM);
  const intent = formData.get("intent");
  if (typeof intent === "string" && DEVELOPER_API_INTENTS.has(intent)) return developerApiAction(formData, auth, ip, tabUrl);
  if (typeof intent === "string" && EVENT_WEBHOOK_INTENTS.has(intent)) return eventWebhooksAction(formData, auth, ip, tabUrl);
  if (typeof intent === "string" && SEARCH_CONSOLE_INTENTS.has(intent)) return searchConsoleAction(formData, auth, ip, tabUrl);
  if (!canManageConnections(auth.role)) return replyNotice(typeof intent === "string" ? intent : null, FORBIDDEN, { status: 403 });
  const db = getDb();
  const connectionId = String(formData.get("connectionId") ?? "");
  try {
    switch (intent) {
      case "connect":
        return await connect(formData, auth, tabUrl);
      case "check": {
        const { checks } = await checkConnection(db, auth.site.id, connectionId);
        const failing = checks.filter((c) => c.state === "fail").length;
        return redirectWithToast(
          tabUrl,
          failing
            ? {
                title: "Connection appears to have issues",
                description: `${failing} check(s) failed. See the card for the fix.`,
                type: "error",
              }
            : { title: "All checks passed" },
        );
      }
      case "default":
        await setDefaultConnection(db, auth.site.id, connectionId);
        return redirectWithToast(tabUrl, { title: "Default destination saved" });
      case "disconnect":
        await disconnectConnection(db, auth.site.id, connectionId);
        return redirectWithToast(tabUrl, { title: "Disconnected" });
      case "hosted-on":
        await reconnectHosted(db, auth.site.id);
        return redirectWithToast(tabUrl, { title: "Hosted blog turned on" });
      default:
        return replyNotice(null, UNKNOWN_ACTION);
    }
  } catch (error) {
    if (error instanceof ConnectionNotFoundError)
      return replyNotice(String(intent), { title: "Connection not found", description: error.message }, { status: 404 });
    throw error;
  }
}

async function connect(formData: FormData, auth: AuthState, tabUrl: string) {
  const { submission } = await parseSubmission(formData, ConnectFormSchema);
  if (submission.status !== "success") return replyError(submission);
  const { platform, siteUrl, secret } = submission.value;
  try {
    const { connection } = await connectPlatform(getDb(), { siteId: auth.site.id, userId: auth.user.id }, platform, {
      siteUrl,
      secret,
      options: {},
    });
    const name = platformName(platform);
    return redirectWithToast(
      `${tabUrl}#connection-${connection.id}`,
      connection.status === "connected"
        ? { title: "Connection successful", description: `${name} is connected.` }
        : {
            title: "Connected, with problems to fix",
            description: `${name} is connected, but some checks failed. See the card for the fix.`,
            type: "error",
          },
    );
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    if (error.field) return replyError(submission, { status: 422, fieldErrors: { [error.field]: [error.message] } });
    return replyError(submission, {
      status: 422,
      notice: { title: "Connection failed", description: `${error.message} (reference ${error.correlationId})` },
    });
  }
}
