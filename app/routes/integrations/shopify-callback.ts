import { requirePrimary } from "#app/db/replica.server";
import { getDb } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { ConnectError, connectPlatform } from "#app/modules/publishing/connect.server";
import { completeShopifyInstall, ShopifyOAuthError } from "#app/modules/publishing/platforms/shopify/oauth.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/shopify-callback";

/**
 * Shopify's redirect after the merchant approved Inkpilot: the query's HMAC,
 * shop, timestamp and single-use state are checked, the code is exchanged for
 * an expiring offline token, and the store is connected to the site that
 * started it, with the connection doctor's report.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

const back = "/dashboard/settings?tab=integrations";

export async function loader({ context, url }: Route.LoaderArgs) {
  // Its code can be exchanged once: on a read replica nothing runs here before the primary takes it.
  requirePrimary("the Shopify install callback");
  const auth = context.get(authContext);
  const db = getDb();
  try {
    const install = await completeShopifyInstall(db, url.searchParams, { expectedSiteId: auth.site.id });
    const { connection } = await connectPlatform(db, { siteId: auth.site.id, userId: auth.user.id }, "shopify", {
      siteUrl: `https://${install.shop}`,
      secret: "",
      options: { ...install.options, ...install.credentials },
    });
    return redirectWithToast(
      `${back}&connected=shopify#connection-${connection.id}`,
      connection.status === "connected"
        ? { title: "Connection successful", description: `${install.shop} is connected.` }
        : { type: "error", title: "Connected, with problems to fix", description: "See the Shopify card for the fix." },
    );
  } catch (error) {
    if (error instanceof ShopifyOAuthError || error instanceof ConnectError) {
      return redirectWithToast(back, { type: "error", title: "OAuth Error", description: error.message });
    }
    throw error;
  }
}
