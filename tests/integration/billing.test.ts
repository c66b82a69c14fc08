import http from "node:http";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { getUsageSummary } from "#app/modules/articles/quota.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { chargeAiAction } from "#app/modules/billing/ai-meter.server";
import { setupProPrices } from "#app/modules/billing/price-setup.server";
import { requestSiteQuantitySync, syncSiteQuantity } from "#app/modules/billing/stripe-events.server";
import { pricePerSiteCents } from "#app/modules/billing/plans";
import { onSiteCountChange } from "#app/modules/workspaces/site-count-hooks.server";
import { action as sitesAction, loader as sitesLoader } from "#app/routes/dashboard/sites/route";
import type { FormReply } from "#app/utils/form-reply";
import { getBilling } from "#app/modules/billing/stripe.server";
import { loadEntitlement } from "#app/modules/billing/subscriptions.server";
import { checkoutReturn } from "#app/modules/billing/return.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { loader as layoutLoader } from "#app/routes/dashboard/layout";
import { action as upgradeAction, loader as upgradeLoader } from "#app/routes/dashboard/upgrade/route";
import { action as webhookAction } from "#app/routes/resources/webhooks.stripe";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { startFakeStripe } from "#tests/fakes/stripe";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, cookies, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Billing end to end through the real Stripe SDK against the local fake: the
 * plan page's checkout, Pay on the hosted page, signed webhooks into the route,
 * the job that re-reads Stripe, the return URL, the portal and its fallback,
 * site-count changes, and the webhook's refusals (bad signature, old timestamp),
 * duplicates and out-of-order delivery (docs/decisions/046).
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let worker: ReturnType<typeof startWorker>;
let forwarder: http.Server;

/** The app's webhook route behind a real HTTP port, so the fake delivers as Stripe would. */
async function startForwarder() {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://localhost:3000${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: Buffer.concat(chunks),
    });
    const response = await webhookAction({ request } as Parameters<typeof webhookAction>[0]);
    res.writeHead(response.status);
    res.end(await response.text());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

const fakeControl = (path: string, body: unknown = {}) =>
  fetch(`${fake.url}/__fake/${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const jobsSettled = () =>
  until(
    () => db.selectFrom("jobs").select("status").where("name", "in", ["apply-stripe-event", "sync-site-quantity"]).execute(),
    (rows) => rows.every((r) => r.status === "succeeded" || r.status === "failed"),
    "billing jobs",
  );

const upgrade = (user: TestUser, fields: Record<string, string>) =>
  callRoute<{ portalFallback?: { url: string | null; title: string } }>({
    middleware: [requireAuth],
    handler: upgradeAction,
    request: post("/dashboard/upgrade", fields, user.cookie),
  });

/** A trial user buys Pro through the fake's hosted checkout; returns the subscription id. */
async function buyPro(user: TestUser, interval: "month" | "year" = "month") {
  const started = await upgrade(user, { intent: "checkout", interval });
  const checkoutUrl = redirectTarget(started);
  expect(checkoutUrl).toMatch(new RegExp(`^${fake.url}/checkout/cs_test_`));
  const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.headers.get("Location")).toMatch(/\/dashboard\?upgrade=success&session_id=cs_test_/);
  await jobsSettled();
  const row = await db.selectFrom("subscriptions").selectAll().where("workspace_id", "=", user.workspaceId).executeTakeFirstOrThrow();
  return { subscriptionId: row.stripe_subscription_id, successUrl: paid.headers.get("Location")! };
}

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeStripe();
  forwarder = await startForwarder();
  const { port } = forwarder.address() as { port: number };
  await fakeControl("webhook", { url: `http://127.0.0.1:${port}/resources/webhooks/stripe` });
  const stripe = new Stripe(fake.secretKey, { host: "127.0.0.1", port: fake.port, protocol: "http", maxNetworkRetries: 0 });
  const prices = await setupProPrices(stripe);
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_API_URL: fake.url,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_PRICE_MONTHLY: prices.find((p) => p.interval === "month")!.priceId,
    STRIPE_PRICE_YEARLY: prices.find((p) => p.interval === "year")!.priceId,
    STRIPE_PORTAL_FALLBACK_URL: "https://billing.stripe.com/p/login/test_fallback",
  });
  resetEnvForTests();
  worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
});

