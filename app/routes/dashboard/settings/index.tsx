import { Link } from "react-router";
import { accountView } from "#app/modules/account/account.server";
import { handleAccountAction } from "#app/modules/account/actions.server";
import { authContext } from "#app/modules/auth/guards.server";
import { cn } from "#app/utils/cn";
import { AccountSections } from "../account-forms";
import type { Route } from "./+types/index";

export const handle = { breadcrumb: "Settings" };

export const meta: Route.MetaFunction = () => [{ title: "Settings | Inkpilot" }];

/**
 * Settings tabs, chosen by ?tab=. Only the Account tab exists so far, so it is
 * the default; Brand, Content, Integrations and Publishing join this list as
 * they are built.
 */
const TABS = [{ id: "account", label: "Account" }] as const;
type TabId = (typeof TABS)[number]["id"];

function currentTab(url: URL): TabId {
  const asked = url.searchParams.get("tab");
  return TABS.find((t) => t.id === asked)?.id ?? "account";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { tab: currentTab(new URL(request.url)), account: accountView(context.get(authContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleAccountAction(request, context.get(authContext));
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, account } = loaderData;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <nav aria-label="Settings sections" className="mt-4 border-b border-slate-200">
        <ul className="-mb-px flex gap-4">
          {TABS.map((t) => (
            <li key={t.id}>
              <Link
                to={`?tab=${t.id}`}
                aria-current={t.id === tab ? "page" : undefined}
                className={cn(
                  "inline-block border-b-2 px-1 pb-2 text-sm font-medium",
                  t.id === tab ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                {t.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">{tab === "account" ? <AccountSections account={account} actionData={actionData} /> : null}</div>
    </div>
  );
}
