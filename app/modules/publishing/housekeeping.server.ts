import type { DB } from "#app/db/client.server";
import { DAY, isoIn } from "#app/utils/time";

/** How long a handled Shopify webhook id is remembered. */
const SHOPIFY_WEBHOOK_ID_RETENTION_MS = 30 * DAY;

/** Shopify retries a failed delivery for some hours; 30 days covers that and late manual replays (decision 052). */
export async function purgeOldShopifyWebhookIds(db: DB, now = new Date()) {
  await db.deleteFrom("shopify_webhook_ids").where("received_at", "<", isoIn(-SHOPIFY_WEBHOOK_ID_RETENTION_MS, now)).execute();
}
