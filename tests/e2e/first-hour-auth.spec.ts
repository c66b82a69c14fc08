import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mail";
import { createVerifiedUser, signIn, uniqueEmail } from "./users";

/**
 * The first hour of an account. A fixed field error
 * never eats the next click; the verification link signs in only in the browser
 * that signed up; the first sign-in is greeted as such; the public header and
 * calls to action follow the visitor; the operator pages refuse inside the
 * app's frame with a way back.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = "first-hour-pass";

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** React has taken over this element (hydrateRoot attaches its fiber), so client validation is live. */
async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber"))), { timeout: 15_000 })
    .toBe(true);
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not rendered");
  return b;
}

/** Fixes a field, then checks that leaving it moves nothing: the button stays where the pointer aims. */
async function fixFieldThenBlur(field: Locator, value: string, button: Locator) {
  await field.fill(value);
  const before = await box(button);
  await field.blur();
  // Give a re-render on blur its chance to happen before measuring again.
  await field.page().waitForTimeout(200);
  expect(await box(button)).toEqual(before);
}

/** Signs up through the form in this browser and returns the mailed verification link. */
async function signUpForLink(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await expect(async () => {
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL(/\/signin\?message=verify-email/, { timeout: 3000 });
  }).toPass();
  return linkIn(await waitForMail(email, { subject: /Verify/ }), "/verify?token=");
}

for (const js of [true, false]) {
  test.describe(`fixing a field error, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("sign-up: error, fix, and the first click on 'Sign up' submits", async ({ page }) => {
      await page.goto("/signup");
      const email = page.getByLabel("Email", { exact: true });
      const password = page.getByLabel("Password", { exact: true });
      const submit = page.getByRole("button", { name: "Sign up", exact: true });
      if (js) await hydrated(submit);
      await email.fill("not-an-email");
      await password.fill(PASSWORD);
      await submit.click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      // axe runs inside the page, so only with JavaScript on.
      if (js) await expectNoAxeViolations(page);

      // Without JavaScript the server answered; it never sends the password back.
      if (!js) await password.fill(PASSWORD);
      const address = uniqueEmail("one-click");
      await fixFieldThenBlur(email, address, submit);
      await submit.click();
      await expect(page).toHaveURL(/\/signin\?message=verify-email/);
    });

    test("sign-in: error, fix, and the first click on 'Sign in' submits", async ({ page }) => {
      await page.goto("/signin");
      const email = page.getByLabel("Email", { exact: true });
      const submit = page.getByRole("button", { name: "Sign in", exact: true });
      if (js) await hydrated(submit);
      await email.fill("nobody-at-example");
      await page.getByLabel("Password", { exact: true }).fill("whatever1");
      await submit.click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible();
      if (!js) await page.getByLabel("Password", { exact: true }).fill("whatever1");
      await fixFieldThenBlur(email, uniqueEmail("nobody"), submit);
      await submit.click();
      await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    });
  });

  test.describe(`the verification link, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("in the browser that signed up: signed in on the dashboard, 'Email Verified' once, used once", async ({ page, context }) => {
      const email = uniqueEmail("same-browser");
      const link = await signUpForLink(page, email);

      await page.goto(link);
      if (!js) await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page).toHaveURL(/\/dashboard/);
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Email Verified");
      await expect(toast).toContainText("Welcome to Inkpilot!");
      await expect(page.getByText("Email Verified", { exact: true })).toHaveCount(1);
      expect((await context.cookies()).some((c) => c.name === "__session")).toBe(true);
      expect((await context.cookies()).some((c) => c.name === "__signup")).toBe(false);

      // Used again, even here, the link signs no one in: it only says so.
      await context.clearCookies();
      await page.goto(link);
      if (!js) await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Email already verified" })).toBeVisible();
      expect((await context.cookies()).some((c) => c.name === "__session")).toBe(false);
    });

    test("in another browser: verified, asked to sign in, no session", async ({ page, browser, baseURL }) => {
      const email = uniqueEmail("other-browser");
      const link = await signUpForLink(page, email);

      const other = await browser.newContext({ baseURL, javaScriptEnabled: js });
      const elsewhere = await other.newPage();
      await elsewhere.goto(link);
      if (!js) await elsewhere.getByRole("button", { name: "Verify my email" }).click();
      await expect(elsewhere.getByRole("heading", { level: 1, name: "Email Verified" })).toBeVisible();
      await expect(elsewhere.getByText("Email Verified", { exact: true })).toHaveCount(1);
      await expect(elsewhere.getByText("Your email address is verified. You can now sign in.")).toBeVisible();
      expect((await other.cookies()).some((c) => c.name === "__session")).toBe(false);
      if (js) await expectNoAxeViolations(elsewhere);
      await elsewhere.getByRole("link", { name: "Continue to sign in" }).click();
      await expect(elsewhere).toHaveURL(/\/signin$/);
      await other.close();

      // The link is spent: the browser that signed up is not signed in by it any more.
      await page.goto(link);
      if (!js) await page.getByRole("button", { name: "Verify my email" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Email already verified" })).toBeVisible();
      expect((await page.context().cookies()).some((c) => c.name === "__session")).toBe(false);
    });
  });
}

