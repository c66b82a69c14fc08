import { redirect } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { onboardingAction } from "./actions.server";
import type { Route } from "./+types/route";

/**
 * The onboarding dialog's actions (scan / skip / finish / manual) and the
 * 'Getting started' checklist's dismissal. Every answer is a redirect back to
 * the page the dialog sits on, with the next step in the URL (a failed scan
 * adds ?scanError= for the URL field), so the same forms work with and
 * without JavaScript.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export async function loader() {
  return redirect("/dashboard?onboarding=welcome");
}

export async function action({ request, context }: Route.ActionArgs) {
  return onboardingAction(getDb(), context.get(authContext), context.get(requestContext), request);
}
