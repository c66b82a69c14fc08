import { getDb } from "#app/db/client.server";
import { receiveStripeWebhook } from "#app/modules/billing/stripe-events.server";
import { getBilling } from "#app/modules/billing/stripe.server";
import type { Route } from "./+types/webhooks.stripe";

/** Body limit (server/request-body.ts): read whole for the signature check. */
export const bodyLimit = "webhook";

/**
 * Stripe's webhook (docs/decisions/046): the signature is checked on the raw body
 * (at most 1 MB, server/request-body.ts) before anything is parsed; each event is
 * recorded once and applied by a job. Exempt from the same-origin check
 * (server/same-origin.ts) because the signature proves the sender.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  const rawBody = Buffer.from(await request.arrayBuffer());
  const outcome = await receiveStripeWebhook(getDb(), getBilling(), rawBody, request.headers.get("Stripe-Signature"));
  return new Response(outcome.body, { status: outcome.status, headers: { "Content-Type": "text/plain" } });
}
