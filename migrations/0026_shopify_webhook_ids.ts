import { type Kysely, sql } from "kysely";

// Shopify webhook deliveries are acted on once (issue 20 scope 2; docs/decisions/052): the id of each delivery that was
// handled (X-Shopify-Webhook-Id, else X-Shopify-Event-Id) is kept 30 days, so Shopify's retries and replays of the same
// delivery answer 200 and do nothing. purgeExpired drops older ids.
export async function up(db: Kysely<unknown>) {
  await sql`CREATE TABLE shopify_webhook_ids (
    id TEXT PRIMARY KEY,
    topic TEXT NOT NULL,
    shop TEXT NOT NULL,
    received_at TEXT NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX shopify_webhook_ids_received ON shopify_webhook_ids(received_at)`.execute(db);
}
