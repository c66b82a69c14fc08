import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { editUrl } from "#app/modules/articles/urls";
import { authContext } from "#app/modules/auth/guards.server";
import { publishFromForm } from "#app/routes/dashboard/write/publish.server";
import type { Route } from "./+types/publish";

/** The publish dialog's form posts here; a GET opens the dialog on the write screen. */

export function loader({ params }: Route.LoaderArgs) {
  return redirect(editUrl(params.articleId, { publish: true }));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return publishFromForm(getDb(), context.get(authContext), params.articleId, request);
}
