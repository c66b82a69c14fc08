import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { authContext } from "#app/modules/auth/guards.server";
import { parseSubmission } from "#app/utils/forms.server";
import { notFound } from "#app/utils/responses.server";
import { AiSchema, failure, perform } from "./ai.server";
import type { Route } from "./+types/ai";

/** Body limit (server/request-body.ts): the draft the AI edit starts from. */
export const bodyLimit = "article";

/**
 * POST-only AI actions on an article, for the editor's script: regenerate it
 * (a background job, not counted against the quota), or propose a rewrite of
 * one section, the whole draft or a selection (JSON; applied only on Accept).
 * Without JavaScript the edit forms post to ./ai-review.tsx instead.
 */

export async function loader() {
  return redirect("/dashboard/write");
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  const { submission } = await parseSubmission(request, AiSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid request";
    return Response.json({ ok: false, error: message, html: null }, { status: 400 });
  }
  const tenant = { workspaceId: auth.workspace.id, siteId: auth.site.id, userId: auth.user.id };
  let answer: Response | null;
  try {
    answer = await perform(getDb(), tenant, submission.value);
  } catch (error) {
    return failure(submission.value, error);
  }
  return answer ?? notFound("Not found");
}
