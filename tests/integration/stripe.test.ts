import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pricePerSiteCents } from "#app/modules/billing/plans";
import { PRICE_LOOKUP_KEYS, setupProPrices } from "#app/modules/billing/price-setup.server";
import { createStripe } from "#app/modules/billing/stripe.server";
import { startFakeStripe } from "#tests/fakes/stripe";

/**
 * Stripe through the real SDK against the local fake. `npm run stripe:setup`:
 * creates the Pro product and the two volume-tiered prices, finds them again
 * without a POST on the next run, replaces a price whose amounts drifted (the
 * lookup key moves, the old price is retired), and sends an idempotency key
 * with every POST. The fake's checkout: Pay creates a subscription and a paid invoice
 * and delivers events whose signatures the SDK verifies; Cancel changes nothing.
 */

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
const stripe = () => createStripe(fake.secretKey, fake.url);
type Logged = { method: string; path: string; idempotencyKey: string | null };
const requests = async () => (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Logged[];

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
});

describe("stripe:setup", () => {
  it("creates the product and a volume-tiered price per interval, then finds them unchanged", async () => {
    const first = await setupProPrices(stripe());
    expect(first.map((o) => [o.interval, o.action])).toEqual([
      ["month", "created"],
      ["year", "created"],
    ]);
    const monthly = await stripe().prices.retrieve(first[0]!.priceId, { expand: ["tiers"] });
    expect(monthly).toMatchObject({ billing_scheme: "tiered", tiers_mode: "volume", currency: "usd", lookup_key: PRICE_LOOKUP_KEYS.month });
    expect(monthly.recurring?.interval).toBe("month");
    expect(monthly.tiers?.map((t) => [t.up_to, t.unit_amount])).toEqual([
      [1, 4900],
      [5, pricePerSiteCents("month", 2)],
      [10, pricePerSiteCents("month", 6)],
      [null, pricePerSiteCents("month", 11)],
    ]);
    expect((await requests()).filter((r) => r.method === "POST").every((r) => r.idempotencyKey?.startsWith("inkpilot-setup-"))).toBe(true);

    const before = (await requests()).length;
    const second = await setupProPrices(stripe());
    expect(second).toEqual(first.map((o) => ({ ...o, action: "found" })));
    expect((await requests()).slice(before).filter((r) => r.method === "POST")).toEqual([]);
  });

  it("replaces a price whose tiers drifted: the lookup key moves and the old price is retired", async () => {
    const client = stripe();
    await client.products.create({ id: "inkpilot_pro", name: "Inkpilot Pro" });
    const old = await client.prices.create({
      product: "inkpilot_pro",
      currency: "usd",
      recurring: { interval: "month" },
      billing_scheme: "tiered",
      tiers_mode: "graduated",
      tiers: [{ up_to: "inf", unit_amount: 4900 }],
      lookup_key: PRICE_LOOKUP_KEYS.month,
    });
    const outcomes = await setupProPrices(client);
    expect(outcomes[0]).toMatchObject({ interval: "month", action: "replaced" });
    expect(outcomes[0]!.priceId).not.toBe(old.id);
    const retired = await client.prices.retrieve(old.id);
    expect(retired).toMatchObject({ active: false, lookup_key: null });
  });

  it("fails with Stripe's own error on a wrong key, creating nothing", async () => {
    await expect(setupProPrices(createStripe("sk_test_wrong", fake.url))).rejects.toMatchObject({
      type: "StripeAuthenticationError",
      statusCode: 401,
    });
    expect([...fake.objects.values()]).toEqual([]);
  });
});

describe("the fake Stripe's checkout", () => {
  it("Pay completes the session, creates the subscription and a paid invoice, and delivers signed events the SDK verifies", async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const http = await import("node:http");
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ body, signature: String(req.headers["stripe-signature"]) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const { port } = receiver.address() as { port: number };
    await fetch(`${fake.url}/__fake/webhook`, { method: "POST", body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook` }) });
    try {
      const client = stripe();
      const [monthly] = await setupProPrices(client);
      const session = await client.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: monthly!.priceId, quantity: 3 }],
        client_reference_id: "ws_123",
        customer_email: "owner@example.com",
        success_url: "http://app.test/dashboard?upgrade=success&session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "http://app.test/dashboard/upgrade",
      });
      expect(session).toMatchObject({ status: "open", payment_status: "unpaid", subscription: null });
      expect(await (await fetch(session.url!)).text()).toContain("3 site(s): $132.30 per month");

      const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
      expect(paid.headers.get("location")).toBe(`http://app.test/dashboard?upgrade=success&session_id=${session.id}`);
      const done = await client.checkout.sessions.retrieve(session.id);
      expect(done).toMatchObject({ status: "complete", payment_status: "paid", client_reference_id: "ws_123" });
      const subscription = await client.subscriptions.retrieve(String(done.subscription));
      expect(subscription.items.data[0]).toMatchObject({ quantity: 3 });
      expect(subscription.items.data[0]!.current_period_end).toBeGreaterThan(subscription.items.data[0]!.current_period_start);

      const types = received.map(({ body, signature }) => client.webhooks.constructEvent(body, signature, fake.webhookSecret).type);
      expect(types).toEqual(["checkout.session.completed", "customer.subscription.created", "invoice.paid"]);
      expect(() => client.webhooks.constructEvent(received[0]!.body, received[0]!.signature, "whsec_other")).toThrow();

      const [completed] = (await (await fetch(`${fake.url}/__fake/events`)).json()) as Array<{ id: string }>;
      await fetch(`${fake.url}/__fake/redeliver`, { method: "POST", body: JSON.stringify({ eventId: completed!.id }) });
      expect(received).toHaveLength(4);
      expect(JSON.parse(received[3]!.body).id).toBe(completed!.id);

      const cancelled = await client.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: monthly!.priceId, quantity: 1 }],
        success_url: "http://app.test/ok",
        cancel_url: "http://app.test/cancelled",
      });
      const back = await fetch(`${cancelled.url}/cancel`, { method: "POST", redirect: "manual" });
      expect(back.headers.get("location")).toBe("http://app.test/cancelled");
      expect((await client.checkout.sessions.retrieve(cancelled.id)).status).toBe("open");
    } finally {
      await fetch(`${fake.url}/__fake/webhook`, { method: "POST", body: JSON.stringify({ url: null }) });
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
