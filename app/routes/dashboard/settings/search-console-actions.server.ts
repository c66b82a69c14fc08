import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import type { AuthState } from "#app/modules/auth/guards.server";
import {
  chooseProperty,
  disconnectSearchConsole,
  SearchConsoleConnectError,
  startSearchConsoleConnect,
} from "#app/modules/search-console/connection.server";
import { propertyLabel } from "#app/modules/search-console/property-match";
import { can, permissionRefusal } from "#app/modules/auth/permissions";
import { replyNotice } from "#app/utils/forms.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The Search Console card's intents on the Integrations tab: connect (to Google's consent), pick the property,
 * disconnect. Owners and admins only; editors read the card.
 */

export const SEARCH_CONSOLE_INTENTS = new Set(["search-console-connect", "search-console-property", "search-console-disconnect"]);

export async function searchConsoleAction(formData: FormData, auth: AuthState, ip: string | null, tabUrl: string) {
  const intent = String(formData.get("intent"));
  if (!can(auth.role, "connections.manage")) {
    return replyNotice(intent, { title: "Not allowed", description: permissionRefusal("connections.manage") }, { status: 403 });
  }
  const db = getDb();
  const actor = { userId: auth.user.id, ip };
  try {
    switch (intent) {
      case "search-console-connect":
        return redirect(
          await startSearchConsoleConnect(db, {
            siteId: auth.site.id,
            userId: auth.user.id,
            sitemap: formData.get("sitemap") === "on",
            chooseAccount: formData.get("chooseAccount") === "1",
          }),
        );
      case "search-console-property": {
        const property = String(formData.get("property") ?? "");
        await chooseProperty(db, auth.site.id, property, actor);
        return redirectWithToast(`${tabUrl}#search-console`, {
          title: "Search Console property saved",
          description: `Results come from ${propertyLabel(property)}.`,
        });
      }
      default: {
        const outcome = await disconnectSearchConsole(db, auth.site.id, actor);
        const words = !outcome
          ? "It was not connected."
          : outcome.revoked === "failed"
            ? `Inkpilot forgot the access and deleted the search figures, but Google did not confirm the revocation (reference ${outcome.correlationId}); you can remove Inkpilot in your Google Account's security settings.`
            : outcome.revoked === "shared"
              ? "Inkpilot deleted this site's search figures; Google access stays for your other sites connected with the same account."
              : "Inkpilot revoked its Google access and deleted this site's search figures.";
        return redirectWithToast(`${tabUrl}#search-console`, { title: "Search Console disconnected", description: words });
      }
    }
  } catch (error) {
    if (!(error instanceof SearchConsoleConnectError)) throw error;
    return replyNotice(intent, { title: "Search Console", description: error.message }, { status: error.status });
  }
}
