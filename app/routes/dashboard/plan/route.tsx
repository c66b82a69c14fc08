import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getDb } from "#app/db/client.server";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { getPlanView } from "#app/modules/plan/plan.server";
import { can } from "#app/modules/auth/permissions";
import { notFound } from "#app/utils/responses.server";
import { planAction } from "./actions.server";
import { PlanPage } from "./plan-ui";
import type { Route } from "./+types/route";

/**
 * The 30-day content plan (docs/decisions/050-content-plan.md).
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

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  requirePermission(auth, "topics.manage");
  return planAction(getDb(), auth, await request.formData());
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
