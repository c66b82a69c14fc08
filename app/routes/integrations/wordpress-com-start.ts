import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { startWordPressComConnect, WordPressComOAuthError } from "#app/modules/publishing/platforms/wordpress-com/oauth.server";
import { logger } from "#app/utils/logger.server";
import { connectFailed } from "./wordpress-com-outcome.server";
import type { Route } from "./+types/wordpress-com-start";

/** Connect WordPress.com: to WordPress.com's authorize page with a fresh state (`?popup=1` when opened in a popup). */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const query = url.searchParams;
  const popup = query.get("popup") === "1";
  if (!canManageConnections(auth.role)) return connectFailed(popup, "Only workspace owners and admins can change integrations.");
  try {
    const { url } = await startWordPressComConnect(getDb(), {
      siteId: auth.site.id,
      userId: auth.user.id,
      appUrl: getEnv().appUrl,
      popup,
      blog: query.get("blog"),
    });
    return redirect(url);
  } catch (error) {
    if (error instanceof WordPressComOAuthError) return connectFailed(popup, error.message);
    logger.error({ err: error }, "could not start the WordPress.com connection");
    return connectFailed(popup, "Failed to start WordPress.com connection");
  }
}
