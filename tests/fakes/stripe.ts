import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Stripe speaking the real protocol to the real SDK (docs: the
 * integrations notes on Stripe): form-encoded bodies with bracket nesting,
 * Bearer auth (401 authentication_error otherwise), Stripe's error shape,
 * Idempotency-Key replay (the same key with other parameters is a 400
 * idempotency_error), products (custom ids), customers, and recurring prices
 * with volume tiers, listed by lookup key with `expand[]=data.tiers` (tiers are
 * only returned when expanded, as Stripe does) and `transfer_lookup_key`.
 * Checkout: sessions in subscription mode, a hosted page at the session's url
 * with Pay and Cancel; Pay creates the customer, the subscription (period on
 * its item, as in API 2025-03-31 and later) and a paid invoice, delivers the
 * signed events (checkout.session.completed, customer.subscription.created,
 * invoice.paid) to the webhook URL and redirects to success_url. Delivered
 * events can be sent again (/__fake/redeliver) to test duplicates.
 * Billing portal: POST /v1/billing_portal/sessions gives a hosted page listing
 * the customer's subscriptions with 'Cancel plan' (at the period's end, as the
 * portal does) and 'Renew plan'. Subscriptions can be updated (quantity with
 * proration_behavior, cancel_at_period_end); `always_invoice` bills the
 * prorated difference at once with a paid invoice. Test controls:
 * /__fake/subscriptions/:id/fail-payment (past due, invoice.payment_failed),
 * /__fake/subscriptions/:id/action-required, /__fake/subscriptions/:id/advance
 * (the period ends: renewed and paid, or ended when cancelling), /__fake/hold
 * and /__fake/release (deliver held events in reverse order), /__fake/fail-next.
 */

