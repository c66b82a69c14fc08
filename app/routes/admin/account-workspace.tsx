import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { setWorkspacePlan, workspaceDetail } from "#app/modules/admin/accounts.server";
import { SetPlanSchema } from "#app/modules/admin/workspace-plan-form";
import { BILLING_STATE_LABELS } from "#app/modules/billing/entitlements";
import { authContext } from "#app/modules/auth/guards.server";
import { replyFor } from "#app/utils/form-reply";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { DataTable, PageTitle, Panel } from "./admin-ui";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/account-workspace";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.workspace.name ?? "Workspace"} | Inkpilot Admin` }];

export async function loader({ params }: Route.LoaderArgs) {
  return (await workspaceDetail(getDb(), params.workspaceId)) ?? notFound("Workspace not found");
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, SetPlanSchema);
  // replyError keeps the intent, so the form finds its answer.
  if (submission.status !== "success") return replyError(submission, { notice: { title: "Plan not changed" } });
  const { user } = context.get(authContext);
  const { plan, trialEndsOn } = submission.value;
  // The trial runs to the end of its last day, UTC.
  const trialEndsAt = plan === "trial" && trialEndsOn ? `${trialEndsOn}T23:59:59.999Z` : null;
  const done = await setWorkspacePlan(
    getDb(),
    params.workspaceId,
    { plan, trialEndsAt },
    { userId: user.id, ip: context.get(requestContext).ip ?? null },
  );
  if (!done) notFound("Workspace not found");
  return redirectWithToast(url.pathname, {
    title: "Plan updated",
    description: plan === "pro" ? "The workspace is on Pro." : `Trial until ${trialEndsOn}.`,
  });
}

const PLAN_OPTIONS = [
  { value: "trial", label: "Trial" },
  { value: "pro", label: "Pro" },
];

function PlanForm({ plan, trialEndsAt, actionData }: { plan: "trial" | "pro"; trialEndsAt: string; actionData: unknown }) {
  const reply = replyFor(actionData, "set-plan");
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(SetPlanSchema, {
    id: "set-plan",
    lastResult: reply?.result,
    defaultValue: { plan, trialEndsOn: trialEndsAt.slice(0, 10) },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <input type="hidden" name="intent" value="set-plan" />
      <SelectField label="Plan" selectProps={getSelectProps(fields.plan)} options={PLAN_OPTIONS} errors={fields.plan.errors} />
      <Field
        label="Trial's last day (UTC)"
        hint="Used when the plan is Trial."
        inputProps={getInputProps(fields.trialEndsOn, { type: "date" })}
        errors={fields.trialEndsOn.errors}
      />
      <StatusButton pending={pending} pendingLabel="Saving…" className="self-start">
        Set plan
      </StatusButton>
    </Form>
  );
}

export default function AccountWorkspace({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, members, sites, month, billing } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="workspace-title" title={workspace.name}>
        <Link to="/dashboard/admin/accounts" className="text-brand-700 underline">
          Users and workspaces
        </Link>
      </PageTitle>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title="Plan">
          <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="workspace-plan">
            <dt className="text-slate-500">Plan</dt>
            <dd>{workspace.plan === "pro" ? "Pro" : "Trial"}</dd>
            <dt className="text-slate-500">Trial ends</dt>
            <dd>{formatUtc(workspace.trial_ends_at)}</dd>
            <dt className="text-slate-500">Trial AI articles used</dt>
            <dd>{workspace.trial_articles_used}</dd>
            <dt className="text-slate-500">Billing customer</dt>
            <dd>{workspace.stripe_customer_id ?? "—"}</dd>
            <dt className="text-slate-500">Billing state</dt>
            <dd data-testid="workspace-billing-state">{BILLING_STATE_LABELS[billing.state]}</dd>
            {billing.subscription ? (
              <>
                <dt className="text-slate-500">Subscription</dt>
                <dd>
                  {billing.subscription.status}, {billing.subscription.interval}ly, {billing.subscription.quantity} site(s)
                  {billing.subscription.currentPeriodEnd ? `, period ends ${formatUtc(billing.subscription.currentPeriodEnd)}` : ""}
                </dd>
              </>
            ) : null}
          </dl>
          {billing.subscription && billing.state !== "ended" ? (
            <p className="mb-4 text-sm text-slate-600">
              This workspace pays through Stripe: its plan follows the subscription, and a plan set here takes effect only once the
              subscription has ended.
            </p>
          ) : null}
          <PlanForm
            key={`${workspace.plan}-${workspace.trial_ends_at}`}
            plan={workspace.plan}
            trialEndsAt={workspace.trial_ends_at}
            actionData={actionData}
          />
        </Panel>
        <Panel title="Members">
          <DataTable
            caption="Members"
            columns={["Member", "Role", "Joined"]}
            empty="No members."
            rows={members.map((m) => ({
              key: m.id,
              cells: [
                <Link key="m" to={`/dashboard/admin/accounts/users/${m.id}`} className="text-brand-700 underline">
                  {m.email}
                </Link>,
                m.role,
                formatUtc(m.joinedAt),
              ],
            }))}
          />
        </Panel>
      </div>
      <Panel title="Sites">
        <DataTable
          caption="Sites"
          columns={["Site", "URL", "Articles", `AI articles (${month})`, "Created"]}
          empty="No sites."
          rows={sites.map((s) => ({
            key: s.id,
            cells: [
              s.name,
              <span key="u" className="break-all">
                {s.url ?? "—"}
              </span>,
              Number(s.articles),
              Number(s.aiArticlesThisMonth),
              formatUtc(s.created_at),
            ],
          }))}
        />
      </Panel>
    </div>
  );
}
