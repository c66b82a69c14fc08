import type { DB } from "#app/db/client.server";
import { ConnectError, connectPlatform } from "../../connect.server";
import { completeWixInstall, workspaceOwnerEmail, WixInstallError } from "./install.server";
import { WIX_INSTALLED_PATH } from "./installed-page";

/**
 * What the Wix callback route does: finish the install, then connect like any
 * destination (connect() finds or creates the author member, the doctor runs,
 * the connection is stored), and say where the browser goes next: the popup
 * page when the install ran in a popup, the Integrations tab otherwise.
 */

export const WIX_SETTINGS_PATH = "/dashboard/settings?tab=integrations";

export type WixCallbackOutcome =
  | { ok: true; popup: boolean; connectionId: string; needsAttention: boolean; redirectTo: string }
  | { ok: false; popup: boolean; code: string; message: string; redirectTo: string };

function failure(popup: boolean, code: string, message: string): WixCallbackOutcome {
  return {
    ok: false,
    popup,
    code,
    message,
    redirectTo: popup
      ? `${WIX_INSTALLED_PATH}?status=error&code=${encodeURIComponent(code)}`
      : `${WIX_SETTINGS_PATH}&error=wix_${encodeURIComponent(code)}`,
  };
}

export async function finishWixInstall(
  db: DB,
  tenant: { siteId: string; userId: string },
  query: URLSearchParams,
): Promise<WixCallbackOutcome> {
  let install;
  try {
    install = await completeWixInstall(db, query, { expectedSiteId: tenant.siteId });
  } catch (error) {
    if (error instanceof WixInstallError) return failure(error.popup, error.code, error.message);
    throw error;
  }
  // A site without members gets one with the owner's email, so posts have an author (the card says so).
  const ownerEmail = (await workspaceOwnerEmail(db, tenant.siteId)) ?? "";
  try {
    const { connection } = await connectPlatform(db, tenant, "wix", {
      siteUrl: "",
      secret: "",
      options: { ...install.options, ownerEmail },
    });
    return {
      ok: true,
      popup: install.popup,
      connectionId: connection.id,
      needsAttention: connection.status !== "connected",
      redirectTo: install.popup
        ? `${WIX_INSTALLED_PATH}?status=connected`
        : `${WIX_SETTINGS_PATH}&connected=wix#connection-${connection.id}`,
    };
  } catch (error) {
    if (error instanceof ConnectError) return failure(install.popup, "connect", error.message);
    throw error;
  }
}
