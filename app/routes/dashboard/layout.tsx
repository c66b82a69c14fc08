import { useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getDb } from "#app/db/client.server";
import { avatarUrl } from "#app/modules/account/avatar.server";
import { BillingBanner } from "#app/components/billing-banner";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { billingBanner, checkoutReturn } from "#app/modules/billing/return.server";
import { can } from "#app/modules/auth/permissions";
import { onboardingState } from "#app/modules/onboarding/state.server";
import { listSitesOfUser } from "#app/modules/workspaces/sites.server";
import { cn } from "#app/utils/cn";
import { DASHBOARD_CONTAINER } from "#app/components/dashboard-container";
import { OnboardingDialog } from "./onboarding-dialog";
import { Breadcrumb, MobileSidebar, SidebarBody, SidebarToggle, writeSidebarCookie } from "./shell-ui";
import { readSidebarOpen } from "./sidebar-state";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireAuth, checkoutReturn];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const { user, workspace } = auth;
  const db = getDb();
  return {
    user: { name: user.fullName || user.username, email: user.email, avatarUrl: avatarUrl(user.avatarPath) },
    workspace: { plan: workspace.plan, trialEndsAt: workspace.trialEndsAt, trialArticlesUsed: workspace.trialArticlesUsed },
    sidebarOpen: readSidebarOpen(request.headers.get("Cookie")),
    onboarding: await onboardingState(db, auth, url),
    switcher: { current: { id: auth.site.id, name: auth.site.name }, sites: await listSitesOfUser(db, user.id) },
    billingBanner: await billingBanner(db, auth, context),
    // Billing is the owner's (permissions.ts): other roles get no Upgrade button.
    canManageBilling: can(auth.role, "billing.manage"),
  };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  const { user, workspace } = loaderData;
  const location = useLocation();
  const [open, setOpen] = useState(loaderData.sidebarOpen);
  // A no-JS-style round trip (or another tab) may change the cookie; follow the server.
  useEffect(() => setOpen(loaderData.sidebarOpen), [loaderData.sidebarOpen]);

  const toggle = () =>
    setOpen((was) => {
      writeSidebarCookie(!was);
      return !was;
    });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === "b" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((was) => {
          writeSidebarCookie(!was);
          return !was;
        });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const showUpgrade = workspace.plan !== "pro" && loaderData.canManageBilling;
  const collapsed = !open;

  return (
    <div className="flex min-h-screen bg-white" data-sidebar-state={open ? "expanded" : "collapsed"}>
      <aside
        aria-label="Sidebar"
        data-testid="sidebar"
        data-state={open ? "expanded" : "collapsed"}
        className={cn(
          "sticky top-0 hidden h-screen shrink-0 flex-col border-r border-slate-200 bg-slate-50 transition-[width] duration-200 md:flex",
          open ? "w-64" : "w-12",
        )}
      >
        <SidebarBody
          collapsed={collapsed}
          pathname={location.pathname}
          user={user}
          showUpgrade={showUpgrade}
          switcher={loaderData.switcher}
        />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4">
          <MobileSidebar pathname={location.pathname} user={user} showUpgrade={showUpgrade} switcher={loaderData.switcher} />
          <SidebarToggle open={open} onToggle={toggle} />
          <span aria-hidden="true" className="mx-1 h-5 w-px bg-slate-200" />
          <Breadcrumb />
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className={DASHBOARD_CONTAINER} data-testid="dashboard-container">
            <BillingBanner banner={loaderData.billingBanner} />
            <Outlet />
          </div>
        </main>
      </div>
      {loaderData.onboarding.show ? <OnboardingDialog state={loaderData.onboarding} /> : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary as="main" title="Something went wrong" back={{ to: "/dashboard", label: "Back to the dashboard" }} />;
}
