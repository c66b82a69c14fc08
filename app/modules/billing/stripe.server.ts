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
