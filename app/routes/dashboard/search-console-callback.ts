import { requirePrimary } from "#app/db/replica.server";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { completeSearchConsoleConnect, SearchConsoleConnectError } from "#app/modules/search-console/connection.server";
import { propertyLabel } from "#app/modules/search-console/property-match";
import { can, permissionRefusal } from "#app/modules/auth/permissions";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/search-console-callback";

/**
 * Google sends the browser back here after the Search Console consent (redirect URI in README.md): the state is
 * checked against the signed-in user and site, the connection stored, and the customer lands on the
 * Search Console card, with the property picker when no single property matched the site.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

const CARD = "/dashboard/settings?tab=integrations";

export async function loader({ context, url }: Route.LoaderArgs) {
  // Its code can be exchanged once: on a read replica nothing runs here before the primary takes it.
  requirePrimary("the Search Console connect callback");
  const auth = context.get(authContext);
  if (!can(auth.role, "connections.manage")) {
    return redirectWithToast(`${CARD}#search-console`, {
      type: "error",
      title: "Search Console not connected",
      description: permissionRefusal("connections.manage"),
    });
  }
  try {
    const outcome = await completeSearchConsoleConnect(getDb(), url.searchParams, {
      siteId: auth.site.id,
      userId: auth.user.id,
      ip: context.get(requestContext).ip ?? null,
    });
    const sitemapNote = outcome.sitemapRefused ? " Sitemaps will not be submitted: that permission was not granted." : "";
    if (!outcome.property) {
      return redirectWithToast(`${CARD}&searchConsole=pick#search-console`, {
        title: "Choose your Search Console property",
        description: `Google is connected; pick the property that holds this site's results.${sitemapNote}`,
      });
    }
    return redirectWithToast(`${CARD}#search-console`, {
      title: "Search Console connected",
      description: `Results come from ${propertyLabel(outcome.property)}.${sitemapNote}`,
    });
  } catch (error) {
    if (!(error instanceof SearchConsoleConnectError)) throw error;
    const reference = error.correlationId ? ` (reference ${error.correlationId})` : "";
    return redirectWithToast(`${CARD}#search-console`, {
      type: "error",
      title: "Search Console not connected",
      description: `${error.message}${reference}`,
    });
  }
}
