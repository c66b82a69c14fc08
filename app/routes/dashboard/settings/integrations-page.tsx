import { Link } from "react-router";
import { requestContext } from "#app/context";
import { getDb } from "#app/db/client.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { integrationsTabAction } from "#app/routes/dashboard/settings/integrations-actions.server";
import { integrationsTabData } from "#app/routes/dashboard/settings/integrations-data.server";
import { IntegrationsTab } from "#app/routes/dashboard/settings/integrations-tab";
import { DASHBOARD_CONTAINER } from "#app/components/dashboard-container";
import { cn } from "#app/utils/cn";
import type { Route } from "./+types/integrations-page";

/**
 * The standalone integrations page (docs/product.md "Publishing"): the same
 * destinations, checks and connect dialogs as Settings → Integrations, with
 * troubleshooting tips for the failures customers meet most.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

export const meta: Route.MetaFunction = () => [{ title: "Integrations | Inkpilot" }, { name: "robots", content: "noindex" }];

export async function loader({ context, url }: Route.LoaderArgs) {
  return integrationsTabData(getDb(), context.get(authContext), url);
}

export async function action({ request, context }: Route.ActionArgs) {
  return integrationsTabAction(request, context.get(authContext), "/integrations", context.get(requestContext).ip ?? null);
}

const TIPS = [
  "WordPress answers 401 or 403 with the right password: a security plugin (Wordfence and others) or your host blocks the REST API or application passwords. Allow them for Inkpilot, then 'Check again'.",
  "WordPress says no credentials arrived: your host strips the Authorization header. Add the line the connection check shows to .htaccess (Apache) or your nginx site.",
  "Shopify: enter the store's .myshopify.com address, approve every permission asked, and choose the blog; if the app was removed in Shopify, connect again.",
  "Wix: Wix Blog must be installed on the site and a site member is needed as the author; connecting creates one when there is none.",
  "Notion: share the database with the integration (the database's ••• menu → Connections).",
  "Webflow: the collection needs a Rich text field for the body; add Plain text fields named SEO title and Meta description to carry the meta tags.",
  "Nothing arrives at your webhook: check that it answers 2xx within 15 seconds and does not redirect; use 'Check again' to send a signed test.",
];

export default function IntegrationsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className={cn(DASHBOARD_CONTAINER, "px-4 py-8")}>
      <p className="text-sm">
        <Link to="/dashboard" className="font-medium text-brand-700 hover:underline">
          ← Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Integrations</h1>
      <div className="mt-6">
        <IntegrationsTab view={loaderData} actionData={actionData} />
      </div>
      <section aria-labelledby="tips-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="tips-title" className="text-lg font-semibold">
          Troubleshooting
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-slate-700">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </main>
  );
}