afterAll(async () => {
  await worker.stop();
  await new Promise<void>((resolve) => forwarder.close(() => resolve()));
  await fake.close();
  for (const name of [
    "STRIPE_SECRET_KEY",
    "STRIPE_API_URL",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PRICE_MONTHLY",
    "STRIPE_PRICE_YEARLY",
    "STRIPE_PORTAL_FALLBACK_URL",
  ])
    delete process.env[name];
  resetEnvForTests();
});

beforeEach(async () => {
  await fakeControl("release");
});

describe("checkout", () => {
  it("a trial workspace pays on the hosted page and becomes Pro from the webhook; limits follow", async () => {
    const user = await makeUser(db, { workspace: { trial_articles_used: 3 } });
    expect((await getUsageSummary(db, user.workspaceId, user.siteId)).blocked?.code).toBe("trial_limit");

    await buyPro(user);
    const workspace = await db.selectFrom("workspaces").selectAll().where("id", "=", user.workspaceId).executeTakeFirstOrThrow();
    expect(workspace.plan).toBe("pro");
    expect(workspace.stripe_customer_id).toMatch(/^cus_/);
    const sub = await db.selectFrom("subscriptions").selectAll().where("workspace_id", "=", user.workspaceId).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ status: "active", interval: "month", quantity: 1, cancel_at_period_end: 0 });
    const usage = await getUsageSummary(db, user.workspaceId, user.siteId);
    expect(usage.plan).toBe("pro");
    expect(usage.blocked).toBeNull();

    const page = await callRoute<{ view: { state: string; nextInvoice: { amountCents: number } | null } }>({
      middleware: [requireAuth],
      handler: upgradeLoader,
      request: get("/dashboard/upgrade", user.cookie),
    });
    expect(page.data.view.state).toBe("pro");
    expect(page.data.view.nextInvoice?.amountCents).toBe(4900);

    // Every POST to Stripe carried an idempotency key.
    const logged = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Array<{ method: string; idempotencyKey: string | null }>;
    expect(logged.filter((r) => r.method === "POST").every((r) => r.idempotencyKey)).toBe(true);
  });

  it("the same checkout form posted twice opens one session", async () => {
    const user = await makeUser(db);
    const fields = { intent: "checkout", interval: "year", requestKey: "same-form-key-123" };
    const first = redirectTarget(await upgrade(user, fields));
    const second = redirectTarget(await upgrade(user, fields));
    expect(second).toBe(first);
  });

  it("the return URL grants nothing by itself: another workspace's session id leaves the trial as it is", async () => {
    const buyer = await makeUser(db);
    const { successUrl } = await buyPro(buyer);
    const other = await makeUser(db);
    const back = await callRoute({
      middleware: [requireAuth, checkoutReturn],
      handler: layoutLoader,
      request: get(successUrl.replace("http://localhost:3000", ""), other.cookie),
    });
    expect(redirectTarget(back)).toBe("/dashboard");
    expect((await loadEntitlement(db, other.workspaceId)).state).toBe("trial");

    // Back on the dashboard with the welcome cookie: not Pro, so the banner says the payment is being confirmed.
    const welcome = back.headers
      .getSetCookie()
      .find((c) => c.startsWith("__pro_welcome=1"))!
      .split(";")[0];
    const shown = await callRoute<{ billingBanner: { kind: string } }>({
      middleware: [requireAuth, checkoutReturn],
      handler: layoutLoader,
      request: get("/dashboard", cookies(other.cookie, welcome)),
    });
    expect(shown.data.billingBanner).toEqual({ kind: "confirming" });
  });

  it("the buyer's return shows 'Welcome to Pro Plan' once and removes the query string", async () => {
    const user = await makeUser(db);
    const { successUrl } = await buyPro(user);
    const back = await callRoute({
      middleware: [requireAuth, checkoutReturn],
      handler: layoutLoader,
      request: get(successUrl.replace("http://localhost:3000", ""), user.cookie),
    });
    expect(redirectTarget(back)).toBe("/dashboard");
    const welcome = back.headers
      .getSetCookie()
      .find((c) => c.startsWith("__pro_welcome=1"))!
      .split(";")[0];
    const shown = await callRoute<{ billingBanner: { kind: string } }>({
      middleware: [requireAuth, checkoutReturn],
      handler: layoutLoader,
      request: get("/dashboard", cookies(user.cookie, welcome)),
    });
    expect(shown.data.billingBanner).toEqual({ kind: "welcome" });
    expect(shown.headers.getSetCookie().some((c) => c.startsWith("__pro_welcome=;") && c.includes("Max-Age=0"))).toBe(true);
  });
});

