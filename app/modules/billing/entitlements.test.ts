import { describe, expect, it } from "vitest";
import { entitlementOf, type SubscriptionFacts } from "./entitlements";

const now = new Date("2026-11-25T12:00:00Z");
const future = "2026-12-25T12:00:00.000Z";
const past = "2026-11-20T12:00:00.000Z";
const sub = (fields: Partial<SubscriptionFacts>): SubscriptionFacts => ({
  status: "active",
  interval: "month",
  quantity: 1,
  currentPeriodEnd: future,
  cancelAtPeriodEnd: false,
  paymentFailedAt: null,
  endedAt: null,
  updatedAt: past,
  ...fields,
});
const trial = { plan: "trial" as const, trialEndsAt: future };
const trialOver = { plan: "trial" as const, trialEndsAt: past };

describe("entitlementOf", () => {
  it("a running trial writes; an expired one does not", () => {
    expect(entitlementOf(trial, [], now)).toMatchObject({ state: "trial", plan: "trial", canWrite: true });
    expect(entitlementOf(trialOver, [], now)).toMatchObject({ state: "trial_expired", canWrite: false });
  });

  it("a live subscription is Pro, past due keeps Pro (the grace period), cancelling keeps it to the period's end", () => {
    expect(entitlementOf(trialOver, [sub({})], now)).toMatchObject({ state: "pro", plan: "pro", canWrite: true, accessUntil: future });
    expect(entitlementOf(trialOver, [sub({ status: "past_due" })], now)).toMatchObject({ state: "past_due", canWrite: true });
    expect(entitlementOf(trialOver, [sub({ cancelAtPeriodEnd: true })], now)).toMatchObject({ state: "cancelling", canWrite: true });
  });

  it("a cancelling subscription whose period is over has ended even before its last event", () => {
    expect(entitlementOf(trialOver, [sub({ cancelAtPeriodEnd: true, currentPeriodEnd: past })], now)).toMatchObject({
      state: "ended",
      canWrite: false,
    });
  });

  it("cancelled, unpaid and expired subscriptions end Pro; an incomplete one changes nothing", () => {
    for (const status of ["canceled", "unpaid", "incomplete_expired"])
      expect(entitlementOf(trialOver, [sub({ status })], now).state).toBe("ended");
    expect(entitlementOf(trial, [sub({ status: "incomplete" })], now).state).toBe("trial");
  });

  it("a live subscription wins over an older ended one; an operator's Pro or trial wins over an ended one", () => {
    expect(entitlementOf(trialOver, [sub({}), sub({ status: "canceled" })], now).state).toBe("pro");
    expect(entitlementOf({ plan: "pro", trialEndsAt: past }, [sub({ status: "canceled" })], now)).toMatchObject({
      state: "pro",
      subscription: null,
    });
    expect(entitlementOf(trial, [sub({ status: "canceled" })], now).state).toBe("trial");
  });
});
