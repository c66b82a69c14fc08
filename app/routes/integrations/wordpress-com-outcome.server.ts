import { oauthPopupPage } from "#app/modules/publishing/oauth-popup";
import { redirectWithToast } from "#app/utils/toast.server";

/** How the WordPress.com connect routes answer: the popup page, or a redirect back to the Integrations tab. */

const TAB = "/dashboard/settings?tab=integrations";
/** The query docs/product.md's settings page reacts to with its success notice. */
const CONNECTED_URL = `${TAB}&platform=wordpress&success=1`;

export function connectFailed(popup: boolean, error: string) {
  if (popup) return oauthPopupPage({ type: "wordpress_com_oauth_error", error }, TAB);
  return redirectWithToast(TAB, { type: "error", title: "Connection Failed", description: error });
}

export function connected(popup: boolean) {
  // The same-tab flow lands on the tab with the success toast, the query string already clean.
  return popup
    ? oauthPopupPage({ type: "wordpress_com_connected", success: true }, CONNECTED_URL)
    : redirectWithToast(TAB, { title: "Connection successful", description: "WordPress.com is connected." });
}
