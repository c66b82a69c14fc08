import crypto from "node:crypto";
import type { DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { newId } from "#app/utils/crypto.server";
import { linkStripeCustomer } from "#app/modules/workspaces/plan.server";
import { countSites } from "#app/modules/workspaces/sites.server";
import { logger } from "#app/utils/logger.server";
import { type BillingInterval } from "./plans";
import { liveSubscription, syncSubscription } from "./subscriptions.server";
import type { BillingConfig } from "./stripe.server";
import type Stripe from "stripe";

/**
 * Buying Pro and managing it (docs/decisions/046): a Checkout Session in
 * subscription mode for every site of the workspace, the billing portal for
 * cards, invoices and cancellation, and the read of a returning checkout.
 * Access is granted only from what Stripe says (the webhook, or our own read
 * of the session), never from the return URL.
 */

export class BillingError extends Error {
  override name = "BillingError";
  readonly title: string;
  readonly correlationId: string | null;
  constructor(title: string, message: string, correlationId: string | null = null) {
    super(message);
    this.title = title;
    this.correlationId = correlationId;
  }
}

/** A form's one-time key, so a double submit replays Stripe's first answer instead of creating a second session. */
export function newRequestKey() {
  return crypto.randomBytes(12).toString("base64url");
}
const REQUEST_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const requestKeyOf = (value: string | null | undefined) => (value && REQUEST_KEY.test(value) ? value : newRequestKey());

function stripeFailure(error: unknown, what: string, context: Record<string, unknown>) {
  const correlationId = newId();
  logger.error({ err: error, correlationId, ...context }, `stripe ${what} failed`);
  const stripeMessage = (error as { type?: string; message?: string }).type ? (error as Error).message : null;
  return { correlationId, stripeMessage };
}

/** Starts a checkout for Pro on every site of the workspace; returns the hosted page's URL. */
export async function startCheckout(
  db: DB,
  billing: BillingConfig,
  {
    workspaceId,
    email,
    interval,
    requestKey,
  }: { workspaceId: string; email: string; interval: BillingInterval; requestKey?: string | null },
) {
  if (await liveSubscription(db, workspaceId))
    throw new BillingError("Already on Pro", "This workspace already has a Pro subscription. Manage it from the plan page.");
  const workspace = await db.selectFrom("workspaces").select("stripe_customer_id").where("id", "=", workspaceId).executeTakeFirstOrThrow();
  const quantity = await countSites(db, workspaceId);
  const appUrl = getEnv().appUrl;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "subscription",
    line_items: [{ price: billing.prices[interval], quantity }],
    success_url: `${appUrl}/dashboard?upgrade=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/dashboard/upgrade?checkout=cancelled`,
    client_reference_id: workspaceId,
    metadata: { workspace_id: workspaceId },
    subscription_data: { metadata: { workspace_id: workspaceId } },
    ...(workspace.stripe_customer_id ? { customer: workspace.stripe_customer_id } : { customer_email: email }),
  };
  try {
    const session = await billing.stripe.checkout.sessions.create(params, {
      idempotencyKey: `checkout-${workspaceId}-${interval}-${quantity}-${requestKeyOf(requestKey)}`,
    });
    if (!session.url) throw new Error("Stripe returned no checkout URL");
    return session.url;
  } catch (error) {
    const { correlationId } = stripeFailure(error, "checkout", { workspaceId, interval, quantity });
    throw new BillingError(
      "Checkout could not start",
      `The payment page could not be opened. Nothing was charged; please try again in a minute (reference ${correlationId}).`,
      correlationId,
    );
  }
}

/**
 * A customer back from checkout (`?upgrade=success&session_id=`): reads the
 * session from Stripe and, when it is this workspace's and paid, applies the
 * subscription now rather than waiting for the webhook. Returns whether it
 * did; any failure leaves the work to the webhook.
 */
export async function confirmCheckoutReturn(db: DB, billing: BillingConfig, workspaceId: string, sessionId: string | null) {
  if (!sessionId || !/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return false;
  try {
    const session = await billing.stripe.checkout.sessions.retrieve(sessionId);
    if (session.client_reference_id !== workspaceId || session.status !== "complete") return false;
    if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") return false;
    const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
    if (!subscriptionId) return false;
    await syncSubscription(db, billing.stripe, subscriptionId, { workspaceId });
    return true;
  } catch (error) {
    stripeFailure(error, "checkout return", { workspaceId, sessionId });
    return false;
  }
}

export type PortalResult = { url: string } | { fallbackUrl: string | null; correlationId: string };

/** A billing portal session for the workspace's customer; on failure the configured fallback link, if any. */
export async function openBillingPortal(
  db: DB,
  billing: BillingConfig,
  workspaceId: string,
  requestKey?: string | null,
): Promise<PortalResult> {
  const workspace = await db.selectFrom("workspaces").select("stripe_customer_id").where("id", "=", workspaceId).executeTakeFirstOrThrow();
  if (!workspace.stripe_customer_id)
    throw new BillingError("No subscription yet", "This workspace has no billing account yet. Upgrade to Pro first.");
  try {
    const portal = await billing.stripe.billingPortal.sessions.create(
      { customer: workspace.stripe_customer_id, return_url: `${getEnv().appUrl}/dashboard/upgrade` },
      { idempotencyKey: `portal-${workspaceId}-${requestKeyOf(requestKey)}` },
    );
    if (!portal.url) throw new Error("No portal URL received");
    return { url: portal.url };
  } catch (error) {
    const { correlationId } = stripeFailure(error, "billing portal", { workspaceId });
    return { fallbackUrl: billing.portalFallbackUrl, correlationId };
  }
}

/** Records the customer id a completed checkout made, for the portal and later checkouts. */
export async function linkCustomer(db: DB, workspaceId: string, customerId: string) {
  await linkStripeCustomer(db, workspaceId, customerId);
}
