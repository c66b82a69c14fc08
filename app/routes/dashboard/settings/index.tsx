import { useLocation } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { accountView } from "#app/modules/account/account.server";
import { authContext } from "#app/modules/auth/guards.server";
import { getBrandSettings } from "#app/modules/settings/brand.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { integrationsTabData } from "./integrations-data.server";
import { integrationsTabAction } from "./integrations-actions.server";
import { IntegrationsTab } from "./integrations-tab";
import { TabNav } from "#app/components/tab-nav";
import { accountAction } from "../account-actions.server";
import { AccountSections } from "../account-sections";
import { brandTabAction, contentTabAction } from "./actions.server";
import { BrandTab } from "./brand-tab";
import { ContentTab } from "./content-tab";
import type { Route } from "./+types/index";

export const handle = { breadcrumb: "Settings" };

export const meta: Route.MetaFunction = () => [{ title: "Settings | Inkpilot" }];

/**
 * Settings tabs, chosen by ?tab= (default brand). Publishing joins this list
 * when it is built.
 */
const TABS = [
  { id: "brand", label: "Brand" },
  { id: "content", label: "Content" },
  { id: "account", label: "Account" },
  { id: "integrations", label: "Integrations" },
] as const;
type TabId = (typeof TABS)[number]["id"];

function currentTab(url: URL): TabId {
  const asked = url.searchParams.get("tab");
  return TABS.find((t) => t.id === asked)?.id ?? "brand";
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const tab = currentTab(url);
  const db = getDb();
  return {
    tab,
    account: accountView(auth),
    brand: tab === "brand" ? await getBrandSettings(db, auth.site.id) : null,
    content: tab === "content" ? await getContentSettings(db, auth.site.id) : null,
    integrations: tab === "integrations" ? await integrationsTabData(db, auth, url) : null,
  };
}

/**
 * One action per tab (docs/decisions/027-settings-tabs-in-the-query-string.md):
 * the tab's forms post to its URL (?tab=…), and each tab dispatches its own intents.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(authContext);
  switch (currentTab(url)) {
    case "brand":
      return brandTabAction(request, url, auth, context.get(requestContext).ip);
    case "content":
      return contentTabAction(request, url, auth, context.get(requestContext).ip);
    case "account":
      return accountAction({ request, url, auth, ip: context.get(requestContext).ip });
    case "integrations":
      return integrationsTabAction(request, auth, undefined, context.get(requestContext).ip ?? null);
  }
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, account, brand, content, integrations } = loaderData;
  // A new location after each save remounts the forms, so they start from the saved values.
  const location = useLocation();
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <TabNav label="Settings sections" tabs={TABS} current={tab} className="mt-4" />
      <div className="mt-6" key={location.key}>
        {tab === "brand" && brand ? <BrandTab brand={brand} actionData={actionData} /> : null}
        {tab === "content" && content ? <ContentTab content={content} actionData={actionData} /> : null}
        {tab === "account" ? <AccountSections account={account} actionData={actionData} /> : null}
        {tab === "integrations" && integrations ? <IntegrationsTab view={integrations} actionData={actionData} /> : null}
      </div>
    </div>
  );
}
