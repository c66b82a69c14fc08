import { z } from "zod";
import { getDb } from "#app/db/client.server";
import { requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { consumeRateLimit, RATE_LIMIT_MESSAGE } from "#app/modules/auth/rate-limit.server";
import { ROLE_LABELS } from "#app/modules/auth/permissions";
import {
  ChangeRoleSchema,
  InviteSchema,
  RemoveMemberSchema,
  RenameWorkspaceSchema,
  RevokeSchema,
} from "#app/modules/workspaces/team-forms";
import {
  changeRole,
  inviteMember,
  removeMember,
  renameWorkspace,
  revokeInvitation,
  type MemberChangeResult,
} from "#app/modules/workspaces/team.server";
import { parseSubmission, replyError } from "#app/utils/forms.server";
import { forbidden, notFound, badRequest } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";

/**
 * The Team page's actions, one per intent. Permission first (403 and nothing
 * changes), then the rules on the rows (team.server.ts); each success
 * redirects back with a toast, so every form works without JavaScript.
 */

const PAGE = "/dashboard/team";
const OWNER_ONLY = "Only an owner can make an owner or change an owner's role.";

const REFUSALS: Record<Exclude<MemberChangeResult, { ok: true }>["reason"], { title: string; description: string } | null> = {
  "not-found": null,
  "owner-only": null,
  "last-owner": { title: "The last owner stays", description: "Make another member an owner first: a workspace always has an owner." },
  "only-workspace": { title: "This is your only workspace", description: "You cannot leave the only workspace you belong to." },
};

const keys = (n: number) => (n === 1 ? "1 API key" : `${n} API keys`);

/** What happened to the removed member's API keys, for the toast; undefined when they had none. */
function removedKeysNote(revoked: number, kept: number) {
  if (revoked) return `${keys(revoked)} they created ${revoked === 1 ? "was" : "were"} revoked.`;
  if (kept)
    return `${keys(kept)} they created still ${kept === 1 ? "works" : "work"}: revoke ${kept === 1 ? "it" : "them"} in Settings → Integrations when no longer needed.`;
  return undefined;
}

function refused(result: Exclude<MemberChangeResult, { ok: true }>) {
  if (result.reason === "not-found") notFound("Member not found");
  if (result.reason === "owner-only") forbidden(OWNER_ONLY);
  return redirectWithToast(PAGE, { type: "error", ...REFUSALS[result.reason]! });
}

const TeamIntentSchema = z.object({ intent: z.enum(["invite", "revoke", "role", "remove", "leave", "rename"]) });

export async function teamAction(request: Request, auth: AuthState, ip: string | null) {
  const db = getDb();
  const { formData, submission: chosen } = await parseSubmission(request, TeamIntentSchema);
  if (chosen.status !== "success") return badRequest("Unknown action");
  const actor = { userId: auth.user.id, ip, role: auth.role, fullName: auth.user.fullName, email: auth.user.email };
  switch (chosen.value.intent) {
    case "invite": {
      requirePermission(auth, "members.manage");
      const { submission } = await parseSubmission(formData, InviteSchema);
      if (submission.status !== "success") return replyError(submission);
      if (!(await consumeRateLimit("invite", { ip: ip ?? undefined, email: auth.user.email })))
        return replyError(submission, { status: 429, notice: { title: "Invitation not sent", description: RATE_LIMIT_MESSAGE } });
      const result = await inviteMember(db, auth.workspace, submission.value, actor);
      if (!result.ok) return replyError(submission, { fieldErrors: { email: ["This person is already a member of this workspace."] } });
      return redirectWithToast(PAGE, { title: "Invitation sent", description: `We emailed ${submission.value.email} a link to join.` });
    }
    case "revoke": {
      requirePermission(auth, "members.manage");
      const { submission } = await parseSubmission(formData, RevokeSchema);
      if (submission.status !== "success" || !(await revokeInvitation(db, auth.workspace.id, submission.value.invitationId, actor)))
        notFound("Invitation not found");
      return redirectWithToast(PAGE, { title: "Invitation revoked" });
    }
    case "role": {
      requirePermission(auth, "members.manage");
      const { submission } = await parseSubmission(formData, ChangeRoleSchema);
      if (submission.status !== "success") return replyError(submission);
      const result = await changeRole(db, auth.workspace.id, submission.value.userId, submission.value.role, actor);
      if (!result.ok) return refused(result);
      return redirectWithToast(PAGE, { title: "Role changed", description: `Now ${ROLE_LABELS[submission.value.role]}.` });
    }
    case "remove": {
      requirePermission(auth, "members.manage");
      const { submission } = await parseSubmission(formData, RemoveMemberSchema);
      if (submission.status !== "success") notFound("Member not found");
      const { userId, revokeApiKeys } = submission.value;
      const result = await removeMember(db, auth.workspace.id, userId, actor, { revokeApiKeys });
      if (!result.ok) return refused(result);
      return redirectWithToast(PAGE, {
        title: "Member removed",
        description: removedKeysNote(result.revokedApiKeys ?? 0, result.keptApiKeys ?? 0),
      });
    }
    case "rename": {
      requirePermission(auth, "workspace.rename");
      const { submission } = await parseSubmission(formData, RenameWorkspaceSchema);
      if (submission.status !== "success") return replyError(submission);
      await renameWorkspace(db, auth.workspace.id, submission.value.name, actor);
      return redirectWithToast(PAGE, { title: "Workspace renamed", description: `It is now ${submission.value.name}.` });
    }
    case "leave": {
      const result = await removeMember(db, auth.workspace.id, auth.user.id, actor);
      if (!result.ok) return refused(result);
      return redirectWithToast("/dashboard", { title: `You left ${auth.workspace.name}` });
    }
  }
}
