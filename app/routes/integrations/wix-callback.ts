import { redirect } from "react-router";
import { requirePrimary } from "#app/db/replica.server";
import { getDb } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { finishWixInstall, WIX_SETTINGS_PATH } from "#app/modules/publishing/platforms/wix/callback.server";
import { WIX_INSTALLED_PATH } from "#app/modules/publishing/platforms/wix/installed-page";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/wix-callback";

/**
 * GET: where Wix sends the browser after installing the Inkpilot app
 * (`code`, `state`, `instanceId`). Finishes the install and connects; a popup
 * lands on /wix-installed (which tells the opener and closes), a full-page
 * install back on the Integrations tab.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader({ context, url }: Route.LoaderArgs) {
  // Its code can be exchanged once: on a read replica nothing runs here before the primary takes it.
  requirePrimary("the Wix install callback");
  const auth = context.get(authContext);
  if (!canManageConnections(auth.role)) return redirect(`${WIX_INSTALLED_PATH}?status=error&code=forbidden`);
  const outcome = await finishWixInstall(getDb(), { siteId: auth.site.id, userId: auth.user.id }, url.searchParams);
  if (outcome.popup) return redirect(outcome.redirectTo);
  if (!outcome.ok) return redirectWithToast(WIX_SETTINGS_PATH, { title: "Connection failed", description: outcome.message, type: "error" });
  return redirectWithToast(
    outcome.redirectTo,
    outcome.needsAttention
      ? { title: "Wix connected with problems", description: "See the Wix card for what to fix.", type: "error" }
      : { title: "Connection successful", description: "Wix is connected." },
  );
}
