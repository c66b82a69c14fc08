import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { autopilotStream } from "#app/modules/autopilot/stream.server";
import type { Route } from "./+types/events";

/** Server-Sent Events: a `change` whenever one of the current site's auto-pilot days changes state (stream.server.ts). */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  return autopilotStream(getDb(), { siteId: auth.site.id, since: url.searchParams.get("since"), signal: request.signal });
}