test("the first sign-in says 'Welcome to Inkpilot!', the next 'Welcome back!'", async ({ page, context }) => {
  const user = await createVerifiedUser(uniqueEmail("greeting"), PASSWORD);
  for (const greeting of ["Welcome to Inkpilot!", "Welcome back!"]) {
    await context.clearCookies();
    await page.goto("/signin");
    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByTestId("toast")).toContainText(greeting);
  }
});

/** Every link and button of the header sits on one line: its height is one line plus its padding. */
async function expectHeaderOnOneLine(page: Page) {
  const heights = await page
    .getByRole("banner")
    .locator("a, button")
    .evaluateAll((elements) =>
      elements.map((el) => {
        const style = getComputedStyle(el);
        const oneLine = parseFloat(style.lineHeight) + parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        return { text: el.textContent?.trim(), height: Math.round(el.getBoundingClientRect().height), oneLine: Math.round(oneLine) };
      }),
    );
  for (const { text, height, oneLine } of heights) {
    if (text === "Inkpilot") continue; // the logo: an icon beside the word
    expect(height, text).toBeLessThanOrEqual(oneLine + 1);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

for (const [name, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test.describe(`public header on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("signed out: Pricing, Tools, Blog, Login and 'Start Free Trial' on one line each", async ({ page }) => {
      await page.goto("/");
      const header = page.getByRole("banner");
      for (const [label, href] of [
        ["Pricing", "/pricing"],
        ["Tools", "/tools"],
        ["Blog", "/blog"],
        ["Login", "/signin"],
        ["Start Free Trial", "/signup"],
      ] as const) {
        await expect(header.getByRole("link", { name: label, exact: true })).toBeVisible();
        await expect(header.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
      await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
      await expectHeaderOnOneLine(page);
      // The same words for the same action on the page.
      await expect(page.getByRole("main").getByRole("link", { name: "Start Free Trial" }).first()).toHaveAttribute("href", "/signup");
      await expect(page.getByRole("link", { name: /^(Start Trial|Get Started|Sign Up|Upgrade to Pro)$/ })).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test("signed in: 'Dashboard' instead of a trial, everywhere", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("header"), PASSWORD);
      await signIn(page, user, { to: "/" });
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute("href", "/dashboard");
      await expect(header.getByRole("link", { name: "Tools", exact: true })).toBeVisible();
      await expect(header.getByRole("link", { name: "Blog", exact: true })).toBeVisible();
      await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
      await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
      await expectHeaderOnOneLine(page);
      await expect(page.getByRole("link", { name: /free trial|start trial/i })).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("link", { name: "Dashboard", exact: true }).first()).toHaveAttribute(
        "href",
        "/dashboard",
      );
      await expectNoAxeViolations(page);

      await page.goto("/pricing");
      await expect(page.getByRole("link", { name: /free trial|start trial|upgrade to pro/i })).toHaveCount(0);
      await expect(page.getByTestId("current-plan-trial")).toHaveText("Your current plan");

      await page.goto("/tools/headline-generator");
      await expect(page.getByTestId("tool-cta")).toHaveText("Dashboard");
      await expect(page.getByTestId("tool-cta")).toHaveAttribute("href", "/dashboard");
    });
  });
}

test.describe("operator pages", () => {
  for (const [name, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`a customer is refused with 403 inside the app's frame, with the way back (${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const writer = await createVerifiedUser(uniqueEmail("not-operator"), PASSWORD);
      await signIn(page, writer);
      for (const path of ["/dashboard/admin", "/dashboard/admin/mailbox"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByText("Access Denied - You need admin privileges to access this page.")).toBeVisible();
        await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
      }
      await expectNoAxeViolations(page);
      await page.getByRole("main").getByRole("link", { name: "Back to the dashboard" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }

  test("operator pages link back to the dashboard", async ({ page }) => {
    const operator = await createVerifiedUser(uniqueEmail("operator"), PASSWORD, { isOperator: true });
    await signIn(page, operator, { to: "/dashboard/admin" });
    await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
