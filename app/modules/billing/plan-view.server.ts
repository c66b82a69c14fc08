import type { DB } from "#app/db/client.server";
import { countSites } from "#app/modules/workspaces/sites.server";
import { newRequestKey } from "./checkout.server";
import { fullPriceCents, multiSiteDiscountPercent, pricePerSiteCents, type BillingInterval } from "./plans";
import { getBilling } from "./stripe.server";
import { loadEntitlement } from "./subscriptions.server";
import type { BillingState } from "./entitlements";

export type IntervalQuote = {
  interval: BillingInterval;
  fullPerSiteCents: number;
  perSiteCents: number;
  discountPercent: number;
  totalCents: number;
};

/** What Pro costs for this many sites per interval, the discount worked out (volume pricing: every site at the band's price). */
function quoteFor(interval: BillingInterval, sites: number): IntervalQuote {
  const perSiteCents = pricePerSiteCents(interval, sites);
  return {
    interval,
    fullPerSiteCents: fullPriceCents(interval),
    perSiteCents,
    discountPercent: multiSiteDiscountPercent(sites),
    totalCents: perSiteCents * sites,
  };
}

export type PlanView = {
  billingConfigured: boolean;
  state: BillingState;
  sites: number;
  quotes: IntervalQuote[];
  trialEndsAt: string;
  subscription: {
    interval: BillingInterval;
    quantity: number;
    status: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    fromStripe: true;
  } | null;
  /** The next renewal at the subscription's current quantity; null when none is due (cancelling, ended, manual Pro). */
  nextInvoice: { amountCents: number; at: string } | null;
  /** Whether a billing portal can be opened (a Stripe customer exists). */
  hasBillingAccount: boolean;
  /** A fresh one-time key for the page's forms (a double submit makes one checkout). */
  requestKey: string;
};

/** The plan page's data: state, site count, prices with the discount worked out, and the next invoice. */
export async function loadPlanView(db: DB, workspaceId: string, now: Date = new Date()): Promise<PlanView> {
  const [entitlement, sites, workspace] = await Promise.all([
    loadEntitlement(db, workspaceId, now),
    countSites(db, workspaceId),
    db.selectFrom("workspaces").select(["trial_ends_at", "stripe_customer_id"]).where("id", "=", workspaceId).executeTakeFirstOrThrow(),
  ]);
  const sub = entitlement.subscription;
  const renewing = sub && (entitlement.state === "pro" || entitlement.state === "past_due") && sub.currentPeriodEnd;
  return {
    billingConfigured: getBilling() !== null,
    state: entitlement.state,
    sites,
    quotes: [quoteFor("month", sites), quoteFor("year", sites)],
    trialEndsAt: workspace.trial_ends_at,
    subscription: sub
      ? {
          interval: sub.interval,
          quantity: sub.quantity,
          status: sub.status,
          currentPeriodEnd: sub.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          fromStripe: true,
        }
      : null,
    nextInvoice:
      renewing && sub.currentPeriodEnd
        ? { amountCents: pricePerSiteCents(sub.interval, sub.quantity) * sub.quantity, at: sub.currentPeriodEnd }
        : null,
    hasBillingAccount: workspace.stripe_customer_id !== null,
    requestKey: newRequestKey(),
  };
}
