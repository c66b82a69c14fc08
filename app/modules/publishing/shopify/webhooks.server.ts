import type { DB } from "#app/db/client.server";
import { normalizeShopDomain, SHOPIFY_PROVIDER, shopifySecrets, shortCorrelationId, verifyShopifyWebhookHmac } from "./oauth.server";

/**
 * Shopify's webhooks to the app: `app/uninstalled` and the three mandatory
 * privacy (compliance) topics. The HMAC is checked over the raw body before
 * anything is parsed; a bad one gets 401, as Shopify's review requires.
 *
 * Privacy topics: Inkpilot stores nothing about a shop's customers or orders
 * (only the shop's domain, our tokens and the articles we publish), so
 * customers/data_request has nothing to report and customers/redact nothing to
 * erase; each is answered 200 and recorded in the diagnostic log. shop/redact
 * (48 h after uninstall) forgets the shop's tokens and install record.
 */

export const SHOPIFY_COMPLIANCE_TOPICS = ["customers/data_request", "customers/redact", "shop/redact"] as const;

export type ShopifyWebhookInput = {
  topic: string | null;
  rawBody: Buffer | string;
  hmacHeader: string | null;
  shopDomain: string | null;
  webhookId: string | null;
};

async function log(db: DB, siteId: string | null, level: "info" | "warn", stage: string, detail: string) {
  await db
    .insertInto("diag_logs")
    .values({
      site_id: siteId,
      provider: SHOPIFY_PROVIDER,
      level,
      stage,
      detail: detail.slice(0, 200),
      correlation_id: shortCorrelationId(),
      created_at: new Date().toISOString(),
    })
    .execute();
}

/** The shop's connections lose their tokens and show as disconnected; publications stay for a reconnect. */
async function forgetShop(db: DB, shop: string, reason: string) {
  const now = new Date().toISOString();
  const rows = await db
    .updateTable("cms_connections")
    .set({ credentials_encrypted: null, status: "disconnected", last_error: reason, updated_at: now })
    .where("platform", "=", "shopify")
    .where("site_url", "=", `https://${shop}`)
    .returning(["site_id"])
    .execute();
  await db.deleteFrom("cms_installs").where("provider", "=", "shopify").where("external_id", "=", shop).execute();
  return rows.map((r) => r.site_id);
}

/** The HTTP status to answer: 401 for a bad signature, 400 for a malformed delivery, 200 otherwise. */
export async function handleShopifyWebhook(db: DB, input: ShopifyWebhookInput): Promise<number> {
  if (!verifyShopifyWebhookHmac(input.rawBody, input.hmacHeader, await shopifySecrets(db))) {
    await log(db, null, "warn", "webhook_bad_hmac", `topic=${input.topic ?? ""} shop=${(input.shopDomain ?? "").slice(0, 80)}`);
    return 401;
  }
  const shop = normalizeShopDomain(input.shopDomain);
  if (!shop || !input.topic) return 400;
  const id = `id=${(input.webhookId ?? "").slice(0, 60)}`;
  const topic = input.topic.toLowerCase();

  if (topic === "app/uninstalled" || topic === "shop/redact") {
    const reason =
      topic === "app/uninstalled"
        ? "The Inkpilot app was uninstalled from this Shopify store. Reconnect to publish again."
        : "Shopify asked us to erase this store's data.";
    // Idempotent, so a retried delivery (same webhook id) does no harm.
    const sites = await forgetShop(db, shop, reason);
    for (const siteId of sites.length ? sites : [null])
      await log(db, siteId, "info", `webhook_${topic.replace("/", "_")}`, `shop=${shop} ${id}`);
    return 200;
  }
  if (topic === "customers/data_request" || topic === "customers/redact") {
    await log(db, null, "info", `webhook_${topic.replace("/", "_")}`, `shop=${shop} ${id}: no customer data stored`);
    return 200;
  }
  await log(db, null, "info", "webhook_ignored", `topic=${topic.slice(0, 60)} shop=${shop} ${id}`);
  return 200;
}
