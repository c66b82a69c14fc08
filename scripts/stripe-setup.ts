// npm run stripe:setup: creates or checks the Pro product and its two volume-tiered
// prices in the Stripe account of STRIPE_SECRET_KEY (STRIPE_API_URL for the local
// fake), then prints the price ids to configure. Safe to run again (decision 042).
import { getEnv } from "#app/env.server";
import { setupProPrices } from "#app/modules/billing/price-setup.server";
import { getStripe } from "#app/modules/billing/stripe.server";

const stripe = getStripe();
if (!stripe) {
  console.error("STRIPE_SECRET_KEY is not set: give the secret key of the Stripe account to set up (a test key first).");
  process.exit(1);
}
try {
  const outcomes = await setupProPrices(stripe);
  console.log(`Stripe at ${getEnv().STRIPE_API_URL}:`);
  for (const o of outcomes) console.log(`  Pro per site per ${o.interval}: ${o.priceId} (${o.action})`);
  const byInterval = Object.fromEntries(outcomes.map((o) => [o.interval, o.priceId]));
  console.log(`\nSet these on the server:\n  STRIPE_PRICE_MONTHLY=${byInterval.month}\n  STRIPE_PRICE_YEARLY=${byInterval.year}`);
} catch (error) {
  console.error(`Stripe refused the setup: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
