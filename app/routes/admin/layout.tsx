import { Link, NavLink, Outlet } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { authContext, requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { cn } from "#app/utils/cn";
import { ADMIN_PAGES } from "./admin-pages";
import type { Route } from "./+types/layout";

/** Operator pages: their own shell and guard, independent of the customer dashboard layout. */
export const middleware = [requireAuth, requireOperator];

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  return { operator: { email: user.email } };
}

const links = [{ to: "/dashboard/admin", label: "Overview" }, ...ADMIN_PAGES];

function AdminNav() {
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-1">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.to === "/dashboard/admin"}
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
            Inkpilot <span className="font-normal text-slate-600">Admin</span>
          </a>
          <AdminNav />
          <div className="ml-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <p className="text-slate-600">Signed in as {loaderData.operator.email}</p>
            {/* Operator pages sit beside the customer dashboard, one click away. */}
            <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
              Back to the dashboard
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-8">
        <Outlet />
      </main>
    </div>
  );
}

/**
 * Errors of the admin layout itself. A refusal by the guards is shown by the
 * root boundary, in the public frame with the way back to the dashboard
 * (middleware throws before this shell loads; docs/decisions/034).
 */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      as="main"
      statusCopy={{ 403: { title: "Access Denied", message: "Access Denied - You need admin privileges to access this page." } }}
      unexpectedCopy={{ title: "Something went wrong", message: "The admin page could not be loaded. Please try again." }}
      back={{ to: "/dashboard", label: "Back to the dashboard" }}
    />
  );
}
