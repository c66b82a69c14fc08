import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pricePerSiteCents } from "#app/modules/billing/plans";
import { PRICE_LOOKUP_KEYS, setupProPrices } from "#app/modules/billing/price-setup.server";
import { createStripe } from "#app/modules/billing/stripe.server";
import { startFakeStripe } from "#tests/fakes/stripe";

/**
 * `npm run stripe:setup` through the real Stripe SDK against the local fake:
 * creates the Pro product and the two volume-tiered prices, finds them again
 * without a POST on the next run, replaces a price whose amounts drifted (the
 * lookup key moves, the old price is retired), and sends an idempotency key
 * with every POST.
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
