import type { BillingInterval } from "./plans";

/**
 * What a workspace may do, from its plan and its Stripe subscription: the one
 * place that reads both (docs/decisions/046). Client-safe and pure, so the
 * quota, the AI meter, the banners and the upgrade page agree.
 *
 * - trial: the 7-day trial (docs/product.md "Plans and limits"); trial_expired after it.
 * - pro: a live subscription, or Pro set by an operator (workspaces.plan, no subscription).
 * - past_due: a payment failed and Stripe is retrying: Pro stays (the grace period) with a banner.
 * - cancelling: cancelled in the billing portal: Pro until the period's end.
 * - ended: the subscription ended (cancelled, or unpaid after the retries): articles stay readable
 *   and exportable; creating, AI actions and auto-pilot stop with a clear message.
 * workspaces.plan is written by the last of the Stripe sync and an operator's 'Set plan', so an
 * operator can give Pro or a trial by hand, also to a former subscriber. Subscribing ends the
 * free trial for good (the sync moves its end to that moment), so an ended subscription never
 * falls back to the trial it started from.
 */

export type BillingState = "trial" | "trial_expired" | "pro" | "past_due" | "cancelling" | "ended";

/** Stripe statuses that grant Pro; `incomplete` (first payment pending) grants nothing yet and ends nothing. */
const GRANTING = new Set(["active", "trialing", "past_due"]);
const ENDED = new Set(["canceled", "unpaid", "incomplete_expired", "paused"]);

export type SubscriptionFacts = {
  status: string;
  interval: BillingInterval;
  quantity: number;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentFailedAt: string | null;
  endedAt: string | null;
  updatedAt: string;
};

export type WorkspacePlanFacts = { plan: "trial" | "pro"; trialEndsAt: string };

export type Entitlement = {
  state: BillingState;
  /** The plan whose limits apply (the trial's 3 articles or Pro's monthly quota). */
  plan: "trial" | "pro";
  /** Creating articles, AI actions and auto-pilot are allowed by the plan (the quota may still refuse). */
  canWrite: boolean;
  /** Until when Pro lasts without a renewal (the period's end), or the trial's end. */
  accessUntil: string | null;
  /** Set when Pro comes from a Stripe subscription (not from an operator). */
  subscription: SubscriptionFacts | null;
};

/** True while a subscription gives Pro at `now`. */
export function grantsAccess(subscription: SubscriptionFacts, now: Date) {
  if (!GRANTING.has(subscription.status)) return false;
  // A cancelling subscription whose period is over has ended even if its last event has not arrived yet.
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd && Date.parse(subscription.currentPeriodEnd) <= now.getTime())
    return false;
  return true;
}

export function hasEnded(subscription: SubscriptionFacts, now: Date) {
  return ENDED.has(subscription.status) || (GRANTING.has(subscription.status) && !grantsAccess(subscription, now));
}

/**
 * The entitlement of a workspace given its subscriptions, newest first. The
 * first one that grants access decides; otherwise a running trial (an operator
 * may give one), then the newest that ended makes the state 'ended'.
 */
export function entitlementOf(workspace: WorkspacePlanFacts, subscriptions: SubscriptionFacts[], now: Date = new Date()): Entitlement {
  const live = subscriptions.find((s) => grantsAccess(s, now));
  if (live) {
    const state: BillingState = live.status === "past_due" ? "past_due" : live.cancelAtPeriodEnd ? "cancelling" : "pro";
    return { state, plan: "pro", canWrite: true, accessUntil: live.currentPeriodEnd, subscription: live };
  }
  const trialEnd = Date.parse(workspace.trialEndsAt);
  const trialRunning = trialEnd > now.getTime();
  if (workspace.plan === "pro") return { state: "pro", plan: "pro", canWrite: true, accessUntil: null, subscription: null };
  if (trialRunning) return { state: "trial", plan: "trial", canWrite: true, accessUntil: workspace.trialEndsAt, subscription: null };
  const ended = subscriptions.find((s) => hasEnded(s, now));
  if (ended)
    return { state: "ended", plan: "trial", canWrite: false, accessUntil: ended.endedAt ?? ended.currentPeriodEnd, subscription: ended };
  return { state: "trial_expired", plan: "trial", canWrite: false, accessUntil: workspace.trialEndsAt, subscription: null };
}

/** The words of each state for banners and the plan page. */
export const BILLING_STATE_LABELS: Record<BillingState, string> = {
  trial: "Free trial",
  trial_expired: "Trial ended",
  pro: "Pro",
  past_due: "Pro (payment failed)",
  cancelling: "Pro (cancelled, active until the period ends)",
  ended: "Pro ended",
};

export const SUBSCRIPTION_ENDED = {
  title: "Pro plan ended",
  message:
    "Your Pro plan has ended. Your articles stay readable and exportable; renew Pro to write new articles, use AI actions and run auto-pilot again.",
} as const;
