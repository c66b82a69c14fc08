import { inTransaction, type DB } from "#app/db/client.server";
import type { Subscription } from "#app/db/schema";
import { newId } from "#app/utils/crypto.server";
import { applySubscriptionOutcome } from "#app/modules/workspaces/plan.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { entitlementOf, grantsAccess, hasEnded, type Entitlement, type SubscriptionFacts } from "./entitlements";
import type Stripe from "stripe";
import type { BillingInterval } from "./plans";

/**
 * The workspace's side of Stripe subscriptions (docs/decisions/046): every
 * change is applied by re-reading the subscription from Stripe, never from an
 * event's copy, so duplicates and out-of-order delivery converge on what
 * Stripe says now.
 */

function subscriptionFacts(row: Subscription): SubscriptionFacts {
  return {
    status: row.status,
    interval: row.interval,
    quantity: row.quantity,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    paymentFailedAt: row.payment_failed_at,
    endedAt: row.ended_at,
    updatedAt: row.updated_at,
  };
}

async function listSubscriptions(db: DB, workspaceId: string) {
  return db
    .selectFrom("subscriptions")
    .selectAll()
    .where("workspace_id", "=", workspaceId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The subscription that gives the workspace Pro now, if any (the one a site-count change updates). */
export async function liveSubscription(db: DB, workspaceId: string, now: Date = new Date()) {
  const rows = await listSubscriptions(db, workspaceId);
  return rows.find((row) => grantsAccess(subscriptionFacts(row), now)) ?? null;
}

export async function loadEntitlement(db: DB, workspaceId: string, now: Date = new Date()): Promise<Entitlement> {
  const workspace = await db
    .selectFrom("workspaces")
    .select(["plan", "trial_ends_at"])
    .where("id", "=", workspaceId)
    .executeTakeFirstOrThrow();
  const rows = await listSubscriptions(db, workspaceId);
  return entitlementOf({ plan: workspace.plan, trialEndsAt: workspace.trial_ends_at }, rows.map(subscriptionFacts), now);
}

const toIso = (seconds: number | null | undefined) => (typeof seconds === "number" ? new Date(seconds * 1000).toISOString() : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The period of a subscription: on its items since API 2025-03-31, top-level before (docs: integrations, Stripe). */
function periodOf(subscription: Stripe.Subscription) {
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const item = subscription.items.data[0] as
    (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number }) | undefined;
  return {
    start: toIso(item?.current_period_start ?? legacy.current_period_start),
    end: toIso(item?.current_period_end ?? legacy.current_period_end),
  };
}

class BillingSyncError extends Error {
  override name = "BillingSyncError";
}

/**
 * Reads the subscription from Stripe and stores what it says, then sets the
 * workspace's plan from all its subscriptions. The workspace comes from the
 * caller (a checkout session we read ourselves), else from the subscription's
 * metadata we set at checkout, else from the customer id we stored.
 */
export async function syncSubscription(
  db: DB,
  stripe: Stripe,
  subscriptionId: string,
  { workspaceId: knownWorkspaceId, now = new Date() }: { workspaceId?: string; now?: Date } = {},
) {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const customerId = idOf(subscription.customer);
  if (!customerId) throw new BillingSyncError(`Subscription ${subscriptionId} has no customer`);
  const workspaceId = await resolveWorkspace(db, {
    known: knownWorkspaceId,
    metadata: subscription.metadata?.workspace_id,
    customerId,
  });
  if (!workspaceId) {
    logger.warn({ subscriptionId, customerId }, "stripe subscription of no known workspace: ignored");
    return null;
  }
  const item = subscription.items.data[0];
  const interval: BillingInterval = item?.price.recurring?.interval === "year" ? "year" : "month";
  const period = periodOf(subscription);
  const stamp = isoNow(now);
  const fields = {
    workspace_id: workspaceId,
    stripe_customer_id: customerId,
    interval,
    status: subscription.status,
    quantity: item?.quantity ?? 1,
    stripe_price_id: item?.price.id ?? null,
    stripe_item_id: item?.id ?? null,
    current_period_start: period.start,
    current_period_end: period.end,
    cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
    ended_at: toIso(subscription.ended_at),
    updated_at: stamp,
  };
  await inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom("subscriptions")
      .select(["id", "payment_failed_at"])
      .where("stripe_subscription_id", "=", subscription.id)
      .executeTakeFirst();
    // The banner's start: the first time we saw it past due; a paid invoice (active again) clears it.
    const paymentFailedAt = subscription.status === "past_due" ? (existing?.payment_failed_at ?? stamp) : null;
    if (existing) {
      await trx
        .updateTable("subscriptions")
        .set({ ...fields, payment_failed_at: paymentFailedAt })
        .where("id", "=", existing.id)
        .execute();
    } else {
      await trx
        .insertInto("subscriptions")
        .values({
          id: newId(),
          stripe_subscription_id: subscription.id,
          plan: "pro",
          created_at: toIso(subscription.created) ?? stamp,
          payment_failed_at: paymentFailedAt,
          ...fields,
        })
        .execute();
    }
    const rows = await trx.selectFrom("subscriptions").selectAll().where("workspace_id", "=", workspaceId).execute();
    const facts = rows.map(subscriptionFacts);
    const pro = facts.some((f) => grantsAccess(f, now));
    // A first payment still pending (incomplete) neither gives Pro nor ends the trial.
    const subscribed = pro || facts.some((f) => hasEnded(f, now));
    // Subscribing ends the free trial for good: a subscription that ends later does not fall back to it.
    await applySubscriptionOutcome(trx, workspaceId, { pro, customerId, endTrial: subscribed, at: stamp });
  });
  return { workspaceId, status: subscription.status };
}

async function resolveWorkspace(db: DB, hint: { known?: string; metadata?: string; customerId: string }) {
  for (const id of [hint.known, hint.metadata]) {
    if (!id) continue;
    const row = await db.selectFrom("workspaces").select(["id", "stripe_customer_id"]).where("id", "=", id).executeTakeFirst();
    // A workspace already billed under another customer is not taken over by a subscription naming it.
    if (row && (row.stripe_customer_id === null || row.stripe_customer_id === hint.customerId)) return row.id;
  }
  const byCustomer = await db.selectFrom("workspaces").select("id").where("stripe_customer_id", "=", hint.customerId).executeTakeFirst();
  return byCustomer?.id ?? null;
}
