import type { DB } from "#app/db/client.server";
import { isoNow } from "#app/utils/time";

/**
 * A workspace's plan columns, as billing (the subscription's outcome, the Stripe customer) and operators change
 * them; the rules of when are billing's, the row is this area's (tests/architecture/table-owners.test.ts).
 */

/** What a workspace's subscriptions add up to: Pro or the trial, its customer if it had none, and a trial ended for good at `at`. */
export async function applySubscriptionOutcome(
  db: DB,
  workspaceId: string,
  { pro, customerId, endTrial, at }: { pro: boolean; customerId: string; endTrial: boolean; at: string },
) {
  await db
    .updateTable("workspaces")
    .set((eb) => ({
      plan: pro ? ("pro" as const) : ("trial" as const),
      stripe_customer_id: eb.fn.coalesce("stripe_customer_id", eb.val(customerId)),
      ...(endTrial ? { trial_ends_at: eb.fn<string>("min", ["trial_ends_at", eb.val(at)]) } : {}),
      updated_at: at,
    }))
    .where("id", "=", workspaceId)
    .execute();
}

/** The Stripe customer a completed checkout made, unless the workspace has one already. */
export async function linkStripeCustomer(db: DB, workspaceId: string, customerId: string) {
  await db
    .updateTable("workspaces")
    .set({ stripe_customer_id: customerId, updated_at: isoNow() })
    .where("id", "=", workspaceId)
    .where("stripe_customer_id", "is", null)
    .execute();
}

/** An operator's change of plan and trial end. */
export async function setPlanColumns(db: DB, workspaceId: string, plan: "trial" | "pro", trialEndsAt: string) {
  await db
    .updateTable("workspaces")
    .set({ plan, trial_ends_at: trialEndsAt, updated_at: isoNow() })
    .where("id", "=", workspaceId)
    .execute();
}
