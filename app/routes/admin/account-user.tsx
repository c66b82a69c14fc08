import { Form, Link } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { Button } from "#app/components/ui/button";
import { endUserSessions, userDetail } from "#app/modules/admin/accounts.server";
import { authContext } from "#app/modules/auth/guards.server";
import { notFound } from "#app/utils/responses.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { DataTable, PageTitle, Panel, YesNo } from "./admin-ui";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/account-user";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.user.email ?? "User"} | Inkpilot Admin` }];

export async function loader({ params }: Route.LoaderArgs) {
  return (await userDetail(getDb(), params.userId)) ?? notFound("User not found");
}

export async function action({ params, context, url }: Route.ActionArgs) {
  const db = getDb();
  const detail = await userDetail(db, params.userId);
  if (!detail) notFound("User not found");
  const { user } = context.get(authContext);
  const ended = await endUserSessions(db, params.userId, { userId: user.id, ip: context.get(requestContext).ip ?? null });
  // Ending one's own sessions signs this browser out too: the next page is the sign-in.
  return redirectWithToast(url.pathname, { title: "Sessions ended", description: `${ended} session(s) of ${detail.user.email} ended.` });
}

export default function AccountUser({ loaderData }: Route.ComponentProps) {
  const { user, workspaces, sessions } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="user-title" title={user.email}>
        <Link to="/dashboard/admin/accounts" className="text-brand-700 underline">
          Users and workspaces
        </Link>
      </PageTitle>
      <Panel title="Account">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">Name</dt>
          <dd>{user.full_name || "—"}</dd>
          <dt className="text-slate-500">Verified</dt>
          <dd>
            <YesNo value={user.email_verified_at !== null} />
          </dd>
          <dt className="text-slate-500">Onboarding finished</dt>
          <dd>
            <YesNo value={user.onboarding_completed_at !== null} />
          </dd>
          <dt className="text-slate-500">Operator</dt>
          <dd>
            <YesNo value={user.is_operator === 1} />
          </dd>
          <dt className="text-slate-500">Last sign-in</dt>
          <dd>{formatUtc(user.last_signed_in_at)}</dd>
          <dt className="text-slate-500">Created</dt>
          <dd>{formatUtc(user.created_at)}</dd>
        </dl>
      </Panel>
      <Panel title="Workspaces">
        <DataTable
          caption="Workspaces of this user"
          columns={["Workspace", "Role", "Plan", "Joined"]}
          empty="No workspace."
          rows={workspaces.map((w) => ({
            key: w.id,
            cells: [
              <Link key="w" to={`/dashboard/admin/accounts/workspaces/${w.id}`} className="text-brand-700 underline">
                {w.name}
              </Link>,
              w.role,
              w.plan,
              formatUtc(w.joinedAt),
            ],
          }))}
        />
      </Panel>
      <Panel title={`Active sessions (${sessions.length})`}>
        <DataTable
          caption="Active sessions"
          testId="user-sessions"
          columns={["Session", "Started", "Last seen", "Browser", "IP"]}
          empty="No active session."
          rows={sessions.map((s) => ({
            key: s.id,
            cells: [
              <code key="i">{s.id}…</code>,
              formatUtc(s.created_at),
              formatUtc(s.last_seen_at),
              <span key="b" className="block max-w-xs break-all text-xs">
                {s.user_agent ?? "—"}
              </span>,
              s.ip ?? "—",
            ],
          }))}
        />
        <Form method="post" className="mt-4">
          <Button type="submit" variant="secondary" disabled={sessions.length === 0}>
            End this user&apos;s sessions
          </Button>
        </Form>
      </Panel>
    </div>
  );
}
