import { data, redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { WIX_SETTINGS_PATH } from "#app/modules/publishing/platforms/wix/callback.server";
import { startWixInstall, WixInstallError } from "#app/modules/publishing/platforms/wix/install.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/wix-start";

/**
 * GET: starts connecting Wix. The settings card's popup asks with
 * `Accept: application/json` and opens `installerUrl` itself (980x760);
 * without JavaScript the browser is sent to Wix's installer directly.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  if (!canManageConnections(auth.role)) {
    const error = "Only workspace owners and admins can change integrations.";
    if (wantsJson) return data({ error }, { status: 403 });
    return redirectWithToast(WIX_SETTINGS_PATH, { title: "Not allowed", description: error, type: "error" });
  }
  try {
    const { url } = await startWixInstall(getDb(), {
      siteId: auth.site.id,
      userId: auth.user.id,
      appUrl: getEnv().appUrl,
      popup: wantsJson,
    });
    if (wantsJson) return data({ installerUrl: url }, { headers: { "Cache-Control": "no-store" } });
    return redirect(url);
  } catch (error) {
    if (!(error instanceof WixInstallError)) throw error;
    if (wantsJson) return data({ error: error.message }, { status: 503 });
    return redirectWithToast(WIX_SETTINGS_PATH, { title: "Connection failed", description: error.message, type: "error" });
  }
}
