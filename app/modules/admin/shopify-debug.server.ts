import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import {
  normalizeShopDomain,
  SHOP_DOMAIN_MESSAGE,
  SHOPIFY_PROVIDER,
  ShopifyOAuthError,
  startShopifyInstall,
} from "#app/modules/publishing/platforms/shopify/oauth.server";
import { oauthStatesOverview } from "./publishing-diagnostics.server";

/**
 * The Shopify debug page (docs/product.md): for one shop, the install record, the
 * pending OAuth states started for it and the recent diagnostic lines that
 * name it, in the spec's "Shopify debug response" shape.
 */

export class ShopifyDebugError extends Error {
  override name = "ShopifyDebugError";
}

export async function shopifyDebug(db: DB, shopInput: string) {
  const shop = normalizeShopDomain(shopInput);
  if (!shop) throw new ShopifyDebugError(SHOP_DOMAIN_MESSAGE);
  const [install, states, logs] = await Promise.all([
    db
      .selectFrom("cms_installs")
      .select(["external_id", "created_at", "scope"])
      .where("provider", "=", "shopify")
      .where("external_id", "=", shop)
      .executeTakeFirst(),
    oauthStatesOverview(db, { provider: SHOPIFY_PROVIDER, shop }),
    db
      .selectFrom("diag_logs")
      .select(["id", "created_at", "stage", "level", "detail", "correlation_id"])
      .where("provider", "=", SHOPIFY_PROVIDER)
      // Shopify's install steps write `shop=<domain>` into the detail; a normalized domain holds no LIKE wildcard.
      .where("detail", "like", `%shop=${shop}%`)
      .orderBy("id", "desc")
      .limit(30)
      .execute(),
  ]);
  return {
    shop,
    installation: { exists: Boolean(install), details: install ?? null },
    oauth_states: {
      count: states.count,
      states: states.states.map((s) => ({ state: s.state, expires_at: s.expires_at, expired: s.expired })),
    },
    logs: { entries: logs },
  };
}

/**
 * Builds Shopify's install URL as the connect button would, without
 * redirecting. It creates a real state bound to the operator's own site, so
 * following the link would connect that shop to the operator's site.
 */
export async function testShopifyOAuthStart(db: DB, input: { siteId: string; userId: string; shop: string }) {
  try {
    const started = await startShopifyInstall(db, { ...input, appUrl: getEnv().appUrl });
    return { ok: true as const, url: started.url, expiresAt: started.expiresAt, shop: started.shop };
  } catch (error) {
    if (error instanceof ShopifyOAuthError) return { ok: false as const, error: error.message };
    throw error;
  }
}
