import { requirePrimary } from "#app/db/replica.server";
import { getDb } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { ConnectError, connectPlatform } from "#app/modules/publishing/connect.server";
import { completeWordPressComConnect, WordPressComOAuthError } from "#app/modules/publishing/platforms/wordpress-com/oauth.server";
import { connectFailed, connected } from "./wordpress-com-outcome.server";
import type { Route } from "./+types/wordpress-com-callback";

/**
 * WordPress.com sends the browser back here with code and state (or
 * error=access_denied): the state is checked against the signed-in site, the
 * code exchanged, and the connection saved with its doctor report.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader({ context, url }: Route.LoaderArgs) {
  // Its code can be exchanged once: on a read replica nothing runs here before the primary takes it.
  requirePrimary("the WordPress.com connect callback");
  const auth = context.get(authContext);
  const db = getDb();
  let result;
  try {
    result = await completeWordPressComConnect(db, url.searchParams, { expectedSiteId: auth.site.id });
  } catch (error) {
    if (!(error instanceof WordPressComOAuthError)) throw error;
    // An unknown state carries no popup mark: the same-tab answer works in either window.
    return connectFailed(error.popup === true, error.message);
  }
  if (!canManageConnections(auth.role)) return connectFailed(result.popup, "Only workspace owners and admins can change integrations.");
  try {
    await connectPlatform(db, { siteId: auth.site.id, userId: auth.user.id }, "wordpress_com", {
      siteUrl: result.options.blogUrl,
      secret: result.credentials.accessToken,
      options: result.options,
    });
  } catch (error) {
    if (!(error instanceof ConnectError)) throw error;
    return connectFailed(result.popup, `${error.message} (reference ${error.correlationId})`);
  }
  return connected(result.popup);
}
