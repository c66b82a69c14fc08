import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { offlineWriterOutlook } from "#app/modules/generation/offline-outlook.server";
import type { Route } from "./+types/outlook";

/**
 * GET ?keyword=: what the built-in writer can and cannot do for the keyword, in one sentence (null when an AI
 * provider writes the article), for the generate dialog to show before it starts (docs/decisions/064).
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const keyword = (url.searchParams.get("keyword") ?? "").trim().slice(0, 200);
  if (!keyword) return Response.json({ sentence: null }, { status: 400 });
  return Response.json({ sentence: await offlineWriterOutlook(getDb(), auth.site.id, keyword) });
}
