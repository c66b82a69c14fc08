import { expect, test, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mail";

/** Account access with email and password: sign-up, verification, sign-in, resend, reset, guards, sign-out. */

const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

async function fillSignup(page: Page, email: string, password: string, fullName?: string) {
  await page.goto("/signup");
  if (fullName) await page.getByLabel("Your name").fill(fullName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Signs up and verifies through the mailed link. With JavaScript the verify page submits itself.
 * In the browser that signed up the link signs in; the helper signs out again so the
 * tests start from a verified, signed-out account.
 */
async function verifiedAccount(page: Page, { password = "secret12", js }: { password?: string; js: boolean }) {
  const email = uniqueEmail("verified");
  await fillSignup(page, email, password);
  await expect(async () => {
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signin\?message=verify-email/, { timeout: 2000 });
  }).toPass();
  await page.goto(linkIn(await waitForMail(email, { subject: /Verify/ }), "/verify"));
  if (!js) await page.getByRole("button", { name: "Verify my email" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId("toast")).toContainText("Email Verified");
  await page.context().clearCookies();
  return email;
}

test.describe("with JavaScript", () => {
  test("sign up, verify through the mailed link (sent automatically), sign in and land on the dashboard", async ({ page, context }) => {
    const email = uniqueEmail("journey");
    await fillSignup(page, email, "secret12", "Ana Journey");
    await expect(async () => {
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page).toHaveURL(/\/signin\?message=verify-email&email=/, { timeout: 2000 });
    }).toPass();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toContainText(email);

    const mail = await waitForMail(email, { subject: /Verify/ });
    expect(mail.TextBody).toContain("60 minutes");
    // Verified in another browser: the address is verified, and the page asks to sign in.
    const elsewhere = await page.context().browser()!.newPage();
    await elsewhere.goto(linkIn(mail, "/verify?token="));
    await expect(elsewhere.getByRole("heading", { name: "Email Verified" })).toBeVisible();
    await elsewhere.close();
    await page.goto("/signin");

    await expect(async () => {
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("secret12");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard/, { timeout: 2000 });
    }).toPass();
    expect((await context.cookies()).some((c) => c.name === "__session")).toBe(true);
    // The name given at sign-up is the account's.
    await page.goto("/dashboard/settings?tab=account");
    await expect(page.getByLabel("First name")).toHaveValue("Ana");
    await expect(page.getByLabel("Last name")).toHaveValue("Journey");

    // Signed-in visitors of the account pages go to their dashboard.
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/signup");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/signup?onboarding=true");
    await expect(page).toHaveURL(/\/dashboard\?onboarding=1$/);

    // Signing out is a POST; afterwards the sign-in page is reachable again.
    const out = await page.request.post("/signout", { maxRedirects: 0, headers: { Origin: new URL(page.url()).origin } });
    expect(out.status()).toBe(302);
    await page.goto("/signin");
    await expect(page).toHaveURL(/\/signin$/);
  });

  test("the browser checks fields before sending, with the same messages", async ({ page }) => {
    await fillSignup(page, "not-an-email", "123");
    await expect(async () => {
      await page.getByRole("button", { name: "Sign up" }).click();
      await expect(page.getByText("Please enter a valid email address")).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("a reset link opens the new-password form and the new password works", async ({ page }) => {
    const email = await verifiedAccount(page, { js: true });
    await page.goto("/forgot-password");
    await expect(async () => {
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await expect(page).toHaveURL(/\/signin\?message=reset-sent/, { timeout: 2000 });
    }).toPass();
    await page.goto(linkIn(await waitForMail(email, { subject: /Reset/ }), "/reset-password?token="));
    await expect(async () => {
      await page.getByLabel("New password", { exact: true }).fill("renewed-pass");
      await page.getByLabel("Confirm new password").fill("renewed-pass");
      await page.getByRole("button", { name: "Update password" }).click();
      await expect(page).toHaveURL(/\/signin\?message=password-updated/, { timeout: 2000 });
    }).toPass();
    await expect(page.getByText("Password updated successfully")).toBeVisible();
    await expect(async () => {
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Password", { exact: true }).fill("renewed-pass");
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard/, { timeout: 2000 });
    }).toPass();
  });
});

test("a mistyped mail provider gets 'Did you mean …?' as it is typed, and one click corrects it", async ({ page }) => {
  const typo = uniqueEmail("typo").replace("@example.com", "@gmial.com");
  await page.goto("/signup");
  const email = page.getByLabel("Email", { exact: true });
  await expect(async () => {
    await email.fill(typo);
    await email.press("Tab");
    await expect(page.getByTestId("email-suggestion")).toBeVisible({ timeout: 1000 });
  }).toPass();
  const corrected = typo.replace("@gmial.com", "@gmail.com");
  await expect(page.getByTestId("email-suggestion")).toContainText(`Did you mean ${corrected}?`);
  await page.getByTestId("email-suggestion").getByRole("button", { name: corrected }).click();
  await expect(email).toHaveValue(corrected);
  await expect(page.getByTestId("email-suggestion")).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Wrong address?' on 'Check your email' sends the link to the corrected address", async ({ page }) => {
    const typo = uniqueEmail("wrong-address").replace("@example.com", "@exmaple.com");
    await fillSignup(page, typo, "secret12");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signin\?message=verify-email/);
    const right = typo.replace("@exmaple.com", "@example.com");
    await page.getByText("Wrong address? Change it").click();
    await page.getByLabel("Your correct email").fill(right);
    await page.getByRole("button", { name: "Send the link there" }).click();
    await expect(page.getByTestId("toast")).toContainText("Address changed");
    await expect(page.getByText(`We sent a verification link to ${right}.`)).toBeVisible();
    await page.goto(linkIn(await waitForMail(right, { subject: /Verify/ }), "/verify"));
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test("a mistyped mail provider is asked about once; sent again, the address is kept", async ({ page }) => {
    const typo = uniqueEmail("typo-nojs").replace("@example.com", "@gmial.com");
    await fillSignup(page, typo, "secret12");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText(`Did you mean ${typo.replace("@gmial.com", "@gmail.com")}?`)).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(typo);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signin\?message=verify-email/);
  });

  test("sign-up shows every bad input from the server and refuses a taken address", async ({ page }) => {
    await page.goto("/signup");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    await fillSignup(page, "not-an-email", "12345");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters long")).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");

    const email = await verifiedAccount(page, { js: false });
    await fillSignup(page, email.toUpperCase(), "another1");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("alert")).toContainText("Account exists");
    await expect(page.getByRole("alert")).toContainText("An account with this email already exists. Please sign in instead.");
  });

  test("a bot filling the honeypot is refused with 400", async ({ page, baseURL }) => {
    const send = (form: Record<string, string>) =>
      page.request.post("/signup", { form, headers: { Origin: new URL(baseURL!).origin }, maxRedirects: 0 });
    const bot = await send({ email: uniqueEmail("bot"), password: "secret12", website: "https://spam.example" });
    expect(bot.status()).toBe(400);
    // The same post without the honeypot goes through, so the 400 came from the honeypot.
    const person = await send({ email: uniqueEmail("person"), password: "secret12", website: "" });
    expect(person.status()).toBe(302);
  });

  test("sign-in: wrong password, unverified account with resend, then success", async ({ page, context }) => {
    const email = uniqueEmail("pending");
    await fillSignup(page, email, "secret12");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your email" })).toContainText(email);

    await signIn(page, email, "wrong-password");
    await expect(page.getByRole("alert")).toContainText("Error signing in");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await signIn(page, email, "secret12");
    await expect(page.getByRole("alert")).toContainText("verify your email");
    await page.getByRole("link", { name: "Resend verification email" }).click();
    await expect(page).toHaveURL(/\/resend-verification\?email=/);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
    await page.getByRole("button", { name: "Send verification email" }).click();
    await expect(page).toHaveURL(/\/signin\?message=verification-sent/);
    await expect(page.getByText("Verification email sent")).toBeVisible();

    // The newest link works; the page asks for a click because nothing may change on a GET.
    // Resent from the browser that signed up, it signs in there; used again it only reports.
    const link = linkIn(await waitForMail(email, { subject: /Verify/ }), "/verify");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Email Verified" })).toHaveCount(0);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByTestId("toast")).toContainText("Email Verified");
    await page.context().clearCookies();
    await page.goto(link);
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByText("Email already verified")).toBeVisible();

    await page.goto("/signin?redirectTo=%2Fdashboard%3Ffrom%3Dsignin");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill("secret12");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\?from=signin$/);
    expect((await context.cookies()).some((c) => c.name === "__session")).toBe(true);
  });

  test("the verification page without a token or with a bad one", async ({ page }) => {
    await page.goto("/verify");
    await expect(page.getByText("No verification token provided")).toBeVisible();
    await page.goto("/verify?token=not-a-real-token");
    await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByRole("heading", { name: "Verification Failed" })).toBeVisible();
    await expect(page.getByText("The verification link is invalid or expired")).toBeVisible();
  });

  test("resend and forgot password ask for an email and answer the same for unknown addresses", async ({ page }) => {
    for (const [path, button] of [
      ["/resend-verification", "Send verification email"],
      ["/forgot-password", "Send reset link"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("button", { name: button }).click();
      await expect(page.getByRole("alert")).toContainText("Email Required");
      await expect(page.getByRole("alert")).toContainText("Please enter your email address");
    }
    await page.goto("/forgot-password");
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page).toHaveURL(/\/signin\?message=reset-sent$/);
    await expect(page.getByText("Password reset email sent")).toBeVisible();
  });

  test("reset password: the spec's messages, success once, then the link is dead", async ({ page }) => {
    const email = await verifiedAccount(page, { password: "old-secret", js: false });
    await page.goto("/forgot-password");
    await page.getByRole("link", { name: "Back to sign in" }).waitFor();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Password reset email sent")).toBeVisible();
    const link = linkIn(await waitForMail(email, { subject: /Reset/ }), "/reset-password?token=");

    await page.goto(link);
    const submit = () => page.getByRole("button", { name: "Update password" }).click();
    await submit();
    await expect(page.getByRole("alert")).toContainText("Password Required");
    await expect(page.getByRole("alert")).toContainText("Please enter and confirm your new password");
    await page.getByLabel("New password", { exact: true }).fill("abcdef");
    await page.getByLabel("Confirm new password").fill("abcdeg");
    await submit();
    await expect(page.getByRole("alert")).toContainText("Passwords Don't Match");
    await expect(page.getByRole("alert")).toContainText("Please make sure both passwords are identical");
    await page.getByLabel("New password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm new password").fill("abc");
    await submit();
    await expect(page.getByRole("alert")).toContainText("Password Too Short");
    await expect(page.getByRole("alert")).toContainText("Password must be at least 6 characters long");

    await page.getByLabel("New password", { exact: true }).fill("new-secret");
    await page.getByLabel("Confirm new password").fill("new-secret");
    await submit();
    await expect(page).toHaveURL(/\/signin\?message=password-updated$/);
    await expect(page.getByText("Password updated successfully")).toBeVisible();

    await signIn(page, email, "old-secret");
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await signIn(page, email, "new-secret");
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Invalid Reset Link" })).toBeVisible();
    await page.getByRole("link", { name: "Request a new reset link" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("too many wrong passwords for one account from one place are refused with a clear message", async ({ page }) => {
    const email = await verifiedAccount(page, { js: false });
    // The tight (account, address) limit: 5 failures (docs/decisions/016).
    for (let i = 0; i < 5; i++) {
      await signIn(page, email, `wrong-${i}`);
      await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    }
    await signIn(page, email, "secret12");
    await expect(page.getByRole("alert")).toContainText("Too many attempts. Please wait a few minutes and try again.");
  });
});