type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Parses `a[b][0][c]=v` form bodies into nested objects; objects whose keys are all indexes become arrays. */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, "").split("[");
    let node = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  const arrays = (value: unknown): unknown => {
    if (typeof value !== "object" || value === null) return value;
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
    if (entries.length && entries.every(([k]) => /^\d+$/.test(k)))
      return entries.sort((a, b) => Number(a[0]) - Number(b[0])).map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Record<string, unknown>;
}

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, extra: Record<string, string> = {}) {
  sendJson(res, status, { error: { type, message, ...extra } }, { "Request-Id": `req_${crypto.randomBytes(7).toString("hex")}` });
}

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("base64url")}`;
const now = () => Math.floor(Date.now() / 1000);
const asList = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

/** The Stripe-Signature header for a payload: t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload" keyed with the secret as-is>. */
function stripeSignature(payload: string, secret: string, timestamp = now()) {
  const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

const INTERVAL_SECONDS: Record<string, number> = { month: 30 * 86_400, year: 365 * 86_400 };

/** What a volume-tiered price charges for this quantity: the tier reached prices every unit. */
function amountFor(price: StripeObject, quantity: number) {
  const tiers = (price.tiers as Array<{ up_to: number | null; unit_amount: number | null }> | null) ?? null;
  if (!tiers) return Number(price.unit_amount ?? 0) * quantity;
  const tier = tiers.find((t) => t.up_to === null || quantity <= t.up_to) ?? tiers.at(-1)!;
  return Number(tier.unit_amount ?? 0) * quantity;
}

export async function startFakeStripe({
  port = 0,
  secretKey = "sk_test_fake_inkpilot",
  webhookSecret = "whsec_fake_inkpilot",
  webhookUrl = null as string | null,
} = {}) {
  const objects = new Map<string, StripeObject>();
  const events: Array<{ event: StripeObject; deliveries: number[] }> = [];
  let deliverTo = webhookUrl;
  let baseUrl = "";
  /** While set, new events wait here instead of being delivered (out-of-order tests). */
  let held: Array<{ event: StripeObject; deliveries: number[] }> | null = null;
  /** The next API request answers with this status and Stripe's error shape (api_error). */
  let failNext: number | null = null;

  async function deliver(entry: { event: StripeObject; deliveries: number[] }) {
    if (!deliverTo) return;
    if (held) {
      held.push(entry);
      return;
    }
    const payload = JSON.stringify(entry.event);
    const response = await fetch(deliverTo, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": stripeSignature(payload, webhookSecret) },
      body: payload,
    }).catch(() => null);
    entry.deliveries.push(response?.status ?? 0);
  }

  async function emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>) {
    const event: StripeObject = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: previousAttributes }
        : { object: structuredClone(object) },
    };
    const entry = { event, deliveries: [] as number[] };
    events.push(entry);
    await deliver(entry);
  }

  /** Pay on the hosted checkout page: customer, subscription, paid invoice, then the events in Stripe's order. */
  async function completeCheckout(session: StripeObject) {
    const line = (session.line_items as Array<{ price: string; quantity: number }>)[0]!;
    const price = objects.get(line.price)!;
    let customerId = session.customer as string | null;
    if (!customerId) {
      const customer: StripeObject = {
        id: newId("cus"),
        object: "customer",
        email: session.customer_email ?? null,
        metadata: {},
        created: now(),
        livemode: false,
      };
      objects.set(customer.id, customer);
      customerId = customer.id;
    }
    const start = now();
    const end = start + (INTERVAL_SECONDS[(price.recurring as { interval: string }).interval] ?? INTERVAL_SECONDS.month!);
    const subscription: StripeObject = {
      id: newId("sub"),
      object: "subscription",
      customer: customerId,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      metadata: (session.subscription_data as { metadata?: object } | undefined)?.metadata ?? {},
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price,
            quantity: line.quantity,
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
      latest_invoice: null,
    };
    const invoice: StripeObject = {
      id: newId("in"),
      object: "invoice",
      customer: customerId,
      status: "paid",
      amount_due: amountFor(price, line.quantity),
      amount_paid: amountFor(price, line.quantity),
      currency: price.currency,
      billing_reason: "subscription_create",
      period_start: start,
      period_end: end,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
    };
    subscription.latest_invoice = invoice.id;
    objects.set(subscription.id, subscription);
    objects.set(invoice.id, invoice);
    Object.assign(session, { status: "complete", payment_status: "paid", customer: customerId, subscription: subscription.id });
    await emit("checkout.session.completed", session);
    await emit("customer.subscription.created", subscription);
    await emit("invoice.paid", invoice);
  }

  const itemOf = (subscription: StripeObject) =>
    (subscription.items as { data: Array<Record<string, unknown> & { price: StripeObject; quantity: number }> }).data[0]!;

  /** An amount per period for the rest of the period from the proration date (default now), rounded as one line item. */
  function proratedAmount(item: Record<string, unknown>, amount: number, prorationDate: unknown) {
    const period = Number(item.current_period_end) - Number(item.current_period_start);
    const from = prorationDate === undefined ? now() : Number(prorationDate);
    const left = Math.max(0, Number(item.current_period_end) - from);
    return Math.round((amount * left) / Math.max(1, period));
  }

  /** What a change from `before` to `after` per period costs for the rest of the period: remaining time less unused time. */
  function proratedDifference(item: Record<string, unknown>, before: number, after: number, prorationDate: unknown) {
    return proratedAmount(item, after, prorationDate) - proratedAmount(item, before, prorationDate);
  }

  /**
   * POST /v1/invoices/create_preview for a subscription update: the invoice the change would create, with the
   * prorations as line items marked `parent.subscription_item_details.proration` (unused time at the old quantity,
   * remaining time at the new) and, with always_invoice, nothing else; otherwise the next renewal at the new quantity too.
   */
  function previewInvoice(params: Record<string, unknown>): { status: number; body: unknown } {
    const subscription = objects.get(String(params.subscription ?? ""));
    if (!subscription || subscription.object !== "subscription")
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", message: `No such subscription: '${String(params.subscription)}'` } },
      };
    const details = (params.subscription_details ?? {}) as Record<string, unknown>;
    const item = itemOf(subscription);
    const change = (details.items as Array<Record<string, string>> | undefined)?.[0];
    if (change?.id && change.id !== item.id)
      return { status: 400, body: { error: { type: "invalid_request_error", message: `No such subscription item: '${change.id}'` } } };
    const quantity = change?.quantity === undefined ? item.quantity : Number(change.quantity);
    const prorationDate = details.proration_date === undefined ? now() : Number(details.proration_date);
    const before = amountFor(item.price, item.quantity);
    const after = amountFor(item.price, quantity);
    const period = { start: prorationDate, end: Number(item.current_period_end) };
    const line = (amount: number, description: string, proration: boolean) => ({
      id: newId("il"),
      object: "line_item",
      amount,
      currency: "usd",
      description,
      period,
      parent: { type: "subscription_item_details", subscription_item_details: { subscription_item: item.id, proration } },
    });
    const lines =
      quantity === item.quantity
        ? []
        : [
            line(-proratedAmount(item, before, prorationDate), `Unused time on ${item.quantity} × Inkpilot Pro`, true),
            line(proratedAmount(item, after, prorationDate), `Remaining time on ${quantity} × Inkpilot Pro`, true),
          ];
    if (details.proration_behavior !== "always_invoice") lines.push(line(after, `${quantity} × Inkpilot Pro`, false));
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    return {
      status: 200,
      body: {
        id: `upcoming_${subscription.id}`,
        object: "invoice",
        customer: subscription.customer,
        subscription: subscription.id,
        currency: "usd",
        subtotal: total,
        total,
        amount_due: Math.max(0, total),
        subscription_proration_date: prorationDate,
        lines: asList(lines, "/v1/invoices/upcoming/lines"),
        livemode: false,
      },
    };
  }

  function makeInvoice(subscription: StripeObject, fields: Record<string, unknown>): StripeObject {
    const item = itemOf(subscription);
    const invoice: StripeObject = {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      status: "paid",
      amount_due: amountFor(item.price, item.quantity),
      amount_paid: amountFor(item.price, item.quantity),
      currency: item.price.currency,
      attempt_count: 1,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
      ...fields,
    };
    invoice.hosted_invoice_url ??= `${baseUrl}/invoices/${invoice.id}`;
    objects.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  /** A subscription update as the API and the portal make it; emits customer.subscription.updated with previous_attributes. */
  async function updateSubscription(subscription: StripeObject, params: Record<string, unknown>) {
    const previous: Record<string, unknown> = {};
    const item = itemOf(subscription);
    const items = params.items as Array<Record<string, string>> | undefined;
    let invoice: StripeObject | null = null;
    if (items?.[0]?.quantity !== undefined) {
      const quantity = Number(items[0].quantity);
      if (items[0].id && items[0].id !== item.id) throw new Error(`No such subscription item: '${items[0].id}'`);
      if (quantity !== item.quantity) {
        previous.items = structuredClone(subscription.items);
        const before = amountFor(item.price, item.quantity);
        item.quantity = quantity;
        const after = amountFor(item.price, quantity);
        if (params.proration_behavior === "always_invoice" && after > before) {
          const prorated = proratedDifference(item, before, after, params.proration_date);
          invoice = makeInvoice(subscription, { amount_due: prorated, amount_paid: prorated, billing_reason: "subscription_update" });
        }
      }
    }
    if (params.cancel_at_period_end !== undefined) {
      const cancel = params.cancel_at_period_end === "true";
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      subscription.cancel_at_period_end = cancel;
      subscription.cancel_at = cancel ? item.current_period_end : null;
      subscription.canceled_at = cancel ? now() : null;
    }
    if (params.metadata) subscription.metadata = { ...(subscription.metadata as object), ...(params.metadata as object) };
    await emit("customer.subscription.updated", subscription, previous);
    if (invoice) await emit("invoice.paid", invoice);
    return subscription;
  }

  /** Test control: the period ends. A cancelling subscription ends (deleted); another renews with a paid invoice. */
  async function advancePeriod(subscription: StripeObject) {
    const item = itemOf(subscription);
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: "canceled", ended_at: item.current_period_end });
      await emit("customer.subscription.deleted", subscription);
      return;
    }
    const length = Number(item.current_period_end) - Number(item.current_period_start);
    item.current_period_start = item.current_period_end;
    item.current_period_end = Number(item.current_period_end) + length;
    subscription.status = "active";
    const invoice = makeInvoice(subscription, { billing_reason: "subscription_cycle" });
    await emit("customer.subscription.updated", subscription, { status: "past_due" });
    await emit("invoice.paid", invoice);
  }

  async function failPayment(subscription: StripeObject, actionRequired: boolean) {
    const invoice = makeInvoice(subscription, {
      status: "open",
      amount_paid: 0,
      billing_reason: "subscription_cycle",
      attempt_count: 1,
      next_payment_attempt: now() + 3 * 86_400,
    });
    if (actionRequired) {
      await emit("invoice.payment_action_required", invoice);
      return;
    }
    subscription.status = "past_due";
    await emit("customer.subscription.updated", subscription, { status: "active" });
    await emit("invoice.payment_failed", invoice);
  }

  function portalPage(portal: StripeObject) {
    const subscriptions = [...objects.values()].filter((o) => o.object === "subscription" && o.customer === portal.customer);
    const rows = subscriptions
      .map((sub) => {
        const item = itemOf(sub);
        const ends = new Date(Number(itemOf(sub).current_period_end) * 1000).toISOString().slice(0, 10);
        const action =
          sub.status === "canceled"
            ? ""
            : sub.cancel_at_period_end
              ? `<form method="post" action="/portal/${portal.id}/renew/${sub.id}"><button type="submit">Renew plan</button></form>`
              : `<form method="post" action="/portal/${portal.id}/cancel/${sub.id}"><button type="submit">Cancel plan</button></form>`;
        return `<section><h2>Inkpilot Pro</h2><p data-testid="portal-status">${sub.status}${sub.cancel_at_period_end ? `, cancels ${ends}` : `, renews ${ends}`}</p>
