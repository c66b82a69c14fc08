import { getDb } from "#app/db/client.server";
import { handleShopifyWebhook } from "#app/modules/publishing/platforms/shopify/webhooks.server";
import type { Route } from "./+types/webhooks.shopify";

/** Body limit (server/request-body.ts): read whole for the signature check. */
export const bodyLimit = "webhook";

/**
 * Shopify's webhooks (app/uninstalled and the three privacy topics): verified
 * by HMAC over the raw body before anything is parsed; 401 when it fails, as
 * Shopify's review requires. The shop acted on comes from the signed body (docs/decisions/052). Exempt from the same-origin check (server/same-origin.ts) because the signature proves the sender.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const rawBody = Buffer.from(await request.arrayBuffer());
  const status = await handleShopifyWebhook(getDb(), {
    topic: request.headers.get("X-Shopify-Topic") ?? "",
    rawBody,
    hmacHeader: request.headers.get("X-Shopify-Hmac-Sha256") ?? "",
    shopDomain: request.headers.get("X-Shopify-Shop-Domain") ?? "",
    // Both stay the same on Shopify's retries (https://shopify.dev/docs/apps/build/webhooks/verify-deliveries).
    webhookId: request.headers.get("X-Shopify-Webhook-Id") || request.headers.get("X-Shopify-Event-Id") || "",
  });
  return new Response(null, { status });
}
