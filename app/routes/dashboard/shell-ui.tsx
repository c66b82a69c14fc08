import { Form, Link, useLocation, useMatches } from "react-router";
import { LogoMark } from "#app/components/logo";
import { cn } from "#app/utils/cn";
import {
  CalendarIcon,
  ChartIcon,
  ChevronUpDownIcon,
  FileTextIcon,
  LinkIcon,
  ListChecksIcon,
  LogOutIcon,
  MenuIcon,
  PanelLeftIcon,
  PenIcon,
  SettingsIcon,
  SparklesIcon,
  TagIcon,
  UserIcon,
} from "#app/components/icons";
import { SiteSwitcher, type SwitcherData } from "./site-switcher";
import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from "./sidebar-state";
import { useDisclosure } from "./use-disclosure";

/** The dashboard shell's pieces: sidebar (desktop and mobile sheet), its toggle, the user menu and the breadcrumb. */

/** Pages name themselves in the breadcrumb with `export const handle = { breadcrumb: "Articles" }`. */
type DashboardHandle = { breadcrumb?: string };

type NavEntry = { label: string; href: string; icon: (p: { className?: string }) => React.ReactElement; exact?: string[] };

const NAV: NavEntry[] = [
  { label: "Write", href: "/dashboard/write", icon: PenIcon },
  // Articles is the dashboard index, so it must not light up on every /dashboard/* page.
  { label: "Articles", href: "/dashboard", icon: FileTextIcon, exact: ["/dashboard", "/dashboard/articles"] },
  { label: "Topics", href: "/dashboard/topics", icon: TagIcon },
  { label: "Content Plan", href: "/dashboard/plan", icon: ListChecksIcon },
  { label: "Scheduler", href: "/dashboard/scheduler", icon: CalendarIcon },
  { label: "Backlinks", href: "/dashboard/backlinks", icon: LinkIcon },
  { label: "Results", href: "/dashboard/results", icon: ChartIcon },
  { label: "Settings", href: "/dashboard/settings", icon: SettingsIcon },
];

function isNavActive(entry: Pick<NavEntry, "href" | "exact">, pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (entry.exact) return entry.exact.includes(path);
  return path === entry.href || path.startsWith(`${entry.href}/`);
}

export function writeSidebarCookie(open: boolean) {
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

function Avatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join("") || "?";
  return url ? (
    <img src={url} alt="" className={cn("h-8 w-8 shrink-0 rounded-full object-cover", className)} />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        "flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-700",
        className,
      )}
    >
      {initials}
    </span>
  );
}

function UserMenu({ user, collapsed }: { user: { name: string; email: string; avatarUrl: string | null }; collapsed: boolean }) {
  const ref = useDisclosure();
  return (
    <details ref={ref} className="relative" data-testid="user-menu">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-2 rounded-md p-1.5 text-left hover:bg-slate-200/70 [&::-webkit-details-marker]:hidden",
          collapsed && "justify-center",
        )}
        aria-label={`Account menu for ${user.name}`}
      >
        <Avatar name={user.name} url={user.avatarUrl} />
        <span className={cn("min-w-0 flex-1", collapsed && "sr-only")}>
          <span className="block truncate text-sm font-medium text-slate-900">{user.name}</span>
          <span className="block truncate text-xs text-slate-500">{user.email}</span>
        </span>
        {collapsed ? null : <ChevronUpDownIcon className="h-4 w-4 text-slate-500" />}
      </summary>
      <div
        className={cn(
          "absolute z-30 w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg",
          collapsed ? "bottom-0 left-full ml-2" : "bottom-full left-0 mb-2",
        )}
      >
        <div className="border-b border-slate-100 px-2 py-1.5">
          <p className="truncate text-sm font-medium">{user.name}</p>
          <p className="truncate text-xs text-slate-500">{user.email}</p>
        </div>
        <Link to="/dashboard/account" className="mt-1 flex items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100">
          <UserIcon />
          Account
        </Link>
        <Form method="post" action="/signout">
          <button type="submit" className="flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100">
            <LogOutIcon />
            Sign Out
          </button>
        </Form>
      </div>
    </details>
  );
}

