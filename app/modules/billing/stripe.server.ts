import Stripe from "stripe";
import { getEnv } from "#app/env.server";

/**
 * The one Stripe client (docs/decisions/042). The base URL is configurable so
 * tests and `npm run fakes` talk to the local fake Stripe through the real SDK.
 * The SDK's own retries are off: every POST we make carries an idempotency key
 * derived from what it does, and retrying is the caller's decision.
 */
export function createStripe(secretKey: string, apiUrl: string = getEnv().STRIPE_API_URL) {
  const base = new URL(apiUrl);
  const protocol = base.protocol === "http:" ? "http" : "https";
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === "http" ? 80 : 443,
    protocol,
    maxNetworkRetries: 0,
    telemetry: false,
    timeout: 20_000,
  });
}

/** The configured client, or null when billing is not configured on this server. */
export function getStripe() {
  const key = getEnv().STRIPE_SECRET_KEY;
  return key ? createStripe(key) : null;
}

export type BillingConfig = {
  stripe: Stripe;
  prices: Record<"month" | "year", string>;
  webhookSecret: string;
  portalFallbackUrl: string | null;
};

/**
 * Billing as configured on this server, or null: without a secret key, webhook
 * secret and both price ids the upgrade buttons say billing is not configured
 * and an operator sets plans by hand (README "Configuration").
 */
export function getBilling(): BillingConfig | null {
  const env = getEnv();
  if (!env.billingEnabled) return null;
  return {
    stripe: createStripe(env.STRIPE_SECRET_KEY!),
    prices: { month: env.STRIPE_PRICE_MONTHLY!, year: env.STRIPE_PRICE_YEARLY! },
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    portalFallbackUrl: env.STRIPE_PORTAL_FALLBACK_URL ?? null,
  };
}

/**
 * Where the plan page's forms end up after our redirect: Stripe's hosted checkout and billing
 * portal (the local fake's origin in tests) and the portal's fallback link. Browsers apply the CSP
 * `form-action` to those redirects, so server/app.ts allows exactly these origins.
 */
export function stripeHostedOrigins(env = getEnv()): string[] {
  if (!env.billingEnabled) return [];
  const api = new URL(env.STRIPE_API_URL);
  const hosted = api.hostname === "api.stripe.com" ? ["https://checkout.stripe.com", "https://billing.stripe.com"] : [api.origin];
  const fallback = env.STRIPE_PORTAL_FALLBACK_URL ? [new URL(env.STRIPE_PORTAL_FALLBACK_URL).origin] : [];
  return [...new Set([...hosted, ...fallback])];
}