describe("webhook", () => {
  const deliver = (payload: string, signature: string) =>
    webhookAction({
      request: new Request("http://localhost:3000/resources/webhooks/stripe", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      }),
    } as Parameters<typeof webhookAction>[0]);
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: "event",
      type: "customer.subscription.updated",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "sub_unknown", object: "subscription" } },
    });

  it("refuses a bad signature and an old timestamp, recording nothing", async () => {
    const id = `evt_${newId()}`;
    const payload = event(id);
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" });
    expect((await deliver(payload, wrong)).status).toBe(400);
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: fake.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    expect((await deliver(payload, old)).status).toBe(400);
    expect((await deliver(payload, "")).status).toBe(400);
    expect(await db.selectFrom("stripe_events").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
  });

  it("records an event once: a replay answers 200 and enqueues nothing", async () => {
    const user = await makeUser(db);
    await buyPro(user);
    const events = (await (await fetch(`${fake.url}/__fake/events`)).json()) as Array<{ id: string; type: string }>;
    const created = events.findLast((e) => e.type === "customer.subscription.created")!;
    const jobsBefore = await db.selectFrom("jobs").select("id").where("name", "=", "apply-stripe-event").execute();
    const replay = await fakeControl("redeliver", { eventId: created.id });
    expect(((await replay.json()) as { deliveries: number[] }).deliveries).toEqual([200, 200]);
    const jobsAfter = await db.selectFrom("jobs").select("id").where("name", "=", "apply-stripe-event").execute();
    expect(jobsAfter.length).toBe(jobsBefore.length);
    const rows = await db.selectFrom("stripe_events").select("id").where("id", "=", created.id).execute();
    expect(rows).toHaveLength(1);
  });

  it("events delivered in reverse order leave the final state: cancelled in the portal, then ended", async () => {
    const user = await makeUser(db);
    const { subscriptionId } = await buyPro(user);
    await fakeControl("hold");
    // Cancel in the portal (at the period's end), then the period ends.
    const portal = await upgrade(user, { intent: "portal" });
    const portalUrl = redirectTarget(portal)!;
    expect(portalUrl).toMatch(new RegExp(`^${fake.url}/portal/bps_`));
    await fetch(`${portalUrl}/cancel/${subscriptionId}`, { method: "POST", redirect: "manual" });
    await fakeControl(`subscriptions/${subscriptionId}/advance`);
    const released = (await (await fakeControl("release", { order: "reverse" })).json()) as { delivered: string[] };
    expect(released.delivered).toEqual(["customer.subscription.updated", "customer.subscription.deleted"]);
    await jobsSettled();
    const entitlement = await loadEntitlement(db, user.workspaceId);
    expect(entitlement.state).toBe("ended");
    expect((await getUsageSummary(db, user.workspaceId, user.siteId)).blocked?.code).toBe("subscription_ended");
    await expect(
      chargeAiAction(db, { workspaceId: user.workspaceId, siteId: user.siteId, userId: user.userId }, "edit"),
    ).rejects.toMatchObject({
      code: "subscription_ended",
    });
    const workspace = await db.selectFrom("workspaces").select("plan").where("id", "=", user.workspaceId).executeTakeFirstOrThrow();
    expect(workspace.plan).toBe("trial");
  });

  it("cancelling keeps Pro to the period's end", async () => {
    const user = await makeUser(db);
    const { subscriptionId } = await buyPro(user);
    const portalUrl = redirectTarget(await upgrade(user, { intent: "portal" }))!;
    await fetch(`${portalUrl}/cancel/${subscriptionId}`, { method: "POST", redirect: "manual" });
    await jobsSettled();
    const entitlement = await loadEntitlement(db, user.workspaceId);
    expect(entitlement.state).toBe("cancelling");
    expect(entitlement.canWrite).toBe(true);
    expect((await getUsageSummary(db, user.workspaceId, user.siteId)).plan).toBe("pro");
  });

  it("a failed payment is past due with Pro kept; the owner is mailed once; a later payment clears it, whatever the order", async () => {
    const user = await makeUser(db);
    const { subscriptionId } = await buyPro(user);
    await fakeControl(`subscriptions/${subscriptionId}/fail-payment`);
    await jobsSettled();
    expect((await loadEntitlement(db, user.workspaceId)).state).toBe("past_due");
    const mails = await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", user.email).execute();
    expect(mails.filter((m) => m.subject === "Your Inkpilot payment failed")).toHaveLength(1);
    const events = (await (await fetch(`${fake.url}/__fake/events`)).json()) as Array<{ id: string; type: string }>;
    await fakeControl("redeliver", { eventId: events.findLast((e) => e.type === "invoice.payment_failed")!.id });
    const layout = await callRoute<{ billingBanner: { kind: string } }>({
      middleware: [requireAuth, checkoutReturn],
      handler: layoutLoader,
      request: get("/dashboard", user.cookie),
    });
    expect(layout.data.billingBanner).toEqual({ kind: "past_due", canManage: true });

    await fakeControl("hold");
    await fakeControl(`subscriptions/${subscriptionId}/advance`);
    await fakeControl("release", { order: "reverse" });
    await jobsSettled();
    expect((await loadEntitlement(db, user.workspaceId)).state).toBe("pro");
    const after = await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", user.email).execute();
    expect(after.filter((m) => m.subject === "Your Inkpilot payment failed")).toHaveLength(1);
  });
});

