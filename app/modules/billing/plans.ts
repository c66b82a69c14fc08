/**
 * Plan numbers from the product decisions ("Plans and limits"). Plain data, safe
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
