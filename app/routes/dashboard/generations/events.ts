import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { progressStream } from "#app/modules/generation/progress-stream.server";
import { getGeneration } from "#app/modules/generation/service.server";
import { notFound } from "#app/utils/responses.server";
import type { Route } from "./+types/events";

/** Server-Sent Events for one generation's progress; limits and the push model in progress-stream.server.ts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const db = getDb();
  const first = await getGeneration(db, auth.site.id, params.id);
  if (!first) notFound("Not found");
  return progressStream(db, { siteId: auth.site.id, userId: auth.user.id, first, signal: request.signal });
}
