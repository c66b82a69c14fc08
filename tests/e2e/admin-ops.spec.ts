import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PAGES } from "#app/routes/admin/admin-pages";
import { waitForMail } from "./mail";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Operator pages of issue 11: an operator changes the email settings and sends
 * a test email that reaches the fake Postmark from the saved address; a
 * customer gets Access Denied on every operator page of the one list. The saved
 * token is the stack's own fake token, and the rows are removed afterwards, so
 * the other specs' mail is unaffected.
 */

const PASSWORD = "admin-ops-e2e-password";
const FAKE_TOKEN = "fake-postmark-token";
const DENIED = "Access Denied - You need admin privileges to access this page.";

let operator: { userId: string };
let customer: { userId: string };

test.beforeAll(async () => {
  operator = await createVerifiedUser(uniqueEmail("ops"), PASSWORD, { fullName: "Ops Person", isOperator: true });
  customer = await createVerifiedUser(uniqueEmail("customer"), PASSWORD, { fullName: "Customer Person" });
});

test.afterAll(async () => {
  await e2eDb().deleteFrom("app_config").where("key", "like", "mail.%").execute();
});

async function diagnostic(page: Page, term: string) {
  return page.getByTestId("mail-diagnostics").locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
}

async function saveAndTest(page: Page, from: string) {
  await page.getByLabel("Postmark server token").fill(FAKE_TOKEN);
  await page.getByLabel("From address").fill(from);
  await page.getByRole("button", { name: "Save Configuration" }).click();
  await expect(page.getByText("Email configuration updated")).toBeVisible();
  await expect(await diagnostic(page, "Token from")).toHaveText("Saved here");
  await expect(await diagnostic(page, "From address")).toContainText(from);
  // The token is never sent back to the browser.
  expect(await page.content()).not.toContain(FAKE_TOKEN);

  const to = uniqueEmail("test-mail");
  await page.getByLabel("Send to").fill(to);
  await page.getByRole("button", { name: "Send test email" }).click();
  await expect(page.getByText("Test email sent")).toBeVisible();
  const mail = await waitForMail(to, { subject: /Inkpilot test email/ });
  expect(mail.From).toBe(from);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an operator changes the email settings and sends a test email", async ({ page }) => {
    await signIn(page, operator, { to: "/dashboard/admin" });
    await page.getByRole("link", { name: "Email settings" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Email settings" })).toBeVisible();
    await expect(await diagnostic(page, "Configured")).toHaveText("Yes");
    await saveAndTest(page, "Inkpilot Ops <ops-nojs@inkpilot.test>");
  });

  test("a customer gets Access Denied on every operator page", async ({ page }) => {
    await signIn(page, customer, { to: "/dashboard" });
    for (const { to } of [{ to: "/dashboard/admin" }, ...ADMIN_PAGES]) {
      const response = await page.goto(to);
      expect(response?.status(), to).toBe(403);
      await expect(page.getByText(DENIED)).toBeVisible();
    }
  });
});

test.describe("with JavaScript", () => {
  test("a malformed address is refused in place; a valid one saves and the test email arrives", async ({ page }) => {
    await signIn(page, operator, { to: "/dashboard/admin/email-settings" });
    await page.getByLabel("From address").fill("not an address");
    await page.getByRole("button", { name: "Save Configuration" }).click();
    await expect(page.getByText("Enter an address like support@example.com or Inkpilot <support@example.com>.")).toBeVisible();
    await saveAndTest(page, "Inkpilot Ops <ops-js@inkpilot.test>");
  });

  for (const size of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`the email settings page passes axe on a ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, operator, { to: "/dashboard/admin/email-settings" });
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }
});
