import { Link } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { UrlDialog } from "#app/components/url-dialog";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { liveKeysCreatedBy } from "#app/modules/api/keys.server";
import { authContext, requirePermission } from "#app/modules/auth/guards.server";
import { can } from "#app/modules/auth/permissions";
import { canLeave, listInvitations, listMembers } from "#app/modules/workspaces/team.server";
import { replyFor } from "#app/utils/form-reply";
import { notFound } from "#app/utils/responses.server";
import { teamAction } from "./actions.server";
import { InviteForm, LeaveForm, MembersList, PendingInvitations, RemoveMemberForm } from "./team-ui";
import { RenameWorkspaceForm } from "./rename-workspace-form";
import type { Route } from "./+types/route";

/**
 * The workspace's team (docs/decisions/044): every member sees who is in it;
 * owners and admins (members.manage) invite, revoke, change roles and remove;
 * only owners make or touch owners; anyone but the last owner may leave.
 * Dialogs live in the URL: ?invite=1, ?remove={userId}, ?leave=1. Remove lists the
 * API keys the member created and revokes them with the removal unless unticked.
 */

export const handle = { breadcrumb: "Team" };

export const meta: Route.MetaFunction = () => [{ title: "Team | Inkpilot" }];

const PAGE = "/dashboard/team";

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const db = getDb();
  const manage = can(auth.role, "members.manage");
  const members = await listMembers(db, auth.workspace.id);
  const params = url.searchParams;
  let dialog = null;
  if (params.has("invite")) {
    requirePermission(auth, "members.manage");
    dialog = { kind: "invite" } as const;
  } else if (params.get("remove")) {
    requirePermission(auth, "members.manage");
    const member = members.find((m) => m.userId === params.get("remove")) ?? notFound("Member not found");
    dialog = { kind: "remove", member, apiKeys: await liveKeysCreatedBy(db, auth.workspace.id, member.userId) } as const;
  } else if (params.has("rename")) {
    requirePermission(auth, "workspace.rename");
    dialog = { kind: "rename" } as const;
  } else if (params.has("leave")) {
    dialog = { kind: "leave" } as const;
  }
  return {
    workspaceName: auth.workspace.name,
    me: { userId: auth.user.id, role: auth.role },
    members,
    invitations: manage ? await listInvitations(db, auth.workspace.id) : [],
    allowed: {
      manage,
      owners: auth.role === "owner",
      rename: can(auth.role, "workspace.rename"),
      leave: await canLeave(db, auth.workspace.id, auth.user.id, auth.role),
    },
    dialog,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return teamAction(request, context.get(authContext), context.get(requestContext).ip ?? null);
}

type Dialog = NonNullable<Route.ComponentProps["loaderData"]["dialog"]>;

function TeamDialog({ dialog, workspaceName, actionData }: { dialog: Dialog; workspaceName: string; actionData: unknown }) {
  if (dialog.kind === "invite")
    return (
      <UrlDialog
        title="Invite Member"
        description={`They get an email with a link to join ${workspaceName}, valid for 7 days.`}
        closeTo={PAGE}
      >
        <InviteForm reply={replyFor(actionData, "invite")} />
      </UrlDialog>
    );
  if (dialog.kind === "rename")
    return (
      <UrlDialog title="Rename Workspace" description="Invitations, the site switcher and mails show this name." closeTo={PAGE}>
        <RenameWorkspaceForm name={workspaceName} reply={replyFor(actionData, "rename")} />
      </UrlDialog>
    );
  if (dialog.kind === "remove")
    return (
      <UrlDialog
        title="Remove Member"
        description={`${dialog.member.name} (${dialog.member.email}) loses access to ${workspaceName}.`}
        closeTo={PAGE}
      >
        <RemoveMemberForm userId={dialog.member.userId} apiKeys={dialog.apiKeys} />
      </UrlDialog>
    );
  return (
    <UrlDialog
      title="Leave Workspace"
      description={`You lose access to ${workspaceName} and its sites until someone invites you again.`}
      closeTo={PAGE}
    >
      <LeaveForm />
    </UrlDialog>
  );
}

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workspaceName, me, members, invitations, allowed, dialog } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Team</h1>
          <p className="mt-1 text-sm text-slate-600">The members of {workspaceName}.</p>
        </div>
        <div className="flex gap-3">
          {allowed.rename ? (
            <Button asChild variant="secondary">
              <Link to="?rename=1" preventScrollReset>
                Rename Workspace
              </Link>
            </Button>
          ) : null}
          {allowed.leave ? (
            <Button asChild variant="secondary">
              <Link to="?leave=1" preventScrollReset>
                Leave Workspace
              </Link>
            </Button>
          ) : null}
          {allowed.manage ? (
            <Button asChild>
              <Link to="?invite=1" preventScrollReset>
                Invite Member
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
      {dialog ? <TeamDialog dialog={dialog} workspaceName={workspaceName} actionData={actionData} /> : null}
      <MembersList members={members} me={me} allowed={allowed} />
      {allowed.manage && invitations.length ? <PendingInvitations invitations={invitations} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusCopy={{ 404: { title: "Member not found", message: "This person is not a member of this workspace." } }}
      back={{ to: PAGE, label: "Back to the team" }}
    />
  );
}