export function SidebarBody({
  collapsed,
  pathname,
  user,
  showUpgrade,
  switcher,
}: {
  collapsed: boolean;
  pathname: string;
  user: { name: string; email: string; avatarUrl: string | null };
  showUpgrade: boolean;
  switcher: SwitcherData;
}) {
  return (
    <>
      <div className={cn("flex h-14 shrink-0 items-center gap-2 px-3", collapsed && "justify-center px-0")}>
        <Link to="/dashboard" className="flex items-center gap-2 font-bold tracking-tight" aria-label="Inkpilot dashboard">
          <LogoMark className="h-7 w-7 shrink-0" />
          <span className={cn(collapsed && "sr-only")}>Inkpilot</span>
        </Link>
      </div>
      <SiteSwitcher switcher={switcher} collapsed={collapsed} />
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-2 py-2">
        <ul className="flex flex-col gap-1">
          {NAV.map((entry) => {
            const active = isNavActive(entry, pathname);
            const Icon = entry.icon;
            return (
              <li key={entry.href}>
                <Link
                  to={entry.href}
                  aria-current={active ? "page" : undefined}
                  title={collapsed ? entry.label : undefined}
                  className={cn(
                    "flex h-9 items-center gap-2 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-200/70 hover:text-slate-900",
                    active && "bg-brand-50 text-brand-700 hover:bg-brand-100 hover:text-brand-700",
                    collapsed && "justify-center px-0",
                  )}
                >
                  <Icon className="h-4 w-4 shrink-0" />
                  <span className={cn("truncate", collapsed && "sr-only")}>{entry.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="flex shrink-0 flex-col gap-2 border-t border-slate-200 p-2">
        {showUpgrade ? (
          <Link
            to="/dashboard/upgrade"
            title={collapsed ? "Upgrade Plan" : undefined}
            className={cn(
              "flex h-9 items-center justify-center gap-2 rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700",
              collapsed && "px-0",
            )}
          >
            <SparklesIcon className="h-4 w-4 shrink-0" />
            <span className={cn(collapsed && "sr-only")}>Upgrade Plan</span>
          </Link>
        ) : null}
        <UserMenu user={user} collapsed={collapsed} />
      </div>
    </>
  );
}

/** No backdrop-filter or transform on its ancestors: either would trap the fixed sheet inside the header. */
export function MobileSidebar(props: {
  pathname: string;
  user: { name: string; email: string; avatarUrl: string | null };
  showUpgrade: boolean;
  switcher: SwitcherData;
}) {
  const ref = useDisclosure();
  return (
    <details ref={ref} className="group/sheet md:hidden" data-testid="mobile-sidebar">
      {/* Open, the summary's ::before covers the page as a backdrop: a click on it closes the sheet without JavaScript. */}
      <summary
        aria-label="Open menu"
        className="flex h-9 w-9 cursor-pointer list-none items-center justify-center rounded-md hover:bg-slate-100 [&::-webkit-details-marker]:hidden group-open/sheet:before:fixed group-open/sheet:before:inset-0 group-open/sheet:before:z-40 group-open/sheet:before:bg-slate-900/50 group-open/sheet:before:content-['']"
      >
        <MenuIcon className="h-5 w-5" />
      </summary>
      <aside
        aria-label="Sidebar"
        className="fixed inset-y-0 left-0 z-50 flex w-[18rem] max-w-[85vw] flex-col border-r border-slate-200 bg-slate-50 shadow-xl"
      >
        <SidebarBody collapsed={false} {...props} />
      </aside>
    </details>
  );
}

export function Breadcrumb() {
  const matches = useMatches();
  const page = [...matches].reverse().find((m) => (m.handle as DashboardHandle | undefined)?.breadcrumb);
  const label = (page?.handle as DashboardHandle | undefined)?.breadcrumb;
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex items-center gap-1.5 text-sm text-slate-500">
        <li>
          {label ? (
            <Link to="/dashboard" className="hover:text-slate-900">
              Dashboard
            </Link>
          ) : (
            <span aria-current="page" className="font-medium text-slate-900">
              Dashboard
            </span>
          )}
        </li>
        {label ? (
          <>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="truncate font-medium text-slate-900">
              {label}
            </li>
          </>
        ) : null}
      </ol>
    </nav>
  );
}

/** The desktop sidebar's toggle: without JavaScript it posts to /dashboard/sidebar, which stores the state in a cookie. */
export function SidebarToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/dashboard/sidebar"
      className="hidden md:block"
      onSubmit={(event) => {
        // With JavaScript the toggle is instant and writes the cookie itself.
        event.preventDefault();
        onToggle();
      }}
    >
      <input type="hidden" name="open" value={open ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label="Toggle sidebar"
        aria-expanded={open}
        title="Toggle sidebar (Ctrl/Cmd+B)"
        className="flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <PanelLeftIcon className="h-5 w-5" />
      </button>
    </Form>
  );
}
