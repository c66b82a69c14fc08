import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_PAGES } from "#app/routes/admin/admin-pages";
import { waitForMail } from "./mail";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Operator pages: an operator changes the email settings and sends
 * a test email that reaches the fake Postmark from the saved address; a
 * customer gets Access Denied on every operator page of the one list. The saved
 * token is the stack's own fake token, and the rows are removed afterwards, so
 * the other specs' mail is unaffected.
 */

const PASSWORD = "admin-ops-e2e-password";
const FAKE_TOKEN = "fake-postmark-token";
const DENIED = "Access Denied - You need admin privileges to access this page.";

const operatorEmail = uniqueEmail("ops");
const customerEmail = uniqueEmail("customer");
let operator: { userId: string };
let customer: { userId: string; workspaceId: string };

test.beforeAll(async () => {
  operator = await createVerifiedUser(operatorEmail, PASSWORD, { fullName: "Ops Person", isOperator: true });
  customer = await createVerifiedUser(customerEmail, PASSWORD, { fullName: "Customer Person" });
  await e2eDb().updateTable("workspaces").set({ name: "Customer Co" }).where("id", "=", customer.workspaceId).execute();
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

  test("an operator finds a customer, ends their sessions and sets their workspace's plan", async ({ page, browser }) => {
    const other = await browser.newContext({ javaScriptEnabled: false });
    const customerPage = await other.newPage();
    await signIn(customerPage, customer, { to: "/dashboard/account" });

    await signIn(page, operator, { to: "/dashboard/admin/accounts" });
    await page.getByLabel("Search").fill(customerEmail.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("link", { name: customerEmail }).click();
    await expect(page.getByRole("heading", { level: 1, name: customerEmail })).toBeVisible();
    await expect(page.getByTestId("user-sessions").locator("tbody tr")).toHaveCount(1);
    await page.getByRole("button", { name: "End this user's sessions" }).click();
    await expect(page.getByText("No active session.")).toBeVisible();
    await customerPage.goto("/dashboard/account");
    await expect(customerPage).toHaveURL(/\/signin\?redirectTo=/);
    await other.close();

    await page.getByRole("link", { name: "Customer Co" }).click();
    await expect(page.getByTestId("workspace-plan")).toContainText("Trial");
    await page.getByLabel("Plan").selectOption("pro");
    await page.getByRole("button", { name: "Set plan" }).click();
    await expect(page.getByTestId("workspace-plan")).toContainText("Pro");

    await page.goto(`/dashboard/admin/audit?actor=${encodeURIComponent(operatorEmail)}`);
    const actions = page.getByTestId("audit-table");
    await expect(actions).toContainText("workspace.plan.set");
    await expect(actions).toContainText("user.sessions.end");
  });

  test("an operator retries a failed job", async ({ page }) => {
    const db = e2eDb();
    const now = new Date().toISOString();
    const job = await db
      .insertInto("jobs")
      .values({
        name: "deliver-mail",
        payload: JSON.stringify({ mailId: 987654321 }),
        status: "failed",
        run_at: now,
        attempts: 8,
        max_attempts: 8,
        last_error: "Error: e2e failure",
        created_at: now,
        updated_at: now,
        finished_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await signIn(page, operator, { to: "/dashboard/admin/jobs?status=failed" });
    const row = page.getByTestId("jobs-table").locator("tr", { hasText: "e2e failure" });
    await row.getByRole("button", { name: `Retry job ${job.id}` }).click();
    await expect(page.getByText(`Job ${job.id} queued again`)).toBeVisible();
    // The worker runs it (the mail row does not exist, so it has nothing to do) and it leaves the failed list.
    await expect(async () => {
      const { status } = await db.selectFrom("jobs").select("status").where("id", "=", job.id).executeTakeFirstOrThrow();
      expect(status).toBe("succeeded");
    }).toPass({ timeout: 10_000 });
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

  test("typography QA shows computed type, and font debug the served stacks and what this browser renders", async ({ page }) => {
    await signIn(page, operator, { to: "/dashboard/admin/typography" });
    await expect(page.getByText(/px \/ [\d.]+px · 700/).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "How to plan a month of posts" })).toBeVisible();
    await page.goto("/dashboard/admin/font-debug");
    await expect(page.getByText(/^None\. Every page uses system font stacks/)).toBeVisible();
    await expect(page.getByTestId("loaded-faces")).toHaveText("Font faces loaded in this page: 0.");
    await expect(page.getByText("Dashboard and public pages (--font-sans)")).toBeVisible();
    await expect(page.getByTestId("renders-as").first()).toContainText("On this device it renders as:");
  });

  for (const size of [
    { name: "desktop", width: 1280, height: 800 },
    { name: "phone", width: 390, height: 844 },
  ]) {
    test(`the operator pages pass axe on a ${size.name}`, async ({ page }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await signIn(page, operator, { to: "/dashboard/admin/email-settings" });
      for (const to of [
        "/dashboard/admin/email-settings",
        "/dashboard/admin/accounts",
        `/dashboard/admin/accounts/users/${customer.userId}`,
        `/dashboard/admin/accounts/workspaces/${customer.workspaceId}`,
        "/dashboard/admin/jobs",
        "/dashboard/admin/audit",
        "/dashboard/admin/typography",
        "/dashboard/admin/font-debug",
      ]) {
        await page.goto(to);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations, to).toEqual([]);
        // Wide tables scroll inside their own box; the page itself never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), to).toBe(true);
      }
    });
  }
});
