import { type Kysely, sql } from "kysely";

// Shopify webhook deliveries are acted on once (docs/decisions/052): the id of each delivery that was
// handled (X-Shopify-Webhook-Id, else X-Shopify-Event-Id) is kept 30 days, so Shopify's retries and replays of the same
// delivery answer 200 and do nothing. purgeExpired drops older ids.
export async function up(db: Kysely<unknown>) {
  // Keyed by shop too: the id is an unsigned header, so a sender with a signed body for one store must not be able
  // to use up an id that another store's delivery will carry.
  await sql`CREATE TABLE shopify_webhook_ids (
    id TEXT NOT NULL,
    shop TEXT NOT NULL,
    topic TEXT NOT NULL,
    received_at TEXT NOT NULL,
    PRIMARY KEY (shop, id)
  )`.execute(db);
  await sql`CREATE INDEX shopify_webhook_ids_received ON shopify_webhook_ids(received_at)`.execute(db);
}
