import { data, Form, Link } from "react-router";
import { z } from "zod";
import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { getDb } from "#app/db/client.server";
import { SHOPIFY_COMMON_ISSUES, SHOPIFY_DEBUG_MESSAGES } from "#app/modules/admin/diagnostics-copy";
import { shopifyDebug, ShopifyDebugError, testShopifyOAuthStart } from "#app/modules/admin/shopify-debug.server";
import { authContext } from "#app/modules/auth/guards.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { parseSubmission } from "#app/utils/forms.server";
import { DataTable, LevelBadge, PageTitle, Panel, YesNo } from "./admin-ui";
import { formatUtc } from "./mail-status";
import type { Route } from "./+types/shopify-debug";

export const meta: Route.MetaFunction = () => [{ title: "Shopify debug | Inkpilot Admin" }];

/** Run Diagnostic is a GET form: read-only, and the result has a URL to share with a colleague. */
export async function loader({ url }: Route.LoaderArgs) {
  const shop = url.searchParams.get("shop")?.trim() ?? "";
  if (!shop) return { shop, debug: null, error: null };
  try {
    return { shop, debug: await shopifyDebug(getDb(), shop), error: null };
  } catch (error) {
    if (error instanceof ShopifyDebugError) return { shop, debug: null, error: error.message };
    throw error;
  }
}

const ShopSchema = z.object({ shop: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, ShopSchema);
  const shop = submission.status === "success" ? (submission.value.shop ?? "") : "";
  const { user, site } = context.get(authContext);
  const result = await testShopifyOAuthStart(getDb(), { siteId: site.id, userId: user.id, shop });
  return data({ oauthStart: result }, { status: result.ok ? 200 : 400 });
}

export default function ShopifyDebug({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const { shop, debug, error } = loaderData;
  const start = actionData?.oauthStart ?? null;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="shopify-debug-title" title="Shopify debug">
        One shop's install record, its pending OAuth states and the recent log lines that name it.
      </PageTitle>
      <Panel title="Shop">
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="shop" className="text-sm font-medium text-slate-800">
              Shop domain
            </label>
            <input
              id="shop"
              name="shop"
              required
              defaultValue={shop}
              placeholder="your-store.myshopify.com"
              className="block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <Button type="submit">Run Diagnostic</Button>
          <Button type="submit" formMethod="post" variant="secondary" disabled={pending}>
            Test OAuth Start
          </Button>
          <Link to="/dashboard/admin/integrations?logProvider=shopify#diagnostic-log" className="text-sm text-brand-600 hover:underline">
            Callback logs
          </Link>
        </Form>
        <div className="mt-4 flex flex-col gap-3">
          {error ? <FormMessage title={SHOPIFY_DEBUG_MESSAGES.debugFailed} description={error} /> : null}
          {start && !start.ok ? <FormMessage title={SHOPIFY_DEBUG_MESSAGES.oauthStartFailed} description={start.error} /> : null}
          {start?.ok ? (
            <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
              <p className="font-semibold">Install URL for {start.shop} (not opened)</p>
              <p className="mt-1 break-all font-mono text-xs" data-testid="oauth-start-url">
                {start.url}
              </p>
              <p className="mt-1">
                Its state expires {formatUtc(start.expiresAt)} and is bound to your own site: following it connects this shop to your site.
              </p>
            </div>
          ) : null}
        </div>
      </Panel>

      {debug ? (
        <>
          <Panel title="Installation">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-500">Installed</dt>
              <dd>
                <YesNo value={debug.installation.exists} />
              </dd>
              {debug.installation.details ? (
                <>
                  <dt className="text-slate-500">External id</dt>
                  <dd>{debug.installation.details.external_id}</dd>
                  <dt className="text-slate-500">Installed at</dt>
                  <dd>{formatUtc(debug.installation.details.created_at)}</dd>
                  <dt className="text-slate-500">Scope</dt>
                  <dd>{debug.installation.details.scope || "—"}</dd>
                </>
              ) : null}
            </dl>
          </Panel>
          <Panel title={`OAuth states (${debug.oauth_states.count})`}>
            <DataTable
              caption="OAuth states for this shop"
              columns={["State", "Expires"]}
              empty="No pending OAuth state for this shop."
              rows={debug.oauth_states.states.map((s, i) => ({
                key: `${s.state}-${i}`,
                cells: [
                  <span key="s" className="font-mono">
                    {s.state}
                  </span>,
                  `${formatUtc(s.expires_at)}${s.expired ? " (expired)" : ""}`,
                ],
              }))}
            />
          </Panel>
          <Panel title="Recent logs">
            <DataTable
              caption="Recent log lines for this shop"
              columns={["When", "Stage", "Level", "Correlation id", "Detail"]}
              empty="No log lines for this shop."
              rows={debug.logs.entries.map((l) => ({
                key: l.id,
                cells: [
                  formatUtc(l.created_at),
                  l.stage,
                  <LevelBadge key="l" level={l.level} />,
                  <span key="c" className="font-mono">
                    {l.correlation_id}
                  </span>,
                  <span key="d" className="break-all">
                    {l.detail}
                  </span>,
                ],
              }))}
            />
          </Panel>
        </>
      ) : null}

      <Panel title="Common issues">
        <ul className="flex flex-col gap-2 text-sm text-slate-700">
          {SHOPIFY_COMMON_ISSUES.map((issue) => (
            <li key={issue.title}>
              <strong>{issue.title}.</strong> {issue.detail}
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
