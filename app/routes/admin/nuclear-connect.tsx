import { FormMessage } from "#app/components/forms";
import { Button } from "#app/components/ui/button";
import { PageTitle, Panel } from "./admin-ui";
import type { Route } from "./+types/nuclear-connect";

/**
 * Nuclear connect (docs/product.md "Debug and utility pages"): the bare connect
 * entry points, for when the Integrations tab itself misbehaves. The OAuth
 * flows redirect back here with the query parameters shown as banners. The
 * connection is bound to the signed-in operator's own site by the session
 * (the spec's hidden userId field is not trusted, so there is none).
 */

export const meta: Route.MetaFunction = () => [{ title: "Nuclear connect | Inkpilot Admin" }];

/** Where each connect starts: the routes the Integrations tab's Connect buttons use. */
export const CONNECT_START = { shopify: "/integrations/shopify/start", wix: "/integrations/wix/start" } as const;
export const PING_URL = "/resources/ping";

export function loader({ url }: Route.LoaderArgs) {
  const q = url.searchParams;
  // Banner texts come from the URL: shown as text only, and cut short so a crafted link cannot fill the page.
  const cut = (v: string | null) => (v ? v.slice(0, 300) : null);
  return {
    error: cut(q.get("error")) ?? cut(q.get("err")),
    connected: cut(q.get("connected")),
    shopifyConnected: q.get("shopify") === "connected",
    wixConnected: q.get("wix") === "connected",
  };
}

export default function NuclearConnect({ loaderData }: Route.ComponentProps) {
  const { error, connected, shopifyConnected, wixConnected } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle id="nuclear-connect-title" title="Nuclear connect">
        The raw connect flows for testing, connected to your own site.
      </PageTitle>
      <div className="flex flex-col gap-2">
        {error ? <FormMessage title="Connection error" description={error} /> : null}
        {connected ? <FormMessage tone="success" title="Connected" description={`Connected: ${connected}`} /> : null}
        {shopifyConnected ? <FormMessage tone="success" title="Shopify connected" /> : null}
        {wixConnected ? <FormMessage tone="success" title="Wix connected" /> : null}
      </div>
      <Panel title="Shopify">
        <form method="get" action={CONNECT_START.shopify} className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor="nuclear-shop" className="text-sm font-medium text-slate-800">
              Shop domain
            </label>
            <input
              id="nuclear-shop"
              name="shop"
              required
              placeholder="your-store.myshopify.com"
              className="block w-72 rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <Button type="submit">Connect Shopify</Button>
        </form>
      </Panel>
      <Panel title="Wix">
        <Button asChild variant="secondary">
          <a href={CONNECT_START.wix}>Connect Wix</a>
        </Button>
      </Panel>
      <Panel title="API">
        <a href={PING_URL} className="text-sm text-brand-600 hover:underline">
          Ping the API
        </a>
        <p className="mt-1 text-xs text-slate-500">Expect {`{"ok":true,"where":"server"}`}.</p>
      </Panel>
    </div>
  );
}
