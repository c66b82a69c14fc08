import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { Field, SelectField, useSavedFormsKey, useSchemaForm } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import { useCanManageBilling } from "#app/components/use-billing-role";
import type { AccountView } from "#app/modules/account/account.server";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, SettingsCard as Card, usePendingIntent } from "#app/components/settings-ui";
import { DeleteAccountSchema, DigestSchema } from "./account-schemas";
import { ChangeEmailForm, ChangePasswordForm, ProfileForm, ProfilePictureForm, type FormsProps } from "./account-forms";

/** The account page's sections, in the product's order; the forms themselves are in ./account-forms.tsx. */

function SubscriptionCard({ account }: { account: AccountView }) {
  const pro = account.plan === "pro";
  const canManageBilling = useCanManageBilling();
  return (
    <Card title="Subscription" description="Your workspace's plan.">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-700" data-testid="current-plan">
          Current Plan: <span className="font-semibold text-slate-900">{pro ? "Pro" : "Free"}</span>
          {pro ? null : <span className="text-slate-500"> (free trial)</span>}
        </p>
        {/* Cards, invoices and cancellation: the plan page opens the billing portal (docs/decisions/046); owners only. */}
        {canManageBilling ? (
          <Button asChild variant={pro ? "secondary" : undefined}>
            <Link to="/dashboard/upgrade">{pro ? "Manage subscription" : "Upgrade Plan"}</Link>
          </Button>
        ) : (
          <p className="text-sm text-slate-600">The owner of this workspace manages its plan.</p>
        )}
      </div>
    </Card>
  );
}

/** The auto-pilot digest for this workspace (docs/decisions/049-autopilot-days.md): daily, weekly or off. */
function DigestCard({ account, actionData }: FormsProps) {
  const reply = replyFor(actionData, "digest");
  const [form, fields] = useSchemaForm(DigestSchema, { id: "digest", lastResult: reply?.result, defaultValue: { digest: account.digest } });
  return (
    <Card
      title="Auto-pilot digest"
      description={`A mail listing what auto-pilot wrote, held and published on the sites of ${account.workspaceName}, with what needs your attention. Sent only when something happened.`}
    >
      <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
        <IntentInput intent="digest" />
        <SelectField
          label="How often"
          selectProps={getSelectProps(fields.digest)}
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly (Mondays)" },
            { value: "off", label: "Off" },
          ]}
          errors={fields.digest.errors}
        />
        <Button type="submit" variant="secondary">
          Save digest settings
        </Button>
      </Form>
    </Card>
  );
}

function SessionCard() {
  const pending = usePendingIntent("sign-out-everywhere");
  return (
    <Card title="Sign out" description="Sign out of this browser, or end every session of your account on all devices.">
      <div className="flex flex-wrap gap-3">
        <Form method="post" action="/signout">
          <Button type="submit" variant="secondary">
            Sign Out
          </Button>
        </Form>
        <Form method="post">
          <IntentInput intent="sign-out-everywhere" />
          <StatusButton pending={pending} pendingLabel="Signing out..." variant="ghost">
            Sign out everywhere
          </StatusButton>
        </Form>
      </div>
    </Card>
  );
}

function DangerZone({ actionData }: { actionData: unknown }) {
  const pending = usePendingIntent("delete-account");
  const reply = replyFor(actionData, "delete-account");
  const [form, fields] = useSchemaForm(DeleteAccountSchema, { id: "delete-account", lastResult: reply?.result });
  return (
    <section aria-labelledby="danger-zone" className="rounded-xl border border-red-200 bg-red-50/40 p-6">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        Danger Zone
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Deleting your account removes your profile and, where you are the last owner, the workspace with all its sites, articles and
        settings. This cannot be undone.
      </p>
      {/* A disclosure instead of a script-only dialog, so the confirmation works without JavaScript. */}
      <details className="group mt-4" open={reply ? true : undefined}>
        <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-md bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 [&::-webkit-details-marker]:hidden">
          Delete Account
        </summary>
        <Form
          method="post"
          {...getFormProps(form)}
          className="mt-4 flex max-w-md flex-col gap-3 rounded-lg border border-red-200 bg-white p-4"
          aria-label="Delete account"
        >
          <IntentInput intent="delete-account" />
          <Field
            label={
              <>
                Type <span className="font-mono font-bold">DELETE</span> to confirm
              </>
            }
            inputProps={{ ...getInputProps(fields.confirm, { type: "text" }), autoComplete: "off", spellCheck: false }}
            errors={fields.confirm.errors}
          />
          <div>
            <StatusButton pending={pending} pendingLabel="Deleting..." variant="destructive">
              Permanently delete my account
            </StatusButton>
          </div>
        </Form>
      </details>
    </section>
  );
}

/** Every account section in the product's order (docs/product.md "Settings", Account); `key` remounts the forms after a successful save so they clear. */
export function AccountSections({ account, actionData }: FormsProps) {
  const formsKey = useSavedFormsKey(actionData);
  return (
    <div className="flex flex-col gap-6" key={formsKey}>
      <Card title="Profile" description="Your name and picture as your team sees them.">
        <div className="flex flex-col gap-6">
          <ProfilePictureForm account={account} actionData={actionData} />
          <hr className="border-slate-100" />
          <ProfileForm account={account} actionData={actionData} />
        </div>
      </Card>
      <Card title="Email address">
        <ChangeEmailForm account={account} actionData={actionData} />
      </Card>
      <Card title="Password">
        <ChangePasswordForm account={account} actionData={actionData} />
      </Card>
      <SubscriptionCard account={account} />
      <DigestCard account={account} actionData={actionData} />
      <SessionCard />
      <DangerZone actionData={actionData} />
    </div>
  );
}
