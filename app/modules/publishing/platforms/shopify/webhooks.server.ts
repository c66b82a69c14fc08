import { createHash } from "node:crypto";
import { inTransaction, type DB } from "#app/db/client.server";
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
 *
 * The shop acted on is the one named in the signed body, and the unsigned X-Shopify-Shop-Domain header
 * must agree with it; each delivery id is handled once (docs/decisions/052).
 */

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

/**
 * The shop a delivery is about, read from the signed body: the HMAC covers the body only, so the
 * X-Shopify-Shop-Domain header alone could name any store (docs/decisions/052). app/uninstalled carries the
 * Shop resource (`myshopify_domain`; `domain` is the same when the store has no custom domain); the privacy
 * topics carry `shop_domain`.
 */
function signedShop(topic: string, rawBody: Buffer | string): string | null {
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.isBuffer(rawBody) ? rawBody.toString("utf8") : rawBody);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const body = payload as Record<string, unknown>;
  if (topic === "app/uninstalled") return normalizeShopDomain(body.myshopify_domain) ?? normalizeShopDomain(body.domain);
  return normalizeShopDomain(body.shop_domain);
}

/**
 * Keeps the delivery's fingerprint (its topic and signed body) for its shop; false when it was seen before (a retry or a replay). The
 * fingerprint is the SHA-256 of the signed body, not the X-Shopify-Webhook-Id header: the header is not
 * signed, so a captured body re-sent under a new id must still count as the same delivery (docs/decisions/052).
 */
async function firstDelivery(db: DB, rawBody: Buffer | string, topic: string, shop: string) {
  const fingerprint = `sha256:${createHash("sha256").update(`${topic}\n`).update(rawBody).digest("hex")}`;
  const inserted = await db
    .insertInto("shopify_webhook_ids")
    .values({ id: fingerprint, topic, shop, received_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["shop", "id"]).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The HTTP status to answer: 401 for a bad signature, 400 for a malformed delivery or one whose header names another shop than its body, 200 otherwise. */
export async function handleShopifyWebhook(db: DB, input: ShopifyWebhookInput): Promise<number> {
  if (!verifyShopifyWebhookHmac(input.rawBody, input.hmacHeader, await shopifySecrets(db))) {
    await log(db, null, "warn", "webhook_bad_hmac", `topic=${input.topic ?? ""} shop=${(input.shopDomain ?? "").slice(0, 80)}`);
    return 401;
  }
  const headerShop = normalizeShopDomain(input.shopDomain);
  if (!headerShop || !input.topic) return 400;
  const webhookId = (input.webhookId ?? "").trim().slice(0, 100);
  const id = `id=${webhookId.slice(0, 60)}`;
  const topic = input.topic.toLowerCase();
  const acted = topic === "app/uninstalled" || topic === "shop/redact";
  if (!acted && topic !== "customers/data_request" && topic !== "customers/redact") {
    await log(db, null, "info", "webhook_ignored", `topic=${topic.slice(0, 60)} shop=${headerShop} ${id}`);
    return 200;
  }

  const shop = signedShop(topic, input.rawBody);
  if (shop !== headerShop) {
    await log(db, null, "warn", "webhook_shop_mismatch", `topic=${topic} header=${headerShop} body=${shop ?? "none"} ${id}`);
    return 400;
  }

  return inTransaction(db, async (trx) => {
    // Shopify's retries send the same signed body again; so does a replay, whatever id it claims.
    if (!(await firstDelivery(trx, input.rawBody, topic, shop))) {
      await log(trx, null, "info", "webhook_repeat", `topic=${topic} shop=${shop} ${id}`);
      return 200;
    }
    if (acted) {
      const reason =
        topic === "app/uninstalled"
          ? "The Inkpilot app was uninstalled from this Shopify store. Reconnect to publish again."
          : "Shopify asked us to erase this store's data.";
      const sites = await forgetShop(trx, shop, reason);
      for (const siteId of sites.length ? sites : [null])
        await log(trx, siteId, "info", `webhook_${topic.replace("/", "_")}`, `shop=${shop} ${id}`);
    } else {
      await log(trx, null, "info", `webhook_${topic.replace("/", "_")}`, `shop=${shop} ${id}: no customer data stored`);
    }
    return 200;
  });
}