describe("sites and the portal", () => {
  it("a second site is billed at once with the prorated difference; removing it lowers the quantity without a charge", async () => {
    const user = await makeUser(db);
    const { subscriptionId } = await buyPro(user);
    const siteId = newId();
    await db
      .insertInto("sites")
      .values({
        id: siteId,
        workspace_id: user.workspaceId,
        name: "Second",
        url: null,
        slug: `second-${siteId}`,
        created_at: isoNow(),
        updated_at: isoNow(),
      })
      .execute();
    const billing = getBilling()!;
    expect(await syncSiteQuantity(db, billing, user.workspaceId, "test-1")).toEqual({ from: 1, to: 2 });
    const sub = await db
      .selectFrom("subscriptions")
      .selectAll()
      .where("stripe_subscription_id", "=", subscriptionId)
      .executeTakeFirstOrThrow();
    expect(sub.quantity).toBe(2);
    const objects = (await (await fetch(`${fake.url}/__fake/objects`)).json()) as Array<{
      object: string;
      billing_reason?: string;
      parent?: unknown;
      amount_paid?: number;
    }>;
    const proration = objects.filter((o) => o.object === "invoice" && o.billing_reason === "subscription_update");
    expect(proration.length).toBe(1);
    expect(proration[0]!.amount_paid).toBeGreaterThan(0);
    // The same change again is a no-op.
    expect(await syncSiteQuantity(db, billing, user.workspaceId, "test-1")).toBeNull();

    await db.deleteFrom("sites").where("id", "=", siteId).execute();
    expect(await syncSiteQuantity(db, billing, user.workspaceId, "test-2")).toEqual({ from: 2, to: 1 });
    const invoicesAfter = (
      (await (await fetch(`${fake.url}/__fake/objects`)).json()) as Array<{ object: string; billing_reason?: string }>
    ).filter((o) => o.object === "invoice" && o.billing_reason === "subscription_update");
    expect(invoicesAfter.length).toBe(1);
  });

  it("adding a site on Pro shows the exact charge now and the new price, and charges only that, only once agreed", async () => {
    const user = await makeUser(db);
    const { subscriptionId } = await buyPro(user);
    const unwire = onSiteCountChange((db, workspaceId, change) => requestSiteQuantitySync(db, workspaceId, change));
    try {
      const dialog = await callRoute<{
        dialog: { charge: { ok: true; chargeNowCents: number; recurringCents: number; sites: number; prorationDate: number } };
      }>({
        middleware: [requireAuth],
        handler: sitesLoader,
        request: get("/dashboard/sites?new=1", user.cookie),
      });
      const charge = dialog.data.dialog.charge;
      expect(charge).toMatchObject({ ok: true, sites: 2, interval: "month", recurringCents: pricePerSiteCents("month", 2) * 2 });
      // Most of a month is left: the charge is most of the second site's price, never more.
      expect(charge.chargeNowCents).toBeGreaterThan(0.9 * (pricePerSiteCents("month", 2) * 2 - pricePerSiteCents("month", 1)));
      expect(charge.chargeNowCents).toBeLessThanOrEqual(pricePerSiteCents("month", 2) * 2 - pricePerSiteCents("month", 1));

      const addSite = (fields: Record<string, string>) =>
        callRoute<FormReply>({
          middleware: [requireAuth],
          handler: sitesAction,
          request: post("/dashboard/sites", { intent: "add", name: "Second shop", url: "https://second.example", ...fields }, user.cookie),
        });
      const siteCount = async () =>
        (await db.selectFrom("sites").select("id").where("workspace_id", "=", user.workspaceId).execute()).length;
      // Not agreed (no charge shown, or another amount): nothing is added or charged.
      const unagreed = await addSite({});
      expect(unagreed.status).toBe(409);
      expect(unagreed.data.notice?.description).toBe("Please review the charge for this site before adding it.");
      const otherAmount = await addSite({
        prorationDate: String(charge.prorationDate),
        expectedChargeCents: String(charge.chargeNowCents - 1),
      });
      expect(otherAmount.data.notice?.description).toBe("The charge for this site has changed. Please review the new amount.");
      expect(await siteCount()).toBe(1);

      const agreed = await addSite({ prorationDate: String(charge.prorationDate), expectedChargeCents: String(charge.chargeNowCents) });
      expect(redirectTarget(agreed)).toMatch(/^\/dashboard\?onboarding=scan/);
      expect(await siteCount()).toBe(2);
      await jobsSettled();
      const invoices = (
        (await (await fetch(`${fake.url}/__fake/objects`)).json()) as Array<{
          object: string;
          billing_reason?: string;
          amount_paid?: number;
          parent?: { subscription_details?: { subscription?: string } };
        }>
      ).filter((o) => o.object === "invoice" && o.billing_reason === "subscription_update");
      const ofThisSubscription = invoices.filter((i) => i.parent?.subscription_details?.subscription === subscriptionId);
      expect(ofThisSubscription.map((i) => i.amount_paid)).toEqual([charge.chargeNowCents]);
    } finally {
      unwire();
    }
  });

  it("when the portal cannot be opened, the fallback link is offered with the spec's words", async () => {
    const user = await makeUser(db);
    await buyPro(user);
    await fakeControl("fail-next", { status: 500 });
    const failed = await upgrade(user, { intent: "portal" });
    expect(failed.data.portalFallback).toMatchObject({
      title: "Opening Stripe portal",
      description: "Using fallback portal link.",
      url: "https://billing.stripe.com/p/login/test_fallback",
    });
  });

  it("an editor is refused the plan page and its actions", async () => {
    const owner = await makeUser(db);
    const editor = await makeUser(db);
    await db
      .updateTable("memberships")
      .set({ workspace_id: owner.workspaceId, role: "editor" })
      .where("user_id", "=", editor.userId)
      .execute();
    const page = await callRoute({ middleware: [requireAuth], handler: upgradeLoader, request: get("/dashboard/upgrade", editor.cookie) });
    expect(page.status).toBe(403);
    expect(await page.response!.text()).toBe("Only owners can manage billing. Ask the owner of this workspace.");
    const act = await upgrade(editor, { intent: "checkout", interval: "month" });
    expect(act.status).toBe(403);
  });
});

describe("signed out", () => {
  it("managing a subscription signed out asks to sign in, with the spec's words", async () => {
    const result = await callRoute({
      middleware: [requireAuth],
      handler: upgradeAction,
      request: post("/dashboard/upgrade", { intent: "portal" }),
    });
    expect(redirectTarget(result)).toBe("/signin?redirectTo=%2Fdashboard%2Fupgrade");
    const toast = /__toast=([^;]+)/.exec(result.headers.get("Set-Cookie") ?? "")?.[1];
    const parsed = JSON.parse(Buffer.from(decodeURIComponent(toast!).split(".")[0]!, "base64").toString("utf8")) as Record<string, string>;
    expect(parsed).toMatchObject({ title: "Please sign in", description: "You need to be signed in to manage your subscription." });
  });
});
