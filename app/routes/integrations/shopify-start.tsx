import { z } from "zod";
import { getDb } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { authContext, requireAuth } from "#app/modules/auth/guards.server";
import { canManageConnections } from "#app/modules/publishing/access";
import { ShopifyOAuthError, startShopifyInstall } from "#app/modules/publishing/platforms/shopify/oauth.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { parseSubmission } from "#app/utils/forms.server";
import type { Route } from "./+types/shopify-start";

/**
 * Starts connecting a Shopify store (GET from a link with ?shop=, or POST from
 * the connect dialog): a state bound to this site and user, then Shopify's
 * authorize page. The way there is a page that refreshes to Shopify (and a
 * link), not a redirect: a form's redirect to another origin is blocked by our
 * CSP's form-action 'self', which we keep. Failures go back to the
 * Integrations tab with the reason.
 */

export const middleware: Route.MiddlewareFunction[] = [requireAuth];

const back = "/dashboard/settings?tab=integrations";

async function start(context: Route.LoaderArgs["context"], shop: string) {
  const auth = context.get(authContext);
  if (!canManageConnections(auth.role)) {
    return redirectWithToast(back, {
      type: "error",
      title: "Shopify start failed",
      description: "Only workspace owners and admins can connect a store.",
    });
  }
  try {
    const { url, shop: store } = await startShopifyInstall(getDb(), {
      siteId: auth.site.id,
      userId: auth.user.id,
      shop,
      appUrl: getEnv().appUrl,
    });
    return { url, shop: store };
  } catch (error) {
    if (!(error instanceof ShopifyOAuthError)) throw error;
    return redirectWithToast(`${back}&connect=shopify`, { type: "error", title: "Shopify start failed", description: error.message });
  }
}

export async function loader({ context, url }: Route.LoaderArgs) {
  // After the dialog's POST the loader runs too, without ?shop=: the action's answer is the page then.
  const shop = url.searchParams.get("shop");
  return shop === null ? null : start(context, shop);
}

const ShopSchema = z.object({ shop: z.string().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const parsed = form ? (await parseSubmission(form, ShopSchema)).submission : null;
  return start(context, parsed?.status === "success" ? (parsed.value.shop ?? "") : "");
}

export const meta: Route.MetaFunction = () => [{ title: "Connecting Shopify | Inkpilot" }];

export default function ShopifyStart({ loaderData, actionData }: Route.ComponentProps) {
  const next = actionData ?? loaderData;
  if (!next || !("url" in next)) {
    return (
      <main className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">Connect Shopify</h1>
        <a
          href="/dashboard/settings?tab=integrations&connect=shopify"
          className="mt-4 inline-block font-medium text-brand-700 hover:underline"
        >
          Enter your store's address in Settings → Integrations
        </a>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center">
      {/* React hoists this into <head>: the browser goes on to Shopify with or without JavaScript. */}
      <meta httpEquiv="refresh" content={`0;url=${next.url}`} />
      <h1 className="text-xl font-semibold">Taking you to Shopify…</h1>
      <p className="mt-2 text-slate-700">Approve Inkpilot for {next.shop}; Shopify then sends you back here.</p>
      <a href={next.url} className="mt-6 inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
        Continue to Shopify
      </a>
    </main>
  );
}
