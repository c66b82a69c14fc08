import { expect, test } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The operators' integration settings in a browser: an operator saves the
 * WordPress.com app credentials and sees the diagnostics flags change, the
 * secret field cleared and Test Connection pass; a non-operator is refused.
 */

const PASSWORD = "admin-integrations-e2e";

let operator: { userId: string; email: string };
let writer: { userId: string };

test.beforeAll(async () => {
  operator = await createVerifiedUser(uniqueEmail("operator"), PASSWORD, { fullName: "Ops User", isOperator: true });
  writer = await createVerifiedUser(uniqueEmail("writer"), PASSWORD, { fullName: "Writer" });
  // A fresh start for this provider, whatever ran before.
  await e2eDb().deleteFrom("app_config").where("key", "like", "app_credentials.wordpress_com.%").execute();
});

// The end-to-end stack configures WordPress.com through the environment (its publishing spec connects with it),
// so this journey is the rule that the environment wins: a saved configuration is stored, audited and says it is not in use.
test("an operator saves the WordPress.com configuration; the environment's stays in force and the page says so", async ({ page }) => {
  await signIn(page, operator, { to: "/dashboard/admin" });
  await page.getByRole("link", { name: "Integration settings" }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/integration-settings$/);

  const section = page.getByRole("region", { name: "WordPress.com" });
  const flags = section.getByTestId("diagnostics-wordpress_com");
  await expect(flags).toContainText("Has Client IDYes");
  await expect(flags).toContainText("SourceEnvironment");
  await expect(section.getByLabel("Redirect URI", { exact: true })).toHaveValue(/\/integrations\/wordpress_com\/callback$/);
  await expect(section.getByText("In force: environment variables")).toBeVisible();

  await section.getByRole("button", { name: "Save Configuration" }).click();
  await expect(section.getByText("Client ID is required")).toBeVisible();

  await section.getByLabel("WordPress.com Client ID").fill("98765");
  await section.getByLabel("WordPress.com Client Secret").fill("e2eSecretValue0123456789abcdefXYZ");
  await section.getByRole("button", { name: "Save Configuration" }).click();

  await expect(section.getByText("Configuration updated successfully")).toBeVisible();
  await expect(flags).toContainText("SourceEnvironment");
  await expect(section.getByText("In force: environment variables")).toBeVisible();
  await expect(section.getByLabel("WordPress.com Client Secret")).toHaveValue("");
  await expect(section.getByLabel("WordPress.com Client ID")).toHaveValue("98765");
  expect(await page.content()).not.toContain("e2eSecretValue");

  await section.getByRole("button", { name: "Test Connection" }).click();
  await expect(section.getByText("WordPress.com OAuth configuration is valid")).toBeVisible();

  const audit = await e2eDb()
    .selectFrom("audit_log")
    .select(["action", "target", "detail"])
    .where("actor_id", "=", operator.userId)
    .where("action", "=", "app_credentials.update")
    .execute();
  expect(audit).toHaveLength(1);
  expect(audit[0]!.target).toBe("app_credentials:wordpress_com");
  expect(audit[0]!.detail).not.toContain("e2eSecretValue");
});

test("a signed-in user who is not an operator is refused", async ({ page }) => {
  await signIn(page, writer, { to: "/dashboard" });
  for (const path of ["/dashboard/admin/integration-settings", "/dashboard/admin/integrations", "/dashboard/admin/shopify-debug"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
  }
});
