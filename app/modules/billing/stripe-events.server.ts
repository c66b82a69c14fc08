import { z } from "zod";
import { inTransaction, type DB } from "#app/db/client.server";
import { getEnv } from "#app/env.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { billingNoticeMail } from "#app/modules/email/templates/billing.server";
import { enqueue, PermanentJobError } from "#app/modules/jobs/queue.server";
import { notifyWorker } from "#app/modules/jobs/notify.server";
import type { JobDefinition } from "#app/modules/jobs/runner.server";
import { logger } from "#app/utils/logger.server";
import { isoNow } from "#app/utils/time";
import { countSites } from "#app/modules/workspaces/sites.server";
import type { SiteCountChange } from "#app/modules/workspaces/site-count-hooks.server";
import { workspaceOwners } from "#app/modules/workspaces/owners.server";
import { linkCustomer } from "./checkout.server";
import { getBilling, type BillingConfig } from "./stripe.server";
import { liveSubscription, syncSubscription } from "./subscriptions.server";
import type Stripe from "stripe";

/**
 * Stripe's webhook (docs/decisions/046): the signature is checked on the raw
 * body, each event id is recorded once, and the event is applied by a job, so
 * the answer is fast and a slow Stripe read never holds the request. The job
 * re-reads the object from Stripe, so order and duplicates do not matter.
 */

const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.trial_will_end",
  "invoice.paid",
  "invoice.payment_failed",
  "invoice.payment_action_required",
] as const;
type HandledEvent = (typeof HANDLED_EVENTS)[number];
const isHandled = (type: string): type is HandledEvent => (HANDLED_EVENTS as readonly string[]).includes(type);

export type WebhookOutcome = { status: number; body: string };

/** Verifies, records and enqueues one delivery. 400 for a bad signature or body; 200 for a duplicate. */
export async function receiveStripeWebhook(
  db: DB,
  billing: BillingConfig | null,
  rawBody: Buffer,
  signature: string | null,
): Promise<WebhookOutcome> {
  if (!billing) return { status: 503, body: "Billing is not configured" };
  let event: Stripe.Event;
  try {
    // Tolerance: the SDK's default five minutes; an older timestamp is refused as a replay.
    event = billing.stripe.webhooks.constructEvent(rawBody, signature ?? "", billing.webhookSecret);
  } catch (error) {
    logger.warn({ err: error }, "stripe webhook refused: signature");
    return { status: 400, body: "Invalid signature" };
  }
  const object = event.data.object as { id?: string };
  const recorded = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("stripe_events")
      .values({ id: event.id, type: event.type, received_at: isoNow(), object_id: object.id ?? null, notified_at: null })
      .onConflict((oc) => oc.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    if (isHandled(event.type) && object.id)
      await enqueue(
        trx,
        "apply-stripe-event",
        { eventId: event.id, type: event.type, objectId: object.id },
        { idempotencyKey: `stripe:${event.id}`, maxAttempts: 10 },
      );
    return true;
  });
  if (recorded) notifyWorker();
  return { status: 200, body: recorded ? "ok" : "duplicate" };
}

const ApplyPayload = z.object({ eventId: z.string(), type: z.enum(HANDLED_EVENTS), objectId: z.string() });

