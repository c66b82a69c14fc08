import { getDb } from "#app/db/client.server";
import { handleApiRequest } from "#app/modules/api/router.server";
import type { Route } from "./+types/v1";

/** Body limit (server/request-body.ts): articles created and updated through the API. */
export const bodyLimit = "article";

/**
 * /api/v1/*: the Developer API (docs/decisions/045). One resource route hands
 * every method to the API's router in app/modules/api/, which matches the
 * operations table, authenticates the bearer key and answers JSON.
 */

export function loader({ request }: Route.LoaderArgs) {
  return handleApiRequest(getDb(), request);
}

export function action({ request }: Route.ActionArgs) {
  return handleApiRequest(getDb(), request);
}
