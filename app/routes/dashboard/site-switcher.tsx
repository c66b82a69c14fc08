import { Form, Link, useLocation } from "react-router";
import type { SiteChoice } from "#app/modules/workspaces/sites.server";
import { cn } from "#app/utils/cn";
import { ChevronUpDownIcon } from "#app/components/icons";
import { useDisclosure } from "./use-disclosure";

/**
 * The sidebar's site switcher (docs/decisions/043): every site of every
 * workspace the user belongs to, grouped by workspace. Each is a plain form
 * posting to /dashboard/sites/switch, so it works without JavaScript.
 */

export type SwitcherData = {
  current: { id: string; name: string };
  sites: Array<Pick<SiteChoice, "id" | "name" | "workspaceId" | "workspaceName">>;
};

function initialOf(name: string) {
  return name.trim()[0]?.toUpperCase() ?? "?";
}

export function SiteSwitcher({ switcher, collapsed }: { switcher: SwitcherData; collapsed: boolean }) {
  const ref = useDisclosure();
  const location = useLocation();
  const workspaces = new Map<string, { name: string; sites: SwitcherData["sites"] }>();
  for (const site of switcher.sites) {
    const group = workspaces.get(site.workspaceId) ?? { name: site.workspaceName, sites: [] };
    group.sites.push(site);
    workspaces.set(site.workspaceId, group);
  }
  const several = workspaces.size > 1;
  return (
    <details ref={ref} className="relative px-2" data-testid="site-switcher">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-2 rounded-md border border-slate-200 bg-white p-1.5 text-left hover:bg-slate-100 [&::-webkit-details-marker]:hidden",
          collapsed && "justify-center border-0 bg-transparent",
        )}
        aria-label={`Current site: ${switcher.current.name}. Switch site`}
      >
        <span
          aria-hidden="true"
          className="flex h-6 w-6 shrink-0 items-center justify-center rounded bg-slate-800 text-xs font-semibold text-white"
        >
          {initialOf(switcher.current.name)}
        </span>
        <span className={cn("min-w-0 flex-1 truncate text-sm font-medium text-slate-900", collapsed && "sr-only")}>
          {switcher.current.name}
        </span>
        {collapsed ? null : <ChevronUpDownIcon className="h-4 w-4 shrink-0 text-slate-500" />}
      </summary>
      <div
        className={cn(
          "absolute z-30 mt-1 max-h-80 w-60 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg",
          collapsed ? "left-full top-0 ml-2" : "left-2",
        )}
      >
        {[...workspaces.entries()].map(([workspaceId, group]) => (
          <div key={workspaceId} role="group" aria-label={several ? group.name : "Sites"}>
            {several ? (
              <p className="truncate px-2 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{group.name}</p>
            ) : null}
            <ul>
              {group.sites.map((site) => (
                <li key={site.id}>
                  <Form method="post" action="/dashboard/sites/switch">
                    <input type="hidden" name="siteId" value={site.id} />
                    <input type="hidden" name="redirectTo" value={location.pathname} />
                    <button
                      type="submit"
                      aria-current={site.id === switcher.current.id ? "true" : undefined}
                      className={cn(
                        "flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100",
                        site.id === switcher.current.id && "font-semibold text-brand-700",
                      )}
                    >
                      <span className="truncate">{site.name}</span>
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="mt-1 border-t border-slate-100 pt-1">
          <Link to="/dashboard/sites" className="block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
            Manage sites
          </Link>
          <Link to="/dashboard/team" className="block rounded px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
            Team
          </Link>
        </div>
      </div>
    </details>
  );
}
