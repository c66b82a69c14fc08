import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import { Field, useSchemaForm } from "#app/components/forms";
import { ImageUpload } from "#app/components/image-upload";
import { StatusButton } from "#app/components/ui/button";
import type { AccountView } from "#app/modules/account/account.server";
import { replyFor } from "#app/utils/form-reply";
import { IntentInput, usePendingIntent } from "#app/components/settings-ui";
import { ChangeEmailSchema, ChangePasswordSchema, ProfileSchema } from "./account-schemas";

/**
 * The account forms, shared by the standalone account page and the settings
 * Account tab. Each is a plain POST form with a hidden `intent`, handled by
 * ./account-actions.server.ts, so all of them work without JavaScript. The
 * browser checks only what ./account-schemas.ts says; most rules need the account
 * (its password, the addresses taken), and those messages come back through Conform's reply.
 */

export type FormsProps = { account: AccountView; actionData: unknown };

export function ProfilePictureForm({ account, actionData }: FormsProps) {
  const initials = (account.firstName || account.email).trim().slice(0, 1).toUpperCase() || "?";
  return (
    <ImageUpload
      formLabel="Profile picture"
      intent="avatar"
      name="avatar"
      inputId="avatar"
      label="Profile picture"
      hint="PNG, JPEG, GIF or WebP, up to 2 MB."
      submitLabel="Upload Picture"
      accept="image/png,image/jpeg,image/gif,image/webp"
      round
      current={account.avatarUrl ? { url: account.avatarUrl, alt: "Your profile picture", testId: "avatar-image" } : null}
      placeholder={
        <span
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xl font-semibold text-brand-700"
        >
          {initials}
        </span>
      }
      actionData={actionData}
    />
  );
}

export function ProfileForm({ account, actionData }: FormsProps) {
  const pending = usePendingIntent("profile");
  const [form, fields] = useSchemaForm(ProfileSchema, {
    id: "profile",
    lastResult: replyFor(actionData, "profile")?.result,
    defaultValue: { firstName: account.firstName, lastName: account.lastName },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Profile">
      <IntentInput intent="profile" />
      <Field
        label="Email"
        inputProps={{ id: "profile-email", type: "email", value: account.email, readOnly: true, className: "bg-slate-50 text-slate-600" }}
        hint="Change it below; the new address must be confirmed first."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name", maxLength: 100 }}
          errors={fields.firstName.errors}
        />
        <Field
          label="Last name"
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name", maxLength: 100 }}
          errors={fields.lastName.errors}
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
  const [form, fields] = useSchemaForm(ChangeEmailSchema, { id: "change-email", lastResult: replyFor(actionData, "change-email")?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Update email" noValidate>
      <IntentInput intent="change-email" />
      <p className="text-sm text-slate-600">
        Current email: <span className="font-medium text-slate-900">{account.email}</span>
      </p>
      <Field
        label="New email"
        inputProps={{ ...getInputProps(fields.newEmail, { type: "email" }), autoComplete: "email" }}
        errors={fields.newEmail.errors}
        hint="We send a confirmation link to the new address. Your email changes once you follow it."
      />
      {account.hasPassword ? (
        <Field
          label="Current password"
          inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
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
  const [form, fields] = useSchemaForm(ChangePasswordSchema, {
    id: "change-password",
    lastResult: replyFor(actionData, "change-password")?.result,
  });
  const password = (field: (typeof fields)["newPassword"]) => getInputProps(field, { type: "password" });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Change password" noValidate>
      <IntentInput intent="change-password" />
      {account.hasPassword ? (
        <Field
          label="Current password"
          inputProps={{ ...password(fields.currentPassword), autoComplete: "current-password" }}
          errors={fields.currentPassword.errors}
        />
      ) : (
        <p className="text-sm text-slate-600">You sign in with Google. Set a password to sign in with your email too.</p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="New password"
          inputProps={{ ...password(fields.newPassword), autoComplete: "new-password", minLength: 6 }}
          errors={fields.newPassword.errors}
          hint="At least 6 characters."
        />
        <Field
          label="Confirm new password"
          inputProps={{ ...password(fields.confirmPassword), autoComplete: "new-password" }}
          errors={fields.confirmPassword.errors}
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
