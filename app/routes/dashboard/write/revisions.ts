import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { historyUrl } from "#app/modules/articles/urls";
import { authContext } from "#app/modules/auth/guards.server";
import { revisionAction } from "./revisions.server";
import type { Route } from "./+types/revisions";

/** Body limit (server/request-body.ts): Accept and 'Undo AI edit' carry the article before and after. */
export const bodyLimit = "article";

/** The history panel's Restore and the editor's AI accept and undo post here; a GET opens the panel. */

export function loader({ params }: Route.LoaderArgs) {
  return redirect(historyUrl(params.articleId));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return revisionAction(getDb(), context.get(authContext), params.articleId, request);
}
