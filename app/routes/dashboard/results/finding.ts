import { redirect } from "react-router";
import { z } from "zod";
import { getDb } from "#app/db/client.server";
import { authContext, requirePermission, safeRedirectPath } from "#app/modules/auth/guards.server";
import { limitRefusal } from "#app/modules/billing/ai-meter.server";
import { PlanError } from "#app/modules/plan/plan.server";
import { addGapToPlan, dismissFinding, FindingError, refreshFromFinding } from "#app/modules/results/findings.server";
import { parseSubmission } from "#app/utils/forms.server";
import { logger } from "#app/utils/logger.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/finding";

/**
 * A search finding's actions (docs/decisions/060-search-results.md): refresh the article, add a gap to the plan,
 * dismiss. One-button forms post here from the findings list, with or without JavaScript; the answer is a redirect
 * back (to a dashboard page only) with a toast. Another site's finding is a 404 and changes nothing.
 */

const PAGE = "/dashboard/results/findings";

const FindingActionSchema = z.object({
  intent: z.enum(["refresh", "dismiss", "plan"], { error: "Unknown action" }),
  redirectTo: z.string().optional(),
});

function backTo(value: string | undefined) {
  const path = safeRedirectPath(value ?? null, PAGE);
  return path.startsWith("/dashboard") ? path : PAGE;
}

export function loader() {
  return redirect(PAGE);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  const { site, workspace, user } = auth;
  const db = getDb();
  const { submission } = await parseSubmission(request, FindingActionSchema);
  if (submission.status !== "success")
    return redirectWithToast(PAGE, { type: "error", title: "Could not act on the finding", description: "Unknown action." });
  const { intent } = submission.value;
  const back = backTo(submission.value.redirectTo);
  requirePermission(auth, intent === "plan" ? "topics.manage" : "articles.write");
  try {
    if (intent === "dismiss") {
      await dismissFinding(db, site.id, params.findingId);
      return redirectWithToast(back, { title: "Finding dismissed", description: "It stays dismissed when the figures are read again." });
    }
    if (intent === "plan") {
      const added = await addGapToPlan(db, site, params.findingId);
      return redirectWithToast(back, {
        title: "Added to your plan",
        description: `“${added.keyword}” is suggested for ${added.dateText}. Nothing else in your plan changed.`,
      });
    }
    const tenant = { workspaceId: workspace.id, siteId: site.id, userId: user.id };
    const refresh = await refreshFromFinding(db, tenant, params.findingId);
    return redirectWithToast(back, {
      title: refresh.started ? "Refresh started" : "Refresh already under way",
      description: "The refreshed version will wait beside your article for your review. Nothing changes until you accept it.",
    });
  } catch (error) {
    if (error instanceof FindingError && error.code === "not_found") notFound("Finding not found");
    const refused = limitRefusal(error);
    if (refused) return redirectWithToast(back, { type: "error", title: refused.title, description: refused.message });
    if (error instanceof FindingError || error instanceof PlanError)
      return redirectWithToast(back, { type: "error", title: "Could not act on the finding", description: error.message });
    logger.error({ err: error, findingId: params.findingId, intent, userId: user.id }, "search finding action failed");
    return redirectWithToast(back, {
      type: "error",
      title: "Could not act on the finding",
      description: "Something went wrong. Please try again.",
    });
  }
}
