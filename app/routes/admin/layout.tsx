import { isRouteErrorResponse, NavLink, Outlet } from "react-router";
import { authContext, requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { cn } from "#app/utils/cn";
import type { Route } from "./+types/layout";

/** Operator pages: their own shell and guard, independent of the customer dashboard layout. */
export const middleware = [requireAuth, requireOperator];

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  return { operator: { email: user.email } };
}

const links = [
  { to: "/dashboard/admin/mailbox", label: "Mailbox" },
  { to: "/dashboard/admin/sessions", label: "Sessions" },
];

function AdminNav() {
  return (
    <nav aria-label="Admin" className="flex gap-1">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            cn("rounded-md px-3 py-1.5 text-sm font-medium", isActive ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100")
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-3">
          <a href="/dashboard" className="font-semibold text-slate-900">
            Inkpilot <span className="font-normal text-slate-500">Admin</span>
          </a>
          <AdminNav />
          <p className="ml-auto text-sm text-slate-500">Signed in as {loaderData.operator.email}</p>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-8">
        <Outlet />
      </main>
    </div>
  );
}

/** Errors of the admin layout itself. (A refusal by the guards is shown by the root boundary: the shell never loaded.) */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const denied = isRouteErrorResponse(error) && error.status === 403;
  return (
    <main className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{denied ? "Access Denied" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-600">
        {denied ? "Access Denied - You need admin privileges to access this page." : "The admin page could not be loaded. Please try again."}
      </p>
      <a href="/dashboard" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 text-white">
        Back to the dashboard
      </a>
    </main>
  );
}
