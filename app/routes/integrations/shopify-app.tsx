import { Link } from "react-router";
import { getDb } from "#app/db/client.server";
import { normalizeShopDomain, shopifySecrets, verifyShopifyQueryHmac } from "#app/modules/publishing/platforms/shopify/oauth.server";
import type { Route } from "./+types/shopify-app";

/**
 * The page Shopify opens as the app's URL (docs/product.md "Publishing"):
 * which store this is, what the app does, and the way to connect it or go to
 * the dashboard. The shop name is shown only when Shopify's HMAC over the
 * query proves it came from Shopify.
 */

export const meta: Route.MetaFunction = () => [{ title: "Inkpilot for Shopify" }, { name: "robots", content: "noindex" }];

export async function loader({ url }: Route.LoaderArgs) {
  const shop = normalizeShopDomain(url.searchParams.get("shop") ?? "");
  const secrets = shop && url.searchParams.has("hmac") ? await shopifySecrets(getDb()) : [];
  const verified = !!shop && secrets.length > 0 && verifyShopifyQueryHmac(url.searchParams, secrets);
  const installed =
    verified && shop
      ? !!(await getDb()
          .selectFrom("cms_installs")
          .select("id")
          .where("provider", "=", "shopify")
          .where("external_id", "=", shop)
          .executeTakeFirst())
      : false;
  return { shop: verified ? shop : null, installed };
}

const FEATURES = [
  {
    title: "Blog Management",
    text: "Articles arrive in your store's blog as drafts, with featured image, tags and SEO fields.",
    available: true,
  },
  { title: "Content Generation", text: "SEO articles researched and written in your brand's voice.", available: true },
  { title: "Analytics", text: "How your articles perform.", available: false },
];

const LINKS = [
  { to: "/dashboard/write", label: "Write an article" },
  { to: "/dashboard/settings?tab=integrations", label: "Settings" },
  { to: "/dashboard/articles", label: "Articles" },
  { to: "/dashboard/topics", label: "Topics" },
  { to: "/help-center", label: "Help center" },
];

export default function ShopifyAppPage({ loaderData }: Route.ComponentProps) {
  const { shop, installed } = loaderData;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Inkpilot for Shopify</h1>
      <p className="mt-2 text-slate-700">
        {shop ? (
          <>
            Store: <strong>{shop}</strong> {installed ? "(connected)" : "(not connected yet)"}
          </>
        ) : (
          "Open Inkpilot from your Shopify admin, or connect your store from Inkpilot's Settings → Integrations."
        )}
      </p>
      {shop && !installed ? (
        <form method="post" action="/integrations/shopify/start" className="mt-4">
          <input type="hidden" name="shop" value={shop} />
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Connect this store
          </button>
        </form>
      ) : null}
      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title} className="rounded-lg border border-slate-200 p-4">
            <h2 className="font-semibold">{f.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{f.text}</p>
            <p className="mt-2 text-xs font-medium text-slate-700">{f.available ? "Available" : "Coming soon"}</p>
          </li>
        ))}
      </ul>
      <nav aria-label="Quick links" className="mt-8 flex flex-wrap gap-4 text-sm">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="font-medium text-brand-700 hover:underline">
            {l.label}
          </Link>
        ))}
      </nav>
    </main>
  );
}