<p>${item.quantity} site(s), $${(amountFor(item.price, item.quantity) / 100).toFixed(2)} per ${(item.price.recurring as { interval: string }).interval}</p>${action}</section>`;
      })
      .join("");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe billing portal</title></head><body>
<main><h1>Fake Stripe billing portal</h1>${rows || "<p>No subscriptions.</p>"}<p><a href="${String(portal.return_url)}">Return to Inkpilot</a></p></main></body></html>`;
  }

  function checkoutPage(session: StripeObject) {
    const price = objects.get((session.line_items as Array<{ price: string }>)[0]!.price);
    const quantity = (session.line_items as Array<{ quantity: number }>)[0]!.quantity;
    const total = price ? (amountFor(price, quantity) / 100).toFixed(2) : "?";
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>
<main><h1>Fake Stripe Checkout</h1><p>Inkpilot Pro, ${quantity} site(s): $${total} per ${(price?.recurring as { interval?: string } | undefined)?.interval ?? "period"}</p>
<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form></main></body></html>`;
  }
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];

  function publicPrice(price: StripeObject, expand: string[]) {
    return expand.includes("data.tiers") || expand.includes("tiers") ? price : { ...price, tiers: undefined };
  }

  function createPrice(params: Record<string, unknown>) {
    const product = String(params.product ?? "");
    if (!objects.has(product))
      return {
        status: 400,
        body: {
          error: { type: "invalid_request_error", code: "resource_missing", param: "product", message: `No such product: '${product}'` },
        },
      };
    const recurring = params.recurring as Record<string, string> | undefined;
    const tiers = (params.tiers as Array<Record<string, string>> | undefined)?.map((t) => ({
      up_to: t.up_to === "inf" ? null : Number(t.up_to),
      unit_amount: t.unit_amount === undefined ? null : Number(t.unit_amount),
      flat_amount: null,
      unit_amount_decimal: t.unit_amount ?? null,
      flat_amount_decimal: null,
    }));
    if (params.billing_scheme === "tiered" && (!tiers?.length || !params.tiers_mode))
      return {
        status: 400,
        body: { error: { type: "invalid_request_error", param: "tiers", message: "Tiered prices need tiers and tiers_mode." } },
      };
    const lookupKey = (params.lookup_key as string | undefined) ?? null;
    if (lookupKey) {
      const holder = [...objects.values()].find((o) => o.object === "price" && o.lookup_key === lookupKey);
      if (holder && params.transfer_lookup_key !== "true")
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              param: "lookup_key",
              message: `A price (\`${holder.id}\`) already uses that lookup key.`,
            },
          },
        };
      if (holder) holder.lookup_key = null;
    }
    const price: StripeObject = {
      id: newId("price"),
      object: "price",
      active: true,
      billing_scheme: params.billing_scheme ?? "per_unit",
      created: now(),
      currency: params.currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: params.metadata ?? {},
      nickname: params.nickname ?? null,
      product,
      recurring: recurring
        ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1), usage_type: "licensed" }
        : null,
      tiers: tiers ?? null,
      tiers_mode: params.tiers_mode ?? null,
      type: recurring ? "recurring" : "one_time",
      unit_amount: params.unit_amount === undefined ? null : Number(params.unit_amount),
    };
    objects.set(price.id, price);
    return { status: 200, body: price };
  }

  async function handlePost(path: string, params: Record<string, unknown>): Promise<{ status: number; body: unknown }> {
    if (path === "/v1/products") {
      const id = (params.id as string | undefined) ?? newId("prod");
      if (objects.has(id))
        return {
          status: 400,
          body: { error: { type: "invalid_request_error", code: "resource_already_exists", message: "Product already exists." } },
        };
      const product: StripeObject = {
        id,
        object: "product",
        active: true,
        name: params.name,
        description: params.description ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      objects.set(id, product);
      return { status: 200, body: product };
    }
    if (path === "/v1/prices") return createPrice(params);
    if (path === "/v1/invoices/create_preview") return previewInvoice(params);
    if (path === "/v1/checkout/sessions") {
      const lineItems = (params.line_items as Array<Record<string, string>> | undefined) ?? [];
      const invalid = (param: string, message: string) => ({
        status: 400,
        body: { error: { type: "invalid_request_error", param, message } },
      });
      if (params.mode !== "subscription") return invalid("mode", "This fake supports mode=subscription.");
      if (!lineItems.length || !objects.has(lineItems[0]!.price ?? "")) return invalid("line_items[0][price]", "No such price.");
      if (!params.success_url || !params.cancel_url) return invalid("success_url", "success_url and cancel_url are required.");
      if (params.customer && params.customer_email)
        return invalid("customer_email", "You may only specify one of these parameters: customer, customer_email.");
      const id = newId("cs_test");
      const session: StripeObject = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        url: `${baseUrl}/checkout/${id}`,
        customer: params.customer ?? null,
        customer_email: params.customer_email ?? null,
        client_reference_id: params.client_reference_id ?? null,
        metadata: params.metadata ?? {},
        subscription_data: params.subscription_data ?? {},
        subscription: null,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        expires_at: now() + 86_400,
        line_items: lineItems.map((item) => ({ price: item.price, quantity: Number(item.quantity ?? 1) })),
        livemode: false,
      };
      objects.set(id, session);
      return { status: 200, body: { ...session, line_items: undefined, subscription_data: undefined } };
    }
    if (path === "/v1/billing_portal/sessions") {
      const customer = objects.get(String(params.customer ?? ""));
      if (!customer || customer.object !== "customer")
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              code: "resource_missing",
              param: "customer",
              message: `No such customer: '${String(params.customer)}'`,
            },
          },
        };
      const portal: StripeObject = {
        id: newId("bps"),
        object: "billing_portal.session",
        customer: customer.id,
        return_url: params.return_url ?? null,
        configuration: "bpc_fake_default",
        created: now(),
        livemode: false,
        url: "",
      };
      portal.url = `${baseUrl}/portal/${portal.id}`;
      objects.set(portal.id, portal);
      return { status: 200, body: portal };
    }
    if (path === "/v1/customers") {
      const customer: StripeObject = {
        id: newId("cus"),
        object: "customer",
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      objects.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    const subscriptionUpdate = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionUpdate) {
      const found = objects.get(decodeURIComponent(subscriptionUpdate[1]!));
      if (!found || found.object !== "subscription")
        return {
          status: 404,
          body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" } },
        };
      if (found.status === "canceled")
        return {
          status: 400,
          body: {
            error: {
              type: "invalid_request_error",
              message: "A canceled subscription can only update its cancellation_details and metadata.",
            },
          },
        };
      try {
        return { status: 200, body: await updateSubscription(found, params) };
      } catch (error) {
        return { status: 400, body: { error: { type: "invalid_request_error", message: (error as Error).message } } };
      }
    }
    const update = /^\/v1\/(prices|products|customers)\/([^/]+)$/.exec(path);
    if (update) {
      const found = objects.get(decodeURIComponent(update[2]!));
      if (!found)
        return { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such object" } } };
      if (params.active !== undefined) found.active = params.active === "true";
      if (params.metadata) found.metadata = { ...(found.metadata as object), ...(params.metadata as object) };
      return { status: 200, body: found };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (POST: ${path}).` } } };
  }

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/requests") return sendJson(res, 200, requests);
    if (url.pathname === "/__fake/objects") return sendJson(res, 200, [...objects.values()]);
    if (url.pathname === "/__fake/events")
      return sendJson(
        res,
        200,
        events.map((e) => ({ ...e.event, deliveries: e.deliveries })),
      );
    if (url.pathname === "/__fake/webhook" && req.method === "POST") {
      deliverTo = (JSON.parse(await readBody(req)) as { url: string | null }).url;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/redeliver" && req.method === "POST") {
      const { eventId } = JSON.parse(await readBody(req)) as { eventId: string };
      const entry = events.find((e) => e.event.id === eventId);
      if (!entry) return sendJson(res, 404, { error: "no such event" });
      await deliver(entry);
      return sendJson(res, 200, { deliveries: entry.deliveries });
    }
    if (url.pathname === "/__fake/hold" && req.method === "POST") {
      held ??= [];
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/release" && req.method === "POST") {
      const { order = "forward" } = JSON.parse((await readBody(req)) || "{}") as { order?: "forward" | "reverse" };
      const waiting = held ?? [];
      held = null;
      for (const entry of order === "reverse" ? [...waiting].reverse() : waiting) await deliver(entry);
      return sendJson(res, 200, { delivered: waiting.map((e) => e.event.type) });
    }
    if (url.pathname === "/__fake/fail-next" && req.method === "POST") {
      failNext = (JSON.parse((await readBody(req)) || "{}") as { status?: number }).status ?? 500;
      return sendJson(res, 200, { ok: true });
    }
    const control = /^\/__fake\/subscriptions\/([^/]+)\/(fail-payment|action-required|advance)$/.exec(url.pathname);
    if (control && req.method === "POST") {
      const subscription = objects.get(decodeURIComponent(control[1]!));
      if (!subscription || subscription.object !== "subscription") return sendJson(res, 404, { error: "no such subscription" });
      if (control[2] === "advance") await advancePeriod(subscription);
      else await failPayment(subscription, control[2] === "action-required");
      return sendJson(res, 200, subscription);
    }
    const portalRoute = /^\/portal\/([^/]+)(?:\/(cancel|renew)\/([^/]+))?$/.exec(url.pathname);
    if (portalRoute) {
      const portal = objects.get(portalRoute[1]!);
      if (!portal || portal.object !== "billing_portal.session") return sendJson(res, 404, { error: "no such portal session" });
      if (!portalRoute[2]) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(portalPage(portal));
      }
      if (req.method !== "POST") return sendJson(res, 405, { error: "POST only" });
      const subscription = objects.get(portalRoute[3]!);
      if (!subscription || subscription.customer !== portal.customer) return sendJson(res, 404, { error: "no such subscription" });
      await updateSubscription(subscription, { cancel_at_period_end: portalRoute[2] === "cancel" ? "true" : "false" });
      res.writeHead(303, { Location: `/portal/${portal.id}` });
      return res.end();
    }
    const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
    if (page) {
      const session = objects.get(page[1]!);
      if (!session || session.object !== "checkout.session") return sendJson(res, 404, { error: "no such session" });
      if (!page[2]) {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        return res.end(checkoutPage(session));
      }
      if (req.method !== "POST") return sendJson(res, 405, { error: "POST only" });
      if (page[2] === "pay" && session.status === "open") await completeCheckout(session);
      const target =
        page[2] === "pay" ? String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id) : String(session.cancel_url);
      res.writeHead(303, { Location: target });
      return res.end();
    }
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      events.length = 0;
      held = null;
      failNext = null;
      objects.clear();
      idempotent.clear();
      requests.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({ method: req.method ?? "GET", path: url.pathname, idempotencyKey });
    if (failNext !== null) {
      const status = failNext;
      failNext = null;
      return stripeError(res, status, "api_error", "An unknown error occurred on Stripe's side (fake).");
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`)
      return stripeError(res, 401, "authentication_error", "Invalid API Key provided.");
    const body = await readBody(req);

    if (req.method === "POST") {
      const params = parseStripeForm(body);
      const fingerprint = `${url.pathname}?${body}`;
      if (idempotencyKey) {
        const seen = idempotent.get(idempotencyKey);
        if (seen && seen.fingerprint !== fingerprint)
          return stripeError(
            res,
            400,
            "idempotency_error",
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        if (seen) return sendJson(res, seen.status, seen.body, { "Idempotent-Replayed": "true" });
      }
      const result = await handlePost(url.pathname, params);
      if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, ...result });
      return sendJson(res, result.status, result.body);
    }

    const query = parseStripeForm(url.search.slice(1));
    const expand = (query.expand as string[] | undefined) ?? [];
    if (url.pathname === "/v1/prices") {
      const keys = (query.lookup_keys as string[] | undefined) ?? null;
      const prices = [...objects.values()].filter(
        (o) =>
          o.object === "price" &&
          (!keys || keys.includes(String(o.lookup_key))) &&
          (query.active === undefined || String(o.active) === query.active),
      );
      return sendJson(
        res,
        200,
        asList(
          prices.map((p) => publicPrice(p, expand)),
          "/v1/prices",
        ),
      );
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (session) {
      const found = objects.get(decodeURIComponent(session[1]!));
      if (!found)
        return stripeError(res, 404, "invalid_request_error", `No such checkout.session: '${session[1]}'`, { code: "resource_missing" });
      return sendJson(res, 200, { ...found, line_items: undefined, subscription_data: undefined });
    }
    const one = /^\/v1\/(prices|products|customers|subscriptions|invoices)\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const found = objects.get(decodeURIComponent(one[2]!));
      if (!found)
        return stripeError(res, 404, "invalid_request_error", `No such ${one[1]!.slice(0, -1)}: '${one[2]}'`, { code: "resource_missing" });
      return sendJson(res, 200, found.object === "price" ? publicPrice(found, expand) : found);
    }
    return stripeError(res, 404, "invalid_request_error", `Unrecognized request URL (GET: ${url.pathname}).`);
  });
  const listening = await listen(server, port);
  baseUrl = listening.url;
  return { ...listening, secretKey, webhookSecret, objects };
}
