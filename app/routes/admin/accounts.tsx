import { Form, Link } from "react-router";
import { getDb } from "#app/db/client.server";
import { Button } from "#app/components/ui/button";
import { searchAccounts } from "#app/modules/admin/accounts.server";
import { DataTable, FilterField, filterInputClass, PageTitle, YesNo } from "./admin-ui";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/accounts";

export const meta: Route.MetaFunction = () => [{ title: "Users and workspaces | Inkpilot Admin" }];

export async function loader({ url }: Route.LoaderArgs) {
  const q = url.searchParams.get("q") ?? "";
  return { q, users: await searchAccounts(getDb(), q) };
}

export default function Accounts({ loaderData }: Route.ComponentProps) {
  const { q, users } = loaderData;
  return (
    <section aria-labelledby="accounts-title">
      <PageTitle id="accounts-title" title="Users and workspaces">
        Find a customer by email, name or workspace name; open a user to end their sessions, or a workspace to see its members, sites and
        usage and to set its plan.
      </PageTitle>
      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
        <FilterField label="Search">
          <input type="search" name="q" defaultValue={q} className={`w-72 ${filterInputClass}`} />
        </FilterField>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <DataTable
        caption="Users"
        testId="accounts-table"
        columns={["User", "Verified", "Workspaces", "Last sign-in", "Created"]}
        empty={q ? "No user or workspace matches." : "No users yet."}
        rows={users.map((user) => ({
          key: user.id,
          cells: [
            <div key="u">
              <Link to={`/dashboard/admin/accounts/users/${user.id}`} className="font-medium text-brand-700 underline">
                {user.email}
              </Link>
              {user.full_name ? <p className="text-xs text-slate-600">{user.full_name}</p> : null}
              {user.is_operator ? <p className="text-xs font-medium text-slate-700">Operator</p> : null}
            </div>,
            <YesNo key="v" value={user.email_verified_at !== null} />,
            <ul key="w" className="flex flex-col gap-1">
              {user.workspaces.map((w) => (
                <li key={w.id}>
                  <Link to={`/dashboard/admin/accounts/workspaces/${w.id}`} className="text-brand-700 underline">
                    {w.name}
                  </Link>{" "}
                  <span className="text-xs text-slate-600">
                    ({w.role}, {w.plan})
                  </span>
                </li>
              ))}
            </ul>,
            formatUtc(user.last_signed_in_at),
            formatUtc(user.created_at),
          ],
        }))}
      />
      {users.length === 50 ? <p className="mt-3 text-sm text-slate-600">Showing the newest 50; narrow the search to see others.</p> : null}
    </section>
  );
}
