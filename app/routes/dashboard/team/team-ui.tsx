import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { CheckboxField, Field, FormMessage, SelectField, useSchemaForm } from "#app/components/forms";
import { StatusButton } from "#app/components/ui/button";
import { DialogCancel } from "#app/components/url-dialog";
import type { WorkspaceRole } from "#app/db/schema";
import type { MemberApiKey } from "#app/modules/api/keys.server";
import { ROLE_LABELS } from "#app/modules/auth/permissions";
import { INVITABLE_ROLES, InviteSchema } from "#app/modules/workspaces/team-forms";
import type { Member, PendingInvitation } from "#app/modules/workspaces/team.server";
import type { FormReply } from "#app/utils/form-reply";
import { useIsPending } from "#app/utils/use-is-pending";

/** The Team page's members list, pending invitations and forms (docs/decisions/044). */

type Allowed = { manage: boolean; owners: boolean; leave: boolean };
const textAction = "text-sm font-medium text-brand-700 hover:underline";

const roleOptions = (owners: boolean) =>
  (owners ? (["owner", "admin", "editor"] as const) : (["admin", "editor"] as const)).map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
  }));

/** A member's role as a small form (select and Save), when the viewer may change it. */
function RoleForm({ member, owners }: { member: Member; owners: boolean }) {
  return (
    <Form method="post" className="flex items-center gap-2" aria-label={`Role of ${member.name}`}>
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={member.userId} />
      <label className="sr-only" htmlFor={`role-${member.userId}`}>
        Role of {member.name}
      </label>
      <select
        id={`role-${member.userId}`}
        name="role"
        defaultValue={member.role}
        className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
      >
        {roleOptions(owners).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className="h-9 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50">
        Save<span className="sr-only"> role of {member.name}</span>
      </button>
    </Form>
  );
}

export function MembersList({
  members,
  me,
  allowed,
}: {
  members: Member[];
  me: { userId: string; role: WorkspaceRole };
  allowed: Allowed;
}) {
  return (
    <ul aria-label="Members" className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {members.map((member) => {
        const mine = member.userId === me.userId;
        // Owners are touched only by owners (the server says the same).
        const editable = allowed.manage && (member.role !== "owner" || allowed.owners);
        return (
          <li key={member.userId} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-4" data-testid="member-row">
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-slate-900">
                {member.name}
                {mine ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
              </p>
              <p className="truncate text-sm text-slate-600">{member.email}</p>
            </div>
            {editable ? (
              <RoleForm member={member} owners={allowed.owners} />
            ) : (
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">{ROLE_LABELS[member.role]}</span>
            )}
            {editable && !mine ? (
              <Link
                to={`?remove=${encodeURIComponent(member.userId)}`}
                preventScrollReset
                className="text-sm font-medium text-red-700 hover:underline"
              >
                Remove<span className="sr-only"> {member.name}</span>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function PendingInvitations({ invitations }: { invitations: PendingInvitation[] }) {
  return (
    <section aria-labelledby="invitations-title" className="mt-8">
      <h2 id="invitations-title" className="text-lg font-semibold">
        Pending invitations
      </h2>
      <ul aria-label="Pending invitations" className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3" data-testid="invitation-row">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
              <p className="text-xs text-slate-600">
                {ROLE_LABELS[invitation.role]} · {invitation.expired ? "Expired" : `Valid until ${invitation.expiresAt.slice(0, 10)}`}
              </p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="invitationId" value={invitation.id} />
              <button type="submit" className={textAction}>
                Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InviteForm({ reply }: { reply?: FormReply }) {
  const pending = useIsPending();
  const [form, fields] = useSchemaForm(InviteSchema, { id: "team-invite", lastResult: reply?.result, defaultValue: { role: "editor" } });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Invite Member">
      <input type="hidden" name="intent" value="invite" />
      <Field
        label="Email"
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
      />
      <SelectField
        label="Role"
        errors={fields.role.errors}
        selectProps={getSelectProps(fields.role)}
        options={INVITABLE_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
        hint="Editors write and publish. Admins also manage settings, connections and members."
      />
      {reply?.notice ? <FormMessage {...reply.notice} /> : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton pending={pending} pendingLabel="Sending...">
          Send Invitation
        </StatusButton>
      </div>
    </Form>
  );
}

/**
 * Remove Member: the developer API keys the member created act for the workspace whoever made them, so they are listed
 * and revoked with the removal unless the box is unticked (a plain checkbox: works without JavaScript).
 */
export function RemoveMemberForm({ userId, apiKeys }: { userId: string; apiKeys: MemberApiKey[] }) {
  const pending = useIsPending();
  return (
    <Form method="post" className="flex flex-col gap-4" aria-label="Remove Member">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={userId} />
      {apiKeys.length ? (
        <section aria-labelledby="member-api-keys-title" className="flex flex-col gap-2">
          <h3 id="member-api-keys-title" className="text-sm font-semibold text-slate-900">
            API keys they created
          </h3>
          <ul aria-label="API keys they created" className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
            {apiKeys.map((key) => (
              <li key={key.id} className="flex flex-wrap gap-x-3 px-3 py-2" data-testid="member-api-key">
                <span className="font-medium text-slate-900">{key.name}</span>
                <code className="text-slate-600">{key.prefix}…</code>
                <span className="text-slate-600">{key.siteName ?? "All sites"}</span>
              </li>
            ))}
          </ul>
          <CheckboxField
            label={apiKeys.length === 1 ? "Revoke this API key too" : "Revoke these API keys too"}
            hint="Keys keep working for the workspace after their creator leaves it, until revoked."
            inputProps={{ id: "revoke-api-keys", name: "revokeApiKeys", defaultChecked: true }}
          />
        </section>
      ) : null}
      <div className="flex justify-end gap-3">
        <DialogCancel />
        <StatusButton variant="destructive" pending={pending} pendingLabel="Removing...">
          Remove
        </StatusButton>
      </div>
    </Form>
  );
}

export function LeaveForm() {
  const pending = useIsPending();
  return (
    <Form method="post" className="flex justify-end gap-3" aria-label="Leave Workspace">
      <input type="hidden" name="intent" value="leave" />
      <DialogCancel />
      <StatusButton variant="destructive" pending={pending} pendingLabel="Leaving...">
        Leave
      </StatusButton>
    </Form>
  );
}
