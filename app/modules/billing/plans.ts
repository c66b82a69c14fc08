/**
 * Plan numbers from docs/product.md ("Plans and limits"). Plain data, safe
 * to import from both server modules and UI (pricing page, usage card).
 */

export const TRIAL_DAYS = 7;
export const TRIAL_MAX_ARTICLES = 3;
/** Created articles per site per calendar month on Pro (annual plans too). */
export const PRO_MONTHLY_ARTICLES = 50;
/** The usage card warns from this share of the monthly quota. */
export const USAGE_WARNING_PERCENT = 80;

export const PRO_PRICE_MONTHLY_USD = 49;
export const PRO_PRICE_YEARLY_USD = 499;

/** Pro discount by the number of sites in the workspace, highest band first. */
export const MULTI_SITE_DISCOUNTS = [
  { minSites: 11, maxSites: null, percent: 20 },
  { minSites: 6, maxSites: 10, percent: 15 },
  { minSites: 2, maxSites: 5, percent: 10 },
] as const;

export function multiSiteDiscountPercent(siteCount: number): number {
  return MULTI_SITE_DISCOUNTS.find((band) => siteCount >= band.minSites)?.percent ?? 0;
}

/**
 * AI actions beside creating an article (regenerate, regenerate a section, Edit
 * with AI, the generator's keyword research and images), in credits per site
 * per UTC day (decision 018). An expired trial gets none.
 */
export const AI_DAILY_CREDITS = { trial: 30, pro: 500 } as const;
/** What each action costs, roughly in proportion to its model or image money. */
export const AI_ACTION_CREDITS = {
  regenerate: 10,
  "regenerate-section": 1,
  edit: 1,
  "edit-selection": 1,
  keywords: 1,
  image: 2,
  /** A whole 30-day content plan (decision 050), and one fresh suggestion for a day. */
  plan: 3,
  "plan-swap": 1,
} as const;
export type AiActionKind = keyof typeof AI_ACTION_CREDITS;
/** Per-user burst limit on AI actions: this many within the window, whatever the allowance left. */
export const AI_BURST_LIMIT = { actions: 10, seconds: 60 } as const;

export type BillingInterval = "month" | "year";

/** Pro's full price per site in cents, per billing interval. */
export function fullPriceCents(interval: BillingInterval) {
  return (interval === "month" ? PRO_PRICE_MONTHLY_USD : PRO_PRICE_YEARLY_USD) * 100;
}

/** What one site costs at this many sites: the discount of the band reached applies to every site (volume pricing). */
export function pricePerSiteCents(interval: BillingInterval, siteCount: number) {
  return Math.round((fullPriceCents(interval) * (100 - multiSiteDiscountPercent(siteCount))) / 100);
}

/**
 * The Stripe volume tiers of one interval's price (docs/decisions/042): 1 site at full
 * price, then each discount band up to its last site count, the last band open-ended.
 * With tiers_mode=volume the band reached prices every site, as the pricing page says.
 */
export function volumeTiers(interval: BillingInterval): Array<{ upTo: number | "inf"; unitAmountCents: number }> {
  const bands = [...MULTI_SITE_DISCOUNTS].sort((a, b) => a.minSites - b.minSites);
  const first = bands[0]?.minSites ?? 2;
  return [
    { upTo: first - 1, unitAmountCents: fullPriceCents(interval) },
    ...bands.map((band) => ({ upTo: band.maxSites ?? ("inf" as const), unitAmountCents: pricePerSiteCents(interval, band.minSites) })),
  ];
}

/** Dollars with cents only when needed: "$49", "$44.10", "$1,323". */
export function formatUsd(cents: number) {
  const whole = cents % 100 === 0;
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 })}`;
}
