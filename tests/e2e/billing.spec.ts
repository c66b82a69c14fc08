import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { FAKE_STRIPE_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

const stripeUrl = () => fakeUrl(FAKE_STRIPE_PORT);

/**
 * Billing (docs/decisions/046): a trial customer buys Pro through the
 * fake Stripe's hosted checkout, comes back to 'Welcome to Pro Plan' with the
 * query string gone and the trial's limits lifted, then cancels in the billing
 * portal and keeps Pro to the period's end. With JavaScript and without.
 */

const PASSWORD = "billing-password";
const sidebar = (page: Page) => page.getByTestId("sidebar");

async function newTrialUserOutOfArticles(page: Page, prefix: string) {
  const user = await createVerifiedUser(uniqueEmail(prefix), PASSWORD);
  // The trial's 3 AI articles are used: creating is refused until Pro.
  await e2eDb().updateTable("workspaces").set({ trial_articles_used: 3 }).where("id", "=", user.workspaceId).execute();
  await signIn(page, user);
  return user;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`billing (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("a trial customer upgrades through checkout, sees the Pro banner and the limits lifted, then cancels and keeps Pro", async ({
      page,
      context,
    }) => {
      const user = await newTrialUserOutOfArticles(page, "billing");
      await expect(page.getByTestId("usage-meter")).toHaveAttribute("data-state", "trial_limit");
      await sidebar(page).getByRole("link", { name: "Upgrade Plan" }).click();
      await expect(page).toHaveURL(/\/dashboard\/upgrade$/);
      await expect(page.getByTestId("plan-state")).toHaveText("Free trial");
      await expect(page.getByTestId("quote-month")).toContainText("$49");
      await expect(page.getByTestId("quote-year")).toContainText("$499");

      // Cancel on the checkout page: back on the plan page, nothing charged.
      await page.getByRole("button", { name: "Upgrade to Pro, monthly" }).click();
      await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/dashboard\/upgrade\?checkout=cancelled$/);
      await expect(page.getByText("Checkout cancelled")).toBeVisible();
      await expect(page.getByTestId("plan-state")).toHaveText("Free trial");

      // Pay: back on the dashboard without the query string, welcomed once.
      await page.getByRole("button", { name: "Upgrade to Pro, monthly" }).click();
      await expect(page.getByText("Inkpilot Pro, 1 site(s): $49.00 per month")).toBeVisible();
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const banner = page.getByTestId("billing-banner");
      await expect(banner).toHaveAttribute("data-kind", "welcome");
      await expect(banner).toContainText("Welcome to Pro Plan");
      // Limits lifted: the monthly meter, no trial refusal, no Upgrade button.
      await expect(page.getByTestId("usage-meter")).toHaveAttribute("data-state", "ok");
      await expect(page.getByText("0 of 50 AI articles this month")).toBeVisible();
      await expect(sidebar(page).getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);
      await banner.getByRole("link", { name: "Dismiss" }).click();
      await expect(page.getByTestId("billing-banner")).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("billing-banner")).toHaveCount(0);

      await page.goto("/dashboard/upgrade");
      await expect(page.getByTestId("plan-state")).toHaveText("Pro");
      await expect(page.getByTestId("plan-billing")).toHaveText("Monthly, 1 site billed");
      await expect(page.getByTestId("plan-next-invoice")).toContainText("$49 on");

      // Manage subscription opens the billing portal in a new tab; cancel there.
      const [portal] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Manage subscription" }).click()]);
      await expect(portal.getByRole("heading", { name: "Fake Stripe billing portal" })).toBeVisible();
      await portal.getByRole("button", { name: "Cancel plan" }).click();
      await expect(portal.getByTestId("portal-status")).toContainText("cancels");
      await portal.close();

      // The webhook's job applies the cancellation: Pro stays until the period's end.
      await expect(async () => {
        await page.goto("/dashboard/upgrade");
        await expect(page.getByTestId("plan-state")).toHaveAttribute("data-state", "cancelling", { timeout: 500 });
      }).toPass({ timeout: 10_000 });
      await expect(page.getByText("Pro ends on")).toBeVisible();
      await expect(page.getByTestId("plan-next-invoice")).toHaveCount(0);
      await page.goto("/dashboard");
      await expect(page.getByTestId("usage-meter")).toHaveAttribute("data-state", "ok");
      await expect(sidebar(page).getByRole("link", { name: "Upgrade Plan" })).toHaveCount(0);

      const row = await e2eDb()
        .selectFrom("subscriptions")
        .selectAll()
        .where("workspace_id", "=", user.workspaceId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "active", cancel_at_period_end: 1, quantity: 1 });
    });
  });
}

test("a Pro owner adds a second and a third site: the discounted price and the subscription's quantity follow", async ({ page }) => {
  const user = await newTrialUserOutOfArticles(page, "billing-sites");
  await page.goto("/dashboard/upgrade");
  await page.getByRole("button", { name: "Upgrade to Pro, monthly" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByTestId("billing-banner")).toHaveAttribute("data-kind", "welcome");

  // Before anything is charged, the dialog shows the charge now and the new recurring price; the button names the charge.
  const shown: number[] = [];
  for (const [name, recurring] of [
    ["Second Site", /Pro for 2 sites is \$[\d.,]+ per month/],
    ["Third Site", /Pro for 3 sites is \$132\.30 per month/],
  ] as const) {
    await page.goto("/dashboard/sites");
    await page.getByRole("link", { name: "Add Site" }).click();
    const form = page.getByRole("form", { name: "Add Site" });
    await form.getByLabel("Site name").fill(name);
    await form.getByLabel("Website URL").fill(`${name.split(" ")[0]!.toLowerCase()}.example`);
    const charge = form.getByTestId("site-charge");
    await expect(charge).toContainText(recurring);
    const now = /charges \$([\d.,]+) now/.exec((await charge.textContent()) ?? "");
    expect(now).not.toBeNull();
    shown.push(Math.round(Number(now![1]!.replace(/,/g, "")) * 100));
    await form.getByRole("button", { name: `Add site and pay $${now![1]}` }).click();
    await expect(page).toHaveURL(/\/dashboard\?onboarding=scan/);
    await page.getByRole("button", { name: "Skip" }).click();
  }

  // 3 sites: 10% off every site, $44.10 each; the subscription follows through the job and the webhook.
  await expect(async () => {
    await page.goto("/dashboard/upgrade");
    await expect(page.getByTestId("plan-billing")).toHaveText("Monthly, 3 sites billed", { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId("plan-sites")).toHaveText("3");
  await expect(page.getByTestId("plan-next-invoice")).toContainText("$132.30 on");
  const row = await e2eDb().selectFrom("subscriptions").selectAll().where("workspace_id", "=", user.workspaceId).executeTakeFirstOrThrow();
  expect(row.quantity).toBe(3);
  // Each added site was billed at once: two prorated invoices in the fake Stripe.
  const objects = (await (await fetch(`${stripeUrl()}/__fake/objects`)).json()) as Array<{
    object: string;
    billing_reason?: string;
    customer?: string;
    amount_paid?: number;
  }>;
  const workspace = await e2eDb()
    .selectFrom("workspaces")
    .select("stripe_customer_id")
    .where("id", "=", user.workspaceId)
    .executeTakeFirstOrThrow();
  const prorations = objects.filter(
    (o) => o.object === "invoice" && o.billing_reason === "subscription_update" && o.customer === workspace.stripe_customer_id,
  );
  expect(prorations).toHaveLength(2);
  // Charged exactly what the dialog showed.
  expect(prorations.map((p) => p.amount_paid).sort()).toEqual([...shown].sort());
});

test("the plan page passes axe and fits a phone", async ({ page }) => {
  await newTrialUserOutOfArticles(page, "billing-axe");
  await page.goto("/dashboard/upgrade");
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
