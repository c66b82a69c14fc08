import { expect, test, type Page } from "@playwright/test";
import { waitForMail } from "./mail";
import { FAKE_OIDC_PORT, fakeUrl } from "./stack";
import type { FakeOidcUser } from "../fakes/oidc";

/** "Sign in with Google" against the local OpenID Connect provider of the e2e stack. */

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function loginAs(user: FakeOidcUser) {
  const response = await fetch(`${fakeUrl(FAKE_OIDC_PORT)}/__fake/login-as`, { method: "POST", body: JSON.stringify(user) });
  expect(response.ok).toBe(true);
}

async function failNext(error: string) {
  await fetch(`${fakeUrl(FAKE_OIDC_PORT)}/__fake/fail-next`, { method: "POST", body: JSON.stringify({ error }) });
}

async function clickGoogle(page: Page, from: "/signin" | "/signup") {
  await page.goto(from);
  await page.getByRole("link", { name: from === "/signin" ? "Sign in with Google" : "Sign up with Google" }).click();
}

test("a new Google user gets a verified account, a welcome mail and the onboarding dialog", async ({ page, context }) => {
  const id = unique();
  const email = `new-${id}@gmail.test`;
  await loginAs({ sub: `sub-${id}`, email, email_verified: true, name: "Gina Google" });
  await clickGoogle(page, "/signup");
  await expect(page).toHaveURL(/\/dashboard\?onboarding=1$/);
  expect((await context.cookies()).some((c) => c.name === "__session")).toBe(true);
  expect((await context.cookies()).some((c) => c.name.startsWith("__oidc_google"))).toBe(false);
  const welcome = await waitForMail(email, { subject: /Welcome/ });
  expect(welcome.TextBody).toContain("/dashboard");

  // Next time the same Google account goes straight to the dashboard.
  await context.clearCookies();
  await clickGoogle(page, "/signin");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an existing password account is linked when Google verified the email", async ({ page, context }) => {
  const id = unique();
  const email = `linked-${id}@example.com`;
  // Create the password account through sign-up (no need to verify: Google's proof verifies it).
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret12");
  await expect(async () => {
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/message=verify-email/, { timeout: 2000 });
  }).toPass();

  await loginAs({ sub: `sub-${id}`, email, email_verified: true, name: "Linda Linked" });
  await clickGoogle(page, "/signin");
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await context.cookies()).some((c) => c.name === "__session")).toBe(true);
});

test.describe("errors", () => {
  test.use({ javaScriptEnabled: false });

  test("an unverified Google email never takes over an existing account", async ({ page }) => {
    const id = unique();
    const email = `owner-${id}@example.com`;
    await page.goto("/signup");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByRole("button", { name: "Sign up" }).click();

    await loginAs({ sub: `impostor-${id}`, email, email_verified: false, name: "Impostor" });
    await clickGoogle(page, "/signin");
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByTestId("toast")).toContainText("Error signing in with Google");
    await expect(page.getByTestId("toast")).toContainText("sign in with your password");
  });

  test("a refusal at Google comes back as 'Error signing in with Google'", async ({ page, context }) => {
    await loginAs({ sub: `denied-${unique()}`, email: `denied-${unique()}@gmail.test`, email_verified: true, name: "Denied" });
    await failNext("access_denied");
    await clickGoogle(page, "/signin");
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByTestId("toast")).toContainText("Error signing in with Google");
    expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
  });

  test("a callback without the browser's state cookie is refused", async ({ page }) => {
    await page.goto("/auth/google/callback?code=stolen&state=guessed");
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByTestId("toast")).toContainText("Error signing in with Google");
  });
});
