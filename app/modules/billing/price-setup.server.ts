import crypto from "node:crypto";
import { type BillingInterval, volumeTiers } from "./plans";
import type Stripe from "stripe";

/**
 * `npm run stripe:setup` (docs/decisions/042): makes sure the Stripe account has
 * the Pro product and one recurring price per interval whose per-site amount
 * falls with the number of sites (billing_scheme=tiered, tiers_mode=volume;
 * quantity = sites). Prices are found by lookup key, checked against the amounts
 * in plans.ts, and replaced (the lookup key moves to the new price) when they
 * differ; Stripe prices cannot be edited. Safe to run again: it changes nothing
 * when all is in order, and every POST carries an idempotency key derived from
 * its parameters.
 */

const PRO_PRODUCT_ID = "inkpilot_pro";
export const PRICE_LOOKUP_KEYS: Record<BillingInterval, string> = { month: "inkpilot_pro_month", year: "inkpilot_pro_year" };
const INTERVALS: BillingInterval[] = ["month", "year"];

export type PriceOutcome = { interval: BillingInterval; priceId: string; action: "found" | "created" | "replaced" };

function idempotencyKey(what: string, params: unknown) {
  return `inkpilot-setup-${what}-${crypto.createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 32)}`;
}

function isMissing(error: unknown) {
  return typeof error === "object" && error !== null && (error as { statusCode?: number }).statusCode === 404;
}

async function ensureProduct(stripe: Stripe) {
  try {
    return await stripe.products.retrieve(PRO_PRODUCT_ID);
  } catch (error) {
    if (!isMissing(error)) throw error;
    const params = { id: PRO_PRODUCT_ID, name: "Inkpilot Pro", description: "SEO blog posts on auto-pilot, per site" };
    return stripe.products.create(params, { idempotencyKey: idempotencyKey("product", params) });
  }
}

/** True when a Stripe price is exactly the price plans.ts describes for the interval. */
function priceMatches(price: Stripe.Price, interval: BillingInterval) {
  const wanted = volumeTiers(interval);
  const tiers = price.tiers ?? [];
  return (
    price.active &&
    price.currency === "usd" &&
    price.recurring?.interval === interval &&
    (price.recurring?.interval_count ?? 1) === 1 &&
    price.billing_scheme === "tiered" &&
    price.tiers_mode === "volume" &&
    tiers.length === wanted.length &&
    wanted.every((tier, i) => tiers[i]?.unit_amount === tier.unitAmountCents && (tiers[i]?.up_to ?? "inf") === tier.upTo)
  );
}

export async function setupProPrices(stripe: Stripe): Promise<PriceOutcome[]> {
  const product = await ensureProduct(stripe);
  const outcomes: PriceOutcome[] = [];
  for (const interval of INTERVALS) {
    const lookupKey = PRICE_LOOKUP_KEYS[interval];
    const existing = (await stripe.prices.list({ lookup_keys: [lookupKey], active: true, expand: ["data.tiers"], limit: 1 })).data[0];
    if (existing && priceMatches(existing, interval)) {
      outcomes.push({ interval, priceId: existing.id, action: "found" });
      continue;
    }
    const params: Stripe.PriceCreateParams = {
      product: product.id,
      currency: "usd",
      recurring: { interval, interval_count: 1 },
      billing_scheme: "tiered",
      tiers_mode: "volume",
      tiers: volumeTiers(interval).map((tier) => ({ up_to: tier.upTo, unit_amount: tier.unitAmountCents })),
      lookup_key: lookupKey,
      transfer_lookup_key: true,
      nickname: `Pro, per site per ${interval}`,
    };
    const created = await stripe.prices.create(params, {
      idempotencyKey: idempotencyKey(`price-${interval}`, { params, replaces: existing?.id ?? null }),
    });
    if (existing) await stripe.prices.update(existing.id, { active: false }, { idempotencyKey: idempotencyKey("retire", existing.id) });
    outcomes.push({ interval, priceId: created.id, action: existing ? "replaced" : "created" });
  }
  return outcomes;
}
