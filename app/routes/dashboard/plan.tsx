import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getDb } from "#app/db/client.server";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { limitRefusal } from "#app/modules/billing/ai-meter.server";
import {
  addItem,
  editItem,
  generatePlan,
  getPlanView,
  indexOf,
  keepItem,
  moveItem,
  PlanError,
  removeItem,
  swapItem,
} from "#app/modules/plan/plan.server";
import { PlanActionSchema, PlanItemFormSchema } from "#app/modules/plan/schema";
import { can } from "#app/modules/workspaces/permissions";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { notFound, badRequest } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { PlanPage, INVALID_ITEM_NOTICE } from "./plan-ui";
import type { Route } from "./+types/plan";

/**
 * The 30-day content plan (issue 12 scope 1; docs/decisions/050-content-plan.md).
 * Every member sees it; changing it needs topics.manage. The edit and add
 * forms live in the URL (?edit={id}, ?add=1; decision 028); every other
 * change is a one-button form posting an intent, so all of it works
 * without JavaScript. Domain logic: app/modules/plan.
 */

export const handle = { breadcrumb: "Content Plan" };

export const meta: Route.MetaFunction = () => [{ title: "Content Plan | Inkpilot" }];

const PAGE = "/dashboard/plan";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { site, role } = context.get(authContext);
  const view = await getPlanView(getDb(), site);
  const editId = url.searchParams.get("edit");
  const canManage = can(role, "topics.manage");
  let dialog: { kind: "add" } | { kind: "regenerate" } | { kind: "edit"; item: (typeof view.items)[number] } | null = null;
  if (canManage && editId) {
    const item = view.items.find((i) => i.id === editId && i.changeable);
    if (!item) notFound("Plan item not found");
    dialog = { kind: "edit", item };
  } else if (canManage && url.searchParams.has("add")) dialog = { kind: "add" };
  else if (canManage && url.searchParams.has("regenerate") && view.items.length > 0) dialog = { kind: "regenerate" };
  return { ...view, dialog, canManage };
}

const failed = (description: string) => redirectWithToast(PAGE, { type: "error", title: "Could not update the plan", description });

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  requirePermission(auth, "topics.manage");
  const { site, workspace, user } = auth;
  const tenant = { workspaceId: workspace.id, siteId: site.id, userId: user.id };
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  try {
    if (intent === "edit" || intent === "add") {
      const id = String(formData.get("id") ?? "");
      const { submission } = await parseSubmission(formData, PlanItemFormSchema);
      if (submission.status !== "success") return replyError(submission, { notice: INVALID_ITEM_NOTICE });
      const { searchIntent, ...fields } = submission.value;
      const input = { ...fields, intent: searchIntent, topicId: fields.topicId || null };
      if (intent === "edit") {
        const saved = await editItem(db, site, id, input);
        return redirectWithToast(PAGE, { title: "Plan item updated", description: `“${saved.keyword}” is saved.` });
      }
      try {
        const added = await addItem(db, site, input);
        return redirectWithToast(PAGE, { title: "Keyword added", description: `“${added.keyword}” is planned for ${added.dateText}.` });
      } catch (error) {
        if (error instanceof PlanError && error.code === "full") {
          return replyError(submission, { notice: { title: INVALID_ITEM_NOTICE.title, description: error.message } });
        }
        throw error;
      }
    }
    const { submission } = await parseSubmission(formData, PlanActionSchema);
    if (submission.status !== "success") badRequest("Unknown action");
    const input = submission.value;
    switch (input.intent) {
      case "generate": {
        const result = await generatePlan(db, site, tenant);
        return redirectWithToast(PAGE, {
          title: "Content plan ready",
          description: `${result.planned} ${result.planned === 1 ? "day is" : "days are"} planned${result.origin === "ai" ? "" : " from your site's pages, topics and brand"}.`,
        });
      }
      case "swap": {
        const swapped = await swapItem(db, site, tenant, input.id);
        return redirectWithToast(PAGE, { title: "Keyword swapped", description: `“${swapped.after}” replaces “${swapped.before}”.` });
      }
      case "remove": {
        const removed = await removeItem(db, site, input.id);
        return redirectWithToast(PAGE, { title: "Keyword removed", description: `“${removed.keyword}” is no longer planned.` });
      }
      case "move": {
        const from = await indexOf(db, site, input.id);
        const to = input.to ?? (input.direction === "up" ? from - 1 : from + 1);
        const moved = await moveItem(db, site, input.id, to);
        return redirectWithToast(PAGE, {
          title: "Plan reordered",
          description: moved.moved ? `“${moved.keyword}” is now planned for ${moved.dateText}.` : `“${moved.keyword}” stays where it is.`,
        });
      }
      case "resolve": {
        if (input.resolution === "merge") {
          const removed = await removeItem(db, site, input.id);
          return redirectWithToast(PAGE, {
            title: "Merged",
            description: `“${removed.keyword}” is dropped; the piece it competed with covers it.`,
          });
        }
        if (input.resolution === "retarget") {
          const swapped = await swapItem(db, site, tenant, input.id);
          return redirectWithToast(PAGE, { title: "Retargeted", description: `“${swapped.after}” replaces “${swapped.before}”.` });
        }
        const kept = await keepItem(db, site, input.id);
        return redirectWithToast(PAGE, { title: "Kept", description: `“${kept.keyword}” stays in the plan.` });
      }
    }
  } catch (error) {
    if (error instanceof PlanError) {
      if (error.code === "not_found") notFound("Plan item not found");
      return failed(error.message);
    }
    const refusal = limitRefusal(error);
    if (refusal) return failed(refusal.message);
    throw error;
  }
}

export default function ContentPlanRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <PlanPage {...loaderData} actionData={actionData} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusCopy={{ 404: { title: "Plan item not found", message: "This plan item does not exist or belongs to another site." } }}
      unexpectedCopy={{ title: "Error loading the plan", message: "Failed to load your content plan. Please try again." }}
      back={{ to: PAGE, label: "Back to the content plan" }}
    />
  );
}
