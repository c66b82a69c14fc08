import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { ShopifyOAuthError, startShopifyInstall } from "#app/modules/publishing/shopify/oauth.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/shopify-start";

/**
 * Starts connecting a Shopify store (GET from a link with ?shop=, or POST from
 * the connect dialog): a state bound to this site and user, then Shopify's
 * authorize page. Failures go back to the Integrations tab with the reason.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

const back = "/dashboard/settings?tab=integrations";

async function start(context: Route.LoaderArgs["context"], shop: string) {
  const auth = context.get(authContext);
  if (!canManageConnections(auth.role)) {
    return redirectWithToast(back, {
      type: "error",
      title: "Shopify start failed",
      description: "Only workspace owners and admins can connect a store.",
    });
  }
  try {
    const { url } = await startShopifyInstall(getDb(), { siteId: auth.site.id, userId: auth.user.id, shop, appUrl: getEnv().appUrl });
    return redirect(url);
  } catch (error) {
    if (!(error instanceof ShopifyOAuthError)) throw error;
    return redirectWithToast(`${back}&connect=shopify`, { type: "error", title: "Shopify start failed", description: error.message });
  }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  return start(context, url.searchParams.get("shop") ?? "");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  return start(context, String(form?.get("shop") ?? ""));
}
