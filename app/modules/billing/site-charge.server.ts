import type { DB } from "#app/db/client.server";
import { logger } from "#app/utils/logger.server";
import { countSites } from "#app/modules/workspaces/sites.server";
import { pricePerSiteCents, type BillingInterval } from "./plans";
import { liveSubscription } from "./subscriptions.server";
import type { BillingConfig } from "./stripe.server";

/**
 * What adding a site costs on Pro, asked of Stripe before anything is charged
 * (docs/decisions/046): the prorated charge now, from Stripe's invoice preview
 * at a fixed proration date that the quantity change then uses, so the charge
 * is the one shown; and the new recurring price from our own volume prices
 * (the same tiers Stripe holds, decision 042).
 */

export type AddedSiteCharge = {
  /** Cents charged at once for the rest of the current period. */
  chargeNowCents: number;
  /** Cents per interval from the next renewal, for every site. */
  recurringCents: number;
  interval: BillingInterval;
  /** Sites after the addition. */
  sites: number;
  /** When the current period (which the charge covers) ends. */
  periodEnd: string | null;
  /** Unix seconds: pass to the quantity change so Stripe charges exactly this. */
  prorationDate: number;
};

/** The charge for one more site, or null when the workspace has no paid subscription (a trial adds sites free). */
async function previewAddedSite(db: DB, billing: BillingConfig, workspaceId: string, now = new Date()): Promise<AddedSiteCharge | null> {
  const live = await liveSubscription(db, workspaceId, now);
  if (!live || !live.stripe_item_id) return null;
  const sites = (await countSites(db, workspaceId)) + 1;
  const prorationDate = Math.floor(now.getTime() / 1000);
  const preview = await billing.stripe.invoices.createPreview({
    subscription: live.stripe_subscription_id,
    subscription_details: {
      items: [{ id: live.stripe_item_id, quantity: sites }],
      proration_behavior: "always_invoice",
      proration_date: prorationDate,
    },
  });
  // Stripe's advice: the prorations are the lines whose parent item details say so.
  const chargeNowCents = preview.lines.data
    .filter((line) => line.parent?.subscription_item_details?.proration)
    .reduce((sum, line) => sum + line.amount, 0);
  return {
    chargeNowCents: Math.max(0, chargeNowCents),
    recurringCents: pricePerSiteCents(live.interval, sites) * sites,
    interval: live.interval,
    sites,
    periodEnd: live.current_period_end,
    prorationDate,
  };
}

const CHARGE_UNAVAILABLE = "We could not get the charge for a new site from Stripe. Please try again in a moment.";

/** The add dialog's charge: what it shows and the agreement its form carries; null on a trial; an error when Stripe fails. */
export async function addedSiteChargeView(db: DB, billing: BillingConfig | null, workspaceId: string, now = new Date()) {
  if (!billing) return null;
  try {
    const charge = await previewAddedSite(db, billing, workspaceId, now);
    return charge ? { ok: true as const, ...charge } : null;
  } catch (error) {
    logger.error({ err: error, workspaceId }, "site charge preview failed");
    return { ok: false as const, message: CHARGE_UNAVAILABLE };
  }
}

/** How long a shown charge can be agreed to; after that the dialog shows a fresh one. */
const QUOTE_VALID_SECONDS = 60 * 60;

export type ChargeAgreement = { prorationDate: number; expectedChargeCents: number };

/**
 * Whether adding a site now charges what the customer agreed to: a fresh preview at the agreed proration date must
 * give the same amount (another site added meanwhile, or a changed subscription, gives another). Null agreement on a
 * paid plan: nothing was shown, so nothing is agreed.
 */
export async function checkAddedSiteCharge(
  db: DB,
  billing: BillingConfig,
  workspaceId: string,
  agreement: ChargeAgreement | null,
  now = new Date(),
): Promise<{ ok: true; prorationDate?: number } | { ok: false; reason: string }> {
  const live = await liveSubscription(db, workspaceId, now);
  if (!live || !live.stripe_item_id) return { ok: true };
  const ageSeconds = agreement ? now.getTime() / 1000 - agreement.prorationDate : Infinity;
  if (!agreement || ageSeconds > QUOTE_VALID_SECONDS || ageSeconds < -60) {
    return { ok: false, reason: "Please review the charge for this site before adding it." };
  }
  let fresh: AddedSiteCharge | null;
  try {
    fresh = await previewAddedSite(db, billing, workspaceId, new Date(agreement.prorationDate * 1000));
  } catch (error) {
    logger.error({ err: error, workspaceId }, "site charge preview failed");
    return { ok: false, reason: CHARGE_UNAVAILABLE };
  }
  if (!fresh || fresh.chargeNowCents !== agreement.expectedChargeCents) {
    return { ok: false, reason: "The charge for this site has changed. Please review the new amount." };
  }
  return { ok: true, prorationDate: agreement.prorationDate };
}
