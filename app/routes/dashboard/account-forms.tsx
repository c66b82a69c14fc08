import { Form, Link, useLocation, useNavigation } from "react-router";
import { Field, FormMessage } from "#app/components/forms";
import { Button, StatusButton } from "#app/components/ui/button";
import type { AccountView } from "#app/modules/account/account.server";
import type { AccountActionData, AccountIntent } from "#app/modules/account/actions.server";
import { cn } from "#app/utils/cn";

/**
 * The account forms, shared by the standalone account page and the settings
 * Account tab. Each is a plain POST form with a hidden `intent`, handled by
 * app/modules/account/actions.server.ts, so all of them work without JavaScript.
 */

type FormsProps = { account: AccountView; actionData: AccountActionData | undefined };

function Card({ title, description, children, className }: { title: string; description?: string; children: React.ReactNode; className?: string }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cn("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

function usePendingIntent(intent: AccountIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function errorsFor(actionData: AccountActionData | undefined, intent: AccountIntent) {
  return actionData?.intent === intent ? actionData : undefined;
}

function IntentInput({ intent }: { intent: AccountIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function AvatarPreview({ url, name }: { url: string | null; name: string }) {
  const initials = name.trim().slice(0, 1).toUpperCase() || "?";
  return url ? (
    <img src={url} alt="Your profile picture" className="h-16 w-16 rounded-full object-cover" data-testid="avatar-image" />
  ) : (
    <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700">
      {initials}
    </span>
  );
}

export function ProfilePictureForm({ account, actionData }: FormsProps) {
  const pending = usePendingIntent("avatar");
  const result = errorsFor(actionData, "avatar");
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-label="Profile picture">
      <IntentInput intent="avatar" />
      <div className="flex items-center gap-4">
        <AvatarPreview url={account.avatarUrl} name={account.firstName || account.email} />
        <div className="flex flex-col gap-1">
          <label htmlFor="avatar" className="text-sm font-medium text-slate-800">
            Profile picture
          </label>
          <input
            id="avatar"
            name="avatar"
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            required
            aria-describedby="avatar-hint"
            className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
          />
          <p id="avatar-hint" className="text-xs text-slate-500">
            PNG, JPEG, GIF or WebP, up to 2 MB.
          </p>
        </div>
      </div>
      {result?.formError ? <FormMessage title={result.formError.title} description={result.formError.description} /> : null}
      <div>
        <StatusButton pending={pending} pendingLabel="Uploading..." variant="secondary">
          Upload Picture
        </StatusButton>
      </div>
    </Form>
  );
}

export function ProfileForm({ account, actionData }: FormsProps) {
  const pending = usePendingIntent("profile");
  const result = errorsFor(actionData, "profile");
  return (
    <Form method="post" className="flex flex-col gap-4" aria-label="Profile">
      <IntentInput intent="profile" />
      <Field
        label="Email"
        inputProps={{ id: "profile-email", type: "email", value: account.email, readOnly: true, className: "bg-slate-50 text-slate-600" }}
        hint="Change it below; the new address must be confirmed first."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          inputProps={{
            id: "firstName",
            name: "firstName",
            autoComplete: "given-name",
            maxLength: 100,
            defaultValue: result?.values?.firstName ?? account.firstName,
          }}
          errors={result?.fieldErrors.firstName}
        />
        <Field
          label="Last name"
          inputProps={{
            id: "lastName",
            name: "lastName",
            autoComplete: "family-name",
            maxLength: 100,
            defaultValue: result?.values?.lastName ?? account.lastName,
          }}
          errors={result?.fieldErrors.lastName}
        />
      </div>
      <div>
        <StatusButton pending={pending} pendingLabel="Saving...">
          Save Changes
        </StatusButton>
      </div>
    </Form>
  );
}

export function ChangeEmailForm({ account, actionData }: FormsProps) {
  const pending = usePendingIntent("change-email");
  const result = errorsFor(actionData, "change-email");
  return (
    <Form method="post" className="flex flex-col gap-4" aria-label="Update email" noValidate>
      <IntentInput intent="change-email" />
      <p className="text-sm text-slate-600">
        Current email: <span className="font-medium text-slate-900">{account.email}</span>
      </p>
      <Field
        label="New email"
        inputProps={{ id: "newEmail", name: "newEmail", type: "email", autoComplete: "email", defaultValue: result?.values?.newEmail ?? "" }}
        errors={result?.fieldErrors.newEmail}
        hint="We send a confirmation link to the new address. Your email changes once you follow it."
      />
      {account.hasPassword ? (
        <Field
          label="Current password"
          inputProps={{ id: "changeEmailCurrentPassword", name: "currentPassword", type: "password", autoComplete: "current-password" }}
          errors={result?.fieldErrors.currentPassword}
        />
      ) : null}
      <div>
        <StatusButton pending={pending} pendingLabel="Sending..." variant="secondary">
          Update Email
        </StatusButton>
      </div>
    </Form>
  );
}

export function ChangePasswordForm({ account, actionData }: FormsProps) {
  const pending = usePendingIntent("change-password");
  const result = errorsFor(actionData, "change-password");
  return (
    <Form method="post" className="flex flex-col gap-4" aria-label="Change password" noValidate>
      <IntentInput intent="change-password" />
      {account.hasPassword ? (
        <Field
          label="Current password"
          inputProps={{ id: "currentPassword", name: "currentPassword", type: "password", autoComplete: "current-password" }}
          errors={result?.fieldErrors.currentPassword}
        />
      ) : (
        <p className="text-sm text-slate-600">You sign in with Google. Set a password to sign in with your email too.</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New password"
          inputProps={{ id: "newPassword", name: "newPassword", type: "password", autoComplete: "new-password", minLength: 6 }}
          errors={result?.fieldErrors.newPassword}
          hint="At least 6 characters."
        />
        <Field
          label="Confirm new password"
          inputProps={{ id: "confirmPassword", name: "confirmPassword", type: "password", autoComplete: "new-password" }}
          errors={result?.fieldErrors.confirmPassword}
        />
      </div>
      <div>
        <StatusButton pending={pending} pendingLabel="Updating..." variant="secondary">
          Update Password
        </StatusButton>
      </div>
    </Form>
  );
}

export function SubscriptionCard({ account }: { account: AccountView }) {
  const pro = account.plan === "pro";
  return (
    <Card title="Subscription" description="Your workspace's plan.">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-slate-700" data-testid="current-plan">
          Current Plan: <span className="font-semibold text-slate-900">{pro ? "Pro" : "Free"}</span>
          {pro ? null : <span className="text-slate-500"> (free trial)</span>}
        </p>
        {pro ? null : (
          <Button asChild>
            <Link to="/pricing">Upgrade Plan</Link>
          </Button>
        )}
      </div>
    </Card>
  );
}

export function SessionCard() {
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

export function DangerZone({ actionData }: { actionData: AccountActionData | undefined }) {
  const pending = usePendingIntent("delete-account");
  const result = errorsFor(actionData, "delete-account");
  return (
    <section aria-labelledby="danger-zone" className="rounded-xl border border-red-200 bg-red-50/40 p-6">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        Danger Zone
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Deleting your account removes your profile and, where you are the last owner, the workspace with all its sites,
        articles and settings. This cannot be undone.
      </p>
      {/* A disclosure instead of a script-only dialog, so the confirmation works without JavaScript. */}
      <details className="group mt-4" open={result ? true : undefined}>
        <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-md bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 [&::-webkit-details-marker]:hidden">
          Delete Account
        </summary>
        <Form method="post" className="mt-4 flex max-w-md flex-col gap-3 rounded-lg border border-red-200 bg-white p-4" aria-label="Delete account">
          <IntentInput intent="delete-account" />
          <Field
            label={
              <>
                Type <span className="font-mono font-bold">DELETE</span> to confirm
              </>
            }
            inputProps={{ id: "confirm-delete", name: "confirm", autoComplete: "off", spellCheck: false }}
            errors={result?.fieldErrors.confirm}
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
  const location = useLocation();
  return (
    <div className="flex flex-col gap-6" key={location.key}>
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
      <SessionCard />
      <DangerZone actionData={actionData} />
    </div>
  );
}
