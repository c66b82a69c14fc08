import { type Kysely, sql } from "kysely";

// Billing (docs/decisions/046). A subscription row mirrors what Stripe says of one
// subscription, re-read from Stripe on every event, so events arriving twice or out of order cannot
// regress it. The price and item ids are what a site-count change updates; payment_failed_at starts
// the past-due banner. One row per Stripe subscription; a workspace that cancels and subscribes again
// keeps the old row for history.
export async function up(db: Kysely<unknown>) {
  await sql`ALTER TABLE subscriptions ADD COLUMN stripe_price_id TEXT`.execute(db);
  await sql`ALTER TABLE subscriptions ADD COLUMN stripe_item_id TEXT`.execute(db);
  await sql`ALTER TABLE subscriptions ADD COLUMN current_period_start TEXT`.execute(db);
  await sql`ALTER TABLE subscriptions ADD COLUMN payment_failed_at TEXT`.execute(db);
  await sql`ALTER TABLE subscriptions ADD COLUMN ended_at TEXT`.execute(db);
  await sql`ALTER TABLE stripe_events ADD COLUMN object_id TEXT`.execute(db);
  // Set when the event's mail (payment failed, action required) was queued: at most one mail per event.
  await sql`ALTER TABLE stripe_events ADD COLUMN notified_at TEXT`.execute(db);
  await sql`CREATE INDEX workspaces_stripe_customer ON workspaces(stripe_customer_id) WHERE stripe_customer_id IS NOT NULL`.execute(db);
}