/** The subscription an invoice belongs to: `parent.subscription_details` since API 2025-03-31, top-level before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice) {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const value = parent ?? legacy;
  return typeof value === "string" ? value : (value?.id ?? null);
}

async function applyStripeEvent(db: DB, billing: BillingConfig, payload: z.output<typeof ApplyPayload>) {
  const { stripe } = billing;
  switch (payload.type) {
    case "checkout.session.completed": {
      const session = await stripe.checkout.sessions.retrieve(payload.objectId);
      const workspaceId = session.client_reference_id;
      const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription?.id;
      if (session.mode !== "subscription" || session.status !== "complete" || !workspaceId || !subscriptionId) return;
      const customerId = typeof session.customer === "string" ? session.customer : session.customer?.id;
      if (customerId) await linkCustomer(db, workspaceId, customerId);
      await syncSubscription(db, stripe, subscriptionId, { workspaceId });
      return;
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await syncSubscription(db, stripe, payload.objectId);
      return;
    case "customer.subscription.trial_will_end": {
      const synced = await syncSubscription(db, stripe, payload.objectId);
      if (synced) await notifyOwners(db, payload.eventId, synced.workspaceId, "trial_will_end", null);
      return;
    }
    case "invoice.paid":
    case "invoice.payment_failed":
    case "invoice.payment_action_required": {
      const invoice = await stripe.invoices.retrieve(payload.objectId);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (!subscriptionId) return;
      const synced = await syncSubscription(db, stripe, subscriptionId);
      if (!synced || payload.type === "invoice.paid") return;
      await notifyOwners(
        db,
        payload.eventId,
        synced.workspaceId,
        payload.type === "invoice.payment_failed" ? "payment_failed" : "action_required",
        invoice.hosted_invoice_url ?? null,
      );
      return;
    }
  }
}

/** Mails the workspace's owners once per event (the event row is marked before the mail is queued). */
async function notifyOwners(
  db: DB,
  eventId: string,
  workspaceId: string,
  kind: "payment_failed" | "action_required" | "trial_will_end",
  invoiceUrl: string | null,
) {
  const claimed = await db
    .updateTable("stripe_events")
    .set({ notified_at: isoNow() })
    .where("id", "=", eventId)
    .where("notified_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return;
  const owners = await workspaceOwners(db, workspaceId);
  const planUrl = `${getEnv().appUrl}/dashboard/upgrade`;
  for (const owner of owners) {
    await sendMail(db, {
      to: owner.email,
      tag: "billing",
      ...billingNoticeMail({ kind, workspaceName: owner.workspaceName, planUrl, invoiceUrl }),
    });
  }
}

export const applyStripeEventJob: JobDefinition<typeof ApplyPayload> = {
  payload: ApplyPayload,
  async run(payload, { db }) {
    const billing = getBilling();
    if (!billing) throw new PermanentJobError("Billing is not configured on this server");
    await applyStripeEvent(db, billing, payload);
  },
};

/** prorationDate: the Unix seconds of the charge the customer was shown (site-charge.server.ts), so Stripe charges exactly that. */
const QuantityPayload = z.object({ workspaceId: z.string(), prorationDate: z.number().int().positive().optional() });

// What enqueue() accepts for these jobs (app/modules/jobs/queue.server.ts).
declare module "#app/modules/jobs/queue.server" {
  interface JobPayloads {
    "apply-stripe-event": z.input<typeof ApplyPayload>;
    "sync-site-quantity": z.input<typeof QuantityPayload>;
  }
}

/**
 * Makes the subscription's quantity the workspace's site count: more sites are
 * billed at once (the prorated difference, `always_invoice`); fewer take effect
 * from the next invoice (no credit for the paid period). The key names the job,
 * so a retry of the same change never makes a second one.
 */
export async function syncSiteQuantity(
  db: DB,
  billing: BillingConfig,
  workspaceId: string,
  changeKey: string | number,
  { prorationDate }: { prorationDate?: number } = {},
) {
  const live = await liveSubscription(db, workspaceId);
  if (!live || !live.stripe_item_id) return null;
  const sites = await countSites(db, workspaceId);
  const current = await billing.stripe.subscriptions.retrieve(live.stripe_subscription_id);
  const item = current.items.data.find((i) => i.id === live.stripe_item_id) ?? current.items.data[0];
  if (!item || item.quantity === sites) return null;
  const more = sites > (item.quantity ?? 0);
  await billing.stripe.subscriptions.update(
    current.id,
    {
      items: [{ id: item.id, quantity: sites }],
      proration_behavior: more ? "always_invoice" : "none",
      ...(more && prorationDate ? { proration_date: prorationDate } : {}),
    },
    { idempotencyKey: `quantity-${current.id}-${item.quantity}-${sites}-${changeKey}` },
  );
  await syncSubscription(db, billing.stripe, current.id, { workspaceId });
  return { from: item.quantity, to: sites };
}

export const syncSiteQuantityJob: JobDefinition<typeof QuantityPayload> = {
  payload: QuantityPayload,
  async run({ workspaceId, prorationDate }, { db, job }) {
    const billing = getBilling();
    if (!billing) return;
    await syncSiteQuantity(db, billing, workspaceId, job.id, { prorationDate });
  },
};

/** Called after a site is added or deleted (registered in app/worker/hooks.server.ts): the subscription follows the site count. */
export async function requestSiteQuantitySync(db: DB, workspaceId: string, change: SiteCountChange = {}) {
  if (!getEnv().billingEnabled) return;
  await enqueue(db, "sync-site-quantity", { workspaceId, prorationDate: change.prorationDate }, { tenant: { workspaceId } });
  notifyWorker();
}
