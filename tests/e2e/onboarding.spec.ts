import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mail";
import { E2E_PORT, TEST_SITE_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The onboarding dialog on the dashboard: welcome → scan → success, Skip, and
 * the scan's errors, with JavaScript on (Radix dialog + fetcher) and off
 * (server-rendered modal, plain form posts).
 */

const PASSWORD = "correct-horse-battery";
const TEST_SITE_URL = `${fakeUrl(TEST_SITE_PORT)}/`;
let counter = 0;

/** A fresh verified user, signed in and on /dashboard (onboarding not done yet). */
async function newUser(page: Page, js: boolean) {
  const email = `onboarding-${Date.now()}-${counter++}@example.com`;
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?message=verify-email/);

  await page.goto(linkIn(await waitForMail(email, { subject: /Verify your email/ }), "/verify"));
  if (!js) await page.getByRole("button", { name: "Verify my email" }).click();
  // Verified in the browser that signed up: signed in, on the dashboard (item 1).
  await expect(page).toHaveURL(/\/dashboard(\?|$)/);
  return email;
}

/** A verified user who has not been through onboarding, signed in without the form, on `to`. */
async function newcomer(page: Page, to = "/dashboard") {
  const user = await createVerifiedUser(uniqueEmail("onboarding"), PASSWORD, { onboarded: false });
  await signIn(page, user, { to });
  return user;
}

/** Clicks, retrying until the expectation holds (a click before hydration may do nothing). */
async function clickUntil(click: () => Promise<unknown>, expectation: () => Promise<unknown>) {
  await expect(async () => {
    await click();
    await expectation();
  }).toPass({ timeout: 15_000 });
}

for (const js of [true, false]) {
  test.describe(`onboarding dialog, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("welcome → scan the website → success → Setup Complete!", async ({ page }) => {
      await newUser(page, js);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Welcome to Inkpilot!" })).toBeVisible();
      await expect(dialog).toContainText("Inkpilot will scan your website");

      await clickUntil(
        () => dialog.getByRole("link", { name: "Get Started" }).click(),
        () => expect(dialog.getByLabel("Website URL")).toBeVisible({ timeout: 2000 }),
      );
      await expect(page).toHaveURL(/onboarding=scan/);
      await dialog.getByLabel("Website URL").fill(TEST_SITE_URL);
      await dialog.getByRole("button", { name: "Scan Website" }).click();

      await expect(dialog.getByRole("heading", { name: "Website Scanned Successfully!" })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId("toast")).toContainText("Website Scanned Successfully!");
      await expect(dialog).toContainText("Northwind Coffee Roasters");
      await expect(dialog).toContainText("Food & Beverage");
      await expect(dialog).toContainText("Friendly and conversational");
      await expect(
        dialog
          .getByRole("list", { name: "Tags" })
          .getByRole("listitem")
          .filter({ hasText: /^coffee$/ }),
      ).toBeVisible();

      await dialog.getByRole("button", { name: "Go to dashboard" }).click();
      await expect(page.getByTestId("toast")).toContainText("Setup Complete!");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page).toHaveURL(/\/dashboard$/);

      // Done for good: the dialog does not come back on the next visit.
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    test("Skip closes the dialog from welcome and from scan", async ({ page }) => {
      await newUser(page, js);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Welcome to Inkpilot!" })).toBeVisible();
      await clickUntil(
        () => dialog.getByRole("button", { name: "Skip" }).click(),
        () => expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 2000 }),
      );
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);

      // It can be opened again on request, and skipped from the scan step.
      await page.goto("/dashboard?onboarding=scan");
      await expect(dialog.getByLabel("Website URL")).toBeVisible();
      await clickUntil(
        () => dialog.getByRole("button", { name: "Skip" }).click(),
        () => expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 2000 }),
      );
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("a failed scan shows its reason on the URL field, keeps the address, and 'Set up manually' leads to the Brand tab", async ({
      page,
    }) => {
      const user = await newcomer(page, "/dashboard?onboarding=scan");
      const dialog = page.getByRole("dialog");
      const field = dialog.getByLabel("Website URL");

      await field.fill("   ");
      await clickUntil(
        () => dialog.getByRole("button", { name: "Scan Website" }).click(),
        () => expect(field).toHaveAttribute("aria-invalid", "true", { timeout: 2000 }),
      );
      await expect(field).toHaveAccessibleDescription(/Please enter your website URL/);
      // On the field, not in a detached toast.
      await expect(page.getByTestId("toast")).toHaveCount(0);

      // The app's own loopback port: the test allowlist names only the test site's port.
      const refused = `http://127.0.0.1:${E2E_PORT}/`;
      await field.fill(refused);
      await dialog.getByRole("button", { name: "Scan Website" }).click();
      await expect(field).toHaveAccessibleDescription(/That address is not allowed: it points to a private or local network\./);
      await expect(field).toHaveValue(refused);
      await expect(page).toHaveURL(/onboarding=scan/);
      await expect(page.getByTestId("toast")).toHaveCount(0);

      await field.fill(`${TEST_SITE_URL}missing`);
      await dialog.getByRole("button", { name: "Scan Website" }).click();
      await expect(field).toHaveAccessibleDescription(/The website answered with HTTP status 404\. Please check the address\./);
      if (js) {
        await page.setViewportSize({ width: 390, height: 844 });
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
        await page.setViewportSize({ width: 1280, height: 800 });
        expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      }

      await dialog.getByRole("button", { name: "Set up manually" }).click();
      await expect(page).toHaveURL(/\/dashboard\/settings\?tab=brand$/);
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByLabel("Brand name")).toBeVisible();
      const row = await e2eDb()
        .selectFrom("users")
        .select("onboarding_completed_at")
        .where("id", "=", user.userId)
        .executeTakeFirstOrThrow();
      expect(row.onboarding_completed_at).not.toBeNull();
    });
  });
}

test.describe("onboarding dialog, Escape", () => {
  test("Escape closes the dialog; the checklist keeps the way back to the scan and the Brand tab", async ({ page }) => {
    await newcomer(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Welcome to Inkpilot!" })).toBeVisible();
    await clickUntil(
      () => page.keyboard.press("Escape"),
      () => expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 2000 }),
    );
    const checklist = page.getByRole("region", { name: "Getting started" });
    await expect(checklist).toBeVisible();
    // It stays closed on the next visit, and the way back is on the list.
    await page.reload();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(checklist.getByRole("link", { name: "Open brand settings" })).toHaveAttribute("href", "/dashboard/settings?tab=brand");
    await checklist.getByRole("link", { name: "Scan your website" }).click();
    await expect(page.getByRole("dialog").getByLabel("Website URL")).toBeVisible();
    await page.getByRole("dialog").getByLabel("Website URL").fill(TEST_SITE_URL);
    await page.getByRole("dialog").getByRole("button", { name: "Scan Website" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Website Scanned Successfully!" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("dialog").getByRole("button", { name: "Go to dashboard" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The brand step ticked itself from the scan.
    await expect(checklist.locator('[data-step="brand"]')).toHaveAttribute("data-done", "true");
  });
});
