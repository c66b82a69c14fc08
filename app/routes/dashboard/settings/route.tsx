import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { accountView } from "#app/modules/account/account.server";
import type { WorkspaceRole } from "#app/db/schema";
import { authContext, requirePermission, type AuthState } from "#app/modules/auth/guards.server";
import { can, type Permission } from "#app/modules/auth/permissions";
import { getBrandSettings } from "#app/modules/settings/brand.server";
import { getContentSettings } from "#app/modules/settings/content.server";
import { useSavedFormsKey } from "#app/components/forms";
import { TabNav } from "#app/components/tab-nav";
import { publishingView } from "#app/modules/publishing/schedule.server";
import { sitePagesSummary } from "#app/modules/onboarding/site-pages-job.server";
import { formatDateTime, zonedDate } from "#app/utils/time";
import { hasAiProvider } from "#app/modules/ai/providers.server";
import { countUnstartedPlanDays } from "#app/modules/plan/items.server";
import { blogTabAction } from "./blog-actions.server";
import { blogTabData } from "./blog-data.server";
import { BlogTab } from "./blog-tab";
import { integrationsTabData } from "./integrations-data.server";
import { integrationsTabAction } from "./integrations-actions.server";
import { IntegrationsTab } from "./integrations-tab";
import { accountAction } from "./account-actions.server";
import { AccountSections } from "./account-sections";
import { brandTabAction, contentTabAction, publishingTabAction } from "./actions.server";
import { BrandTab } from "./brand-tab";
import { ContentTab } from "./content-tab";
import { PublishingTab } from "./publishing-tab";
import type { Route } from "./+types/route";

/** Body limit (server/request-body.ts): the brand logo upload. */
export const bodyLimit = "upload";

export const handle = { breadcrumb: "Settings" };

export const meta: Route.MetaFunction = () => [{ title: "Settings | Inkpilot" }];

/** Settings tabs, chosen by ?tab= (default brand). */
const TABS = [
  { id: "brand", label: "Brand", permission: "settings.manage" },
  { id: "content", label: "Content", permission: "settings.manage" },
  { id: "account", label: "Account", permission: null },
  // Read-only for editors (they publish to these destinations); its actions check connections.manage.
  { id: "integrations", label: "Integrations", permission: null },
  { id: "publishing", label: "Publishing", permission: "settings.manage" },
  { id: "blog", label: "Blog", permission: "blog.manage" },
] as const satisfies ReadonlyArray<{ id: string; label: string; permission: Permission | null }>;
type TabId = (typeof TABS)[number]["id"];

/** The tabs this role may open (editors: Account, and Integrations to read; docs/decisions/044). */
function tabsFor(role: WorkspaceRole) {
  return TABS.filter((t) => t.permission === null || can(role, t.permission)).map(({ id, label }) => ({ id, label }));
}

/** The asked tab (403 when the role may not open it), else the first the role may. */
function currentTab(url: URL, auth: AuthState): TabId {
  const asked = TABS.find((t) => t.id === url.searchParams.get("tab"));
  if (asked?.permission) requirePermission(auth, asked.permission);
  return asked?.id ?? tabsFor(auth.role)[0]!.id;
}

/** The site's read pages for the Brand tab, with the time of the last read in the site's zone. */
async function sitePagesView(db: ReturnType<typeof getDb>, auth: AuthState) {
  const summary = await sitePagesSummary(db, auth.site.id);
  return { ...summary, readAtText: summary.readAt ? formatDateTime(summary.readAt, auth.site.timeZone) : null };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const tab = currentTab(url, auth);
  const db = getDb();
  return {
    tab,
    tabs: tabsFor(auth.role),
    account: accountView(auth),
    brand: tab === "brand" ? await getBrandSettings(db, auth.site.id) : null,
    sitePages: tab === "brand" ? await sitePagesView(db, auth) : null,
    // After the business was described anew: the plan's days still to write, offered a re-plan (decision 070).
    replanDays:
      tab === "brand" && url.searchParams.get("replan") === "1"
        ? await countUnstartedPlanDays(db, auth.site.id, zonedDate(new Date(), auth.site.timeZone))
        : 0,
    content: tab === "content" ? await getContentSettings(db, auth.site.id) : null,
    integrations: tab === "integrations" ? await integrationsTabData(db, auth, url) : null,
    publishing: tab === "publishing" ? await publishingView(db, auth.site.id) : null,
    blog: tab === "blog" ? await blogTabData(db, auth, url) : null,
    // Without one, the language choices say what the built-in writer cannot write (decision 069).
    aiProvider: hasAiProvider(),
  };
}

/**
 * One action per tab (docs/decisions/027-settings-tabs-in-the-query-string.md):
 * the tab's forms post to its URL (?tab=…), and each tab dispatches its own intents.
 */
export async function action({ request, context, url }: Route.ActionArgs) {
  const auth = context.get(authContext);
  switch (currentTab(url, auth)) {
    case "brand":
      return brandTabAction(request, url, auth, context.get(requestContext).ip);
    case "content":
      return contentTabAction(request, url, auth, context.get(requestContext).ip);
    case "account":
      return accountAction({ request, url, auth, ip: context.get(requestContext).ip });
    case "integrations":
      return integrationsTabAction(request, auth, undefined, context.get(requestContext).ip ?? null);
    case "publishing":
      return publishingTabAction(request, url, auth, context.get(requestContext).ip);
    case "blog":
      return blogTabAction(request, auth, context.get(requestContext));
  }
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, tabs, account, brand, sitePages, content, integrations, publishing, blog, aiProvider, replanDays } = loaderData;
  // A save remounts the forms, so they start from the saved values; a refusal does not, so what was typed after
  // its errors appeared survives the revalidation that follows it.
  const formsKey = useSavedFormsKey(actionData);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight">Settings</h1>
      <TabNav label="Settings sections" tabs={tabs} current={tab} className="mt-4" />
      <div className="mt-6" key={formsKey}>
        {tab === "brand" && brand && sitePages ? (
          <BrandTab brand={brand} sitePages={sitePages} actionData={actionData} aiProvider={aiProvider} replanDays={replanDays} />
        ) : null}
        {tab === "content" && content ? <ContentTab content={content} actionData={actionData} aiProvider={aiProvider} /> : null}
        {tab === "account" ? <AccountSections account={account} actionData={actionData} /> : null}
        {tab === "integrations" && integrations ? <IntegrationsTab view={integrations} actionData={actionData} /> : null}
        {tab === "publishing" && publishing ? <PublishingTab view={publishing} actionData={actionData} /> : null}
        {tab === "blog" && blog ? <BlogTab view={blog} actionData={actionData} /> : null}
      </div>
    </div>
  );
}
