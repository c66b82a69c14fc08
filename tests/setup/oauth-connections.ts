import type { DB } from "#app/db/client.server";
import { connectPlatform } from "#app/modules/publishing/connect.server";
import { completeShopifyInstall, startShopifyInstall } from "#app/modules/publishing/platforms/shopify/oauth.server";
import { finishWixInstall } from "#app/modules/publishing/platforms/wix/callback.server";
import { startWixInstall } from "#app/modules/publishing/platforms/wix/install.server";
import { completeWordPressComConnect, startWordPressComConnect } from "#app/modules/publishing/platforms/wordpress-com/oauth.server";
import type { ShopifyFake } from "#tests/fakes/shopify";
import { ORIGIN } from "#tests/setup/route-harness";

/**
 * Connections to the OAuth platforms as the callback routes make them: our
 * start URL, the fake's authorize page (which approves at once), then the
 * callback's completion and connectPlatform (connect + doctor + saved row).
 * The fakes' app credentials and URLs must already be in the environment.
 */

type Tenant = { siteId: string; userId: string };

/** Follows the authorize URL to the fake and returns the query it sends back to our callback. */
async function approve(authorizeUrl: string) {
  const answer = await fetch(authorizeUrl, { redirect: "manual" });
  const location = answer.headers.get("location");
  if (answer.status !== 302 || !location) throw new Error(`The fake did not approve: ${answer.status} ${await answer.text()}`);
  return new URL(location).searchParams;
}

/** As app/routes/integrations/shopify-callback.ts. */
export async function connectShopify(db: DB, tenant: Tenant, fake: ShopifyFake) {
  const { url } = await startShopifyInstall(db, { ...tenant, shop: fake.shop, appUrl: ORIGIN });
  const install = await completeShopifyInstall(db, await approve(url), { expectedSiteId: tenant.siteId });
  const { connection } = await connectPlatform(db, tenant, "shopify", {
    siteUrl: `https://${install.shop}`,
    secret: "",
    options: { ...install.options, ...install.credentials },
  });
  return connection;
}

/** As app/routes/integrations/wix-callback.ts (finishWixInstall). */
export async function connectWix(db: DB, tenant: Tenant) {
  const { url } = await startWixInstall(db, { ...tenant, appUrl: ORIGIN });
  const outcome = await finishWixInstall(db, tenant, await approve(url));
  if (!outcome.ok) throw new Error(`Wix install failed: ${JSON.stringify(outcome)}`);
  return outcome.connectionId;
}

/** As app/routes/integrations/wordpress-com-callback.ts. */
export async function connectWordPressCom(db: DB, tenant: Tenant) {
  const { url } = await startWordPressComConnect(db, { ...tenant, appUrl: ORIGIN });
  const result = await completeWordPressComConnect(db, await approve(url), { expectedSiteId: tenant.siteId });
  const { connection } = await connectPlatform(db, tenant, "wordpress_com", {
    siteUrl: result.options.blogUrl,
    secret: result.credentials.accessToken,
    options: result.options,
  });
  return connection;
}
