import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_PORT } from "./stack";
import { createVerifiedUser, signIn } from "./users";

/**
 * Operator pages against the running stack: the mailbox list and one message
 * (its HTML in an empty sandbox), the access rule for non-operators, and
 * "End every session" without JavaScript. Accounts are written straight into
 * the stack's database: operators cannot be made through the public UI.
 */

const databasePath = path.resolve(`tests/.tmp/e2e-data-${E2E_PORT}/inkpilot.sqlite`);
const PASSWORD = "admin-e2e-password";

function withDb<T>(run: (sqlite: Database.Database) => T) {
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  try {
    return run(sqlite);
  } finally {
    sqlite.close();
  }
}

function storeMail(subject: string, to: string) {
  return withDb((sqlite) =>
    Number(
      sqlite
        .prepare(
          `INSERT INTO mail_outbox (to_address, subject, html, text, tag, status, transport, attempts, created_at)
           VALUES (?, ?, ?, ?, 'test', 'outbox', 'outbox', 1, ?)`,
        )
        .run(
          to,
          subject,
          `<h1 style="color:#2f4ac0">Welcome aboard</h1><p id="body">Click <a href="https://example.com/verify">here</a>.</p><script>document.body.dataset.ran = "yes"</script>`,
          "Welcome aboard. Verify: https://example.com/verify",
          new Date().toISOString(),
        ).lastInsertRowid,
    ),
  );
}

const stamp = Date.now();
const operatorEmail = `operator-${stamp}@example.com`;
const writerEmail = `writer-${stamp}@example.com`;

let operator: { userId: string };
let writer: { userId: string };

test.beforeAll(async () => {
  operator = await createVerifiedUser(operatorEmail, PASSWORD, { fullName: "Test User", isOperator: true });
  writer = await createVerifiedUser(writerEmail, PASSWORD, { fullName: "Test User" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the operator reads the mailbox and one message in a sandbox", async ({ page }) => {
    const subject = `Welcome ${stamp}`;
    const mailId = storeMail(subject, "reader@example.com");
    await signIn(page, operator, { to: "/dashboard/admin/mailbox" });
    await expect(page).toHaveURL(/\/dashboard\/admin\/mailbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(row).toContainText("reader@example.com");
    await expect(row).toContainText("outbox");

    await row.getByRole("link", { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/admin/mailbox/${mailId}$`));
    await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(page.getByText("Welcome aboard. Verify: https://example.com/verify")).toBeVisible();
    const frame = page.locator("iframe");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Welcome aboard" })).toBeVisible();
    // The mail's script never ran: the sandbox forbids scripts.
    await expect(page.frameLocator("iframe").locator("body")).not.toHaveAttribute("data-ran", "yes");
  });

  test("a signed-in user who is not an operator is refused", async ({ page }) => {
    await signIn(page, writer, { to: "/dashboard/admin/mailbox" });
    await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
    for (const path of ["/dashboard/admin/mailbox", "/dashboard/admin/sessions"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
    }
  });

  test("an unknown message is a 404 inside the admin shell", async ({ page }) => {
    await signIn(page, operator, { to: "/dashboard/admin/mailbox/987654321" });
    await expect(page.getByRole("heading", { level: 1, name: "Mail not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  });

  test("signed-out visitors go to sign in first", async ({ page }) => {
    await page.goto("/dashboard/admin/sessions");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fadmin%2Fsessions$/);
  });

  test("End every session signs everyone out, after a typed confirmation", async ({ page, browser }) => {
    // A second browser with the writer signed in, to prove their session ends too.
    const other = await browser.newContext({ javaScriptEnabled: false });
    const writerPage = await other.newPage();
    await signIn(writerPage, writer, { to: "/dashboard/account" });
    await expect(writerPage).toHaveURL(/\/dashboard\/account$/);

    await signIn(page, operator, { to: "/dashboard/admin/sessions" });
    await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
    const version = Number(await page.getByText("Logout version").locator("xpath=following-sibling::dd").textContent());

    await page.getByRole("button", { name: "End every session" }).click();
    await expect(page.getByText("Type END to confirm.")).toBeVisible();
    await page.getByLabel("Type END to confirm").fill("END");
    await page.getByRole("button", { name: "End every session" }).click();

    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByTestId("toast")).toContainText("Every session has ended");
    await page.goto("/dashboard/admin/sessions");
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
    await writerPage.goto("/dashboard/account");
    await expect(writerPage).toHaveURL(/\/signin\?redirectTo=/);
    await other.close();

    const audit = withDb((sqlite) => ({
      version: (sqlite.prepare("SELECT value FROM app_config WHERE key = 'logout_version'").get() as { value: string }).value,
      sessions: (sqlite.prepare("SELECT COUNT(*) AS n FROM sessions").get() as { n: number }).n,
      action: (sqlite.prepare("SELECT action FROM audit_log ORDER BY id DESC LIMIT 1").get() as { action: string }).action,
    }));
    expect(audit).toEqual({ version: String(version + 1), sessions: 0, action: "sessions.end_all" });
  });
});

test.describe("with JavaScript", () => {
  test("navigates the mailbox client-side and validates the confirmation before posting", async ({ page }) => {
    const subject = `Hydrated ${stamp}`;
    storeMail(subject, "hydrated@example.com");
    await signIn(page, operator, { to: "/dashboard/admin/mailbox" });
    await expect(page.getByRole("heading", { level: 1, name: "Mailbox" })).toBeVisible();
    await expect(async () => {
      await page.getByRole("link", { name: subject }).click();
      await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Welcome aboard" })).toBeVisible();

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Sessions" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sessions" })).toBeVisible();
    await page.getByLabel("Type END to confirm").fill("end");
    await page.getByRole("button", { name: "End every session" }).click();
    await expect(page.getByText("Type END to confirm.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/admin\/sessions$/);
    const sessions = withDb((sqlite) => (sqlite.prepare("SELECT COUNT(*) AS n FROM sessions").get() as { n: number }).n);
    expect(sessions).toBeGreaterThan(0);
  });
});
