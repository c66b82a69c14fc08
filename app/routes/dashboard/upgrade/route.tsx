import { redirect } from "react-router";
import { getDb } from "#app/db/client.server";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { BillingError, openBillingPortal, startCheckout } from "#app/modules/billing/checkout.server";
import { BILLING_NOT_CONFIGURED, PlanActionSchema, PORTAL_FALLBACK } from "#app/modules/billing/plan-forms";
import { loadPlanView } from "#app/modules/billing/plan-view.server";
import { getBilling } from "#app/modules/billing/stripe.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { formatDate } from "#app/utils/time";
import { PlanPage, PortalFallback } from "./upgrade-ui";
import type { Route } from "./+types/route";

export const handle = { breadcrumb: "Plan" };

export const meta: Route.MetaFunction = () => [{ title: "Plan and billing | Inkpilot" }];

/** The plan page (docs/decisions/046-billing-checkout-webhooks-entitlements.md): owners only, as billing is theirs (permissions.ts). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  requirePermission(auth, "billing.manage");
  const view = await loadPlanView(getDb(), auth.workspace.id);
  return {
    view,
    checkoutCancelled: url.searchParams.get("checkout") === "cancelled",
    timeZone: auth.site.timeZone,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const auth = context.get(authContext);
  requirePermission(auth, "billing.manage");
  const { submission } = await parseSubmission(request, PlanActionSchema);
  if (submission.status !== "success") return replyError(submission);
  const billing = getBilling();
  if (!billing) return replyError(submission, { notice: { title: "Billing is not configured", description: BILLING_NOT_CONFIGURED } });
  const db = getDb();
  const { value } = submission;
  try {
    if (value.intent === "checkout") {
      const url = await startCheckout(db, billing, {
        workspaceId: auth.workspace.id,
        email: auth.user.email,
        interval: value.interval,
        requestKey: value.requestKey,
      });
      return redirect(url, 303);
    }
    const portal = await openBillingPortal(db, billing, auth.workspace.id, value.requestKey);
    if ("url" in portal) return redirect(portal.url, 303);
    return { portalFallback: { ...PORTAL_FALLBACK, url: portal.fallbackUrl, reference: portal.correlationId } };
  } catch (error) {
    if (!(error instanceof BillingError)) throw error;
    return replyError(submission, { status: 502, notice: { title: error.title, description: error.message } });
  }
}

export default function Upgrade({ loaderData, actionData }: Route.ComponentProps) {
  const { view, checkoutCancelled, timeZone } = loaderData;
  if (actionData && "portalFallback" in actionData) return <PortalFallback {...actionData.portalFallback} />;
  return (
    <PlanPage
      view={view}
      actionData={actionData}
      checkoutCancelled={checkoutCancelled}
      formatDay={(iso: string) => formatDate(iso, timeZone)}
    />
  );
}
