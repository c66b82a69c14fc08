import { expect, test, type Page } from "@playwright/test";
import { linkIn, waitForMail } from "./mail";
import { createVerifiedUser, e2eDb, signIn, signInWithForm, uniqueEmail } from "./users";

/**
 * The account forms, on the standalone page and the settings Account tab, each
 * run with and without JavaScript. Bad inputs show the product's messages; the
 * good ones change the data for real.
 */

const PASSWORD = "account-password";
// A 1×1 transparent PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);

async function newUser(page: Page, fullName = "") {
  const user = await createVerifiedUser(uniqueEmail("acct"), PASSWORD, { fullName });
  await signIn(page, user);
  return user;
}

const toast = (page: Page) => page.getByTestId("toast");
const form = (page: Page, name: string) => page.getByRole("form", { name });
const userRow = (id: string) => e2eDb().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`account forms, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("profile name and picture", async ({ page, request }) => {
      const user = await newUser(page, "Old Name");
      await page.goto("/dashboard/account");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
      const profile = form(page, "Profile");
      await expect(profile.getByLabel("Email")).toHaveValue(user.email);
      await expect(profile.getByLabel("Email")).not.toBeEditable();
      await expect(profile.getByLabel("First name")).toHaveValue("Old");
      await expect(profile.getByLabel("Last name")).toHaveValue("Name");

      await profile.getByLabel("First name").fill("Mary");
      await profile.getByLabel("Last name").fill("Ann Evans");
      await profile.getByRole("button", { name: "Save Changes" }).click();
      await expect(toast(page)).toContainText("Account settings saved!");
      expect((await userRow(user.userId))?.full_name).toBe("Mary Ann Evans");
      await page.reload();
      await expect(form(page, "Profile").getByLabel("First name")).toHaveValue("Mary");
      await expect(form(page, "Profile").getByLabel("Last name")).toHaveValue("Ann Evans");

      // A text file dressed as a PNG is refused. With JavaScript choosing the file uploads it; without, the button does.
      const choosePicture = async (name: string, buffer: Buffer) => {
        await form(page, "Profile picture").getByLabel("Profile picture").setInputFiles({ name, mimeType: "image/png", buffer });
        if (!javaScriptEnabled) await form(page, "Profile picture").getByRole("button", { name: "Upload Picture" }).click();
      };
      await choosePicture("fake.png", Buffer.from("not an image"));
      await expect(page.getByRole("alert").filter({ hasText: "Error uploading profile picture" })).toBeVisible();
      expect((await userRow(user.userId))?.avatar_path).toBeNull();

      // A refused upload's answer no longer remounts the form (it used to land after the next file was chosen and drop it).
      await choosePicture("me.png", PNG);
      await expect(toast(page)).toContainText("Profile picture uploaded successfully!");
      const src = await page.getByTestId("avatar-image").getAttribute("src");
      expect(src).toMatch(/^\/uploads\/avatars\/[\w-]+\.png$/);
      const served = await request.get(src!);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      expect(served.headers()["cache-control"]).toBe("public, max-age=3600");
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
      // The sidebar shows the new picture too.
      await expect(page.getByTestId("sidebar").locator(`img[src="${src}"]`)).toHaveCount(1);
    });

    test("change email with confirmation through the mailed link", async ({ page }) => {
      const user = await newUser(page);
      await page.goto("/dashboard/settings?tab=account");
      await expect(page.getByRole("navigation", { name: "Settings sections" }).getByRole("link", { name: "Account" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const emailForm = form(page, "Update email");
      await emailForm.getByRole("button", { name: "Update Email" }).click();
      await expect(form(page, "Update email").getByText("Please enter a new email address")).toBeVisible();

      const newEmail = uniqueEmail("moved");
      await form(page, "Update email").getByLabel("New email").fill(newEmail);
      await form(page, "Update email").getByRole("button", { name: "Update Email" }).click();
      await expect(form(page, "Update email").getByText("Please enter your current password")).toBeVisible();
      await form(page, "Update email").getByLabel("New email").fill(newEmail);
      await form(page, "Update email").getByLabel("Current password").fill(PASSWORD);
      await form(page, "Update email").getByRole("button", { name: "Update Email" }).click();
      await expect(toast(page)).toContainText("Verification email sent. Please check your inbox.");
      expect((await userRow(user.userId))?.email).toBe(user.email);

      const mail = await waitForMail(newEmail, { subject: /Confirm your new email/ });
      await page.goto(linkIn(mail, "/account/confirm-email"));
      await expect(page.getByText(newEmail)).toBeVisible();
      await page.getByRole("button", { name: "Confirm new email" }).click();
      await expect(page.getByText("Email updated")).toBeVisible();
      expect((await userRow(user.userId))?.email).toBe(newEmail);

      // Single use.
      await page.goto(linkIn(mail, "/account/confirm-email"));
      await expect(page.getByText("Invalid or expired link")).toBeVisible();
      await page.goto("/dashboard/account");
      await expect(form(page, "Profile").getByLabel("Email")).toHaveValue(newEmail);

      // The old address got a notice whose link restores it and signs the account out everywhere.
      const notice = await waitForMail(user.email, { subject: /email address was changed/ });
      await page.goto(linkIn(notice, "/account/revert-email"));
      await expect(page.getByText(user.email)).toBeVisible();
      await page.getByRole("button", { name: "Restore my email address" }).click();
      await expect(page.getByRole("heading", { name: "Email address restored" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Choose a new password" })).toHaveAttribute("href", "/forgot-password");
      expect((await userRow(user.userId))?.email).toBe(user.email);
      await page.goto("/dashboard/account");
      await expect(page).toHaveURL(/\/signin/);
    });

    test("change password, then sign in with the new one", async ({ page }) => {
      const user = await newUser(page);
      await page.goto("/dashboard/account");
      const pw = () => form(page, "Change password");
      await pw().getByLabel("Current password").fill("wrong-password");
      await pw().getByLabel("New password", { exact: true }).fill("next-password");
      await pw().getByLabel("Confirm new password").fill("next-password");
      await pw().getByRole("button", { name: "Update Password" }).click();
      await expect(pw().getByText("Current password is incorrect")).toBeVisible();

      await pw().getByLabel("Current password").fill(PASSWORD);
      await pw().getByLabel("New password", { exact: true }).fill("");
      await pw().getByRole("button", { name: "Update Password" }).click();
      await expect(pw().getByText("Please enter a new password")).toBeVisible();

      await pw().getByLabel("Current password").fill(PASSWORD);
      await pw().getByLabel("New password", { exact: true }).fill("next-password");
      await pw().getByLabel("Confirm new password").fill("other-password");
      await pw().getByRole("button", { name: "Update Password" }).click();
      await expect(pw().getByText("Please make sure both passwords are identical")).toBeVisible();

      await pw().getByLabel("Current password").fill(PASSWORD);
      await pw().getByLabel("New password", { exact: true }).fill("next-password");
      await pw().getByLabel("Confirm new password").fill("next-password");
      await pw().getByRole("button", { name: "Update Password" }).click();
      await expect(toast(page)).toContainText("Password updated successfully");
      // This session stays signed in.
      await page.goto("/dashboard/account");
      await expect(page).toHaveURL(/\/dashboard\/account$/);

      await page.getByRole("region", { name: "Sign out" }).getByRole("button", { name: "Sign Out", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await signInWithForm(page, user.email, "next-password");
    });

    test("subscription block and sign out everywhere", async ({ page, browser }) => {
      const user = await newUser(page);
      // A second device, signed in separately.
      const other = await browser.newContext({ javaScriptEnabled });
      const otherPage = await other.newPage();
      await signIn(otherPage, user);

      await page.goto("/dashboard/account");
      await expect(page.getByTestId("current-plan")).toContainText("Current Plan: Free");
      await expect(page.getByRole("region", { name: "Subscription" }).getByRole("link", { name: "Upgrade Plan" })).toHaveAttribute(
        "href",
        "/dashboard/upgrade",
      );
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await expect(page).toHaveURL(/\/signin/);
      await otherPage.goto("/dashboard");
      await expect(otherPage).toHaveURL(/\/signin/);
      await other.close();
    });

    test("delete account really deletes it", async ({ page }) => {
      const user = await newUser(page);
      await page.goto("/dashboard/account");
      await page.getByText("Delete Account", { exact: true }).click();
      const confirm = () => form(page, "Delete account");
      await confirm().getByLabel("Type DELETE to confirm").fill("delete");
      await confirm().getByRole("button", { name: "Permanently delete my account" }).click();
      await expect(confirm().getByText("Please type DELETE to confirm")).toBeVisible();
      expect(await userRow(user.userId)).toBeDefined();

      await confirm().getByLabel("Type DELETE to confirm").fill("DELETE");
      await confirm().getByRole("button", { name: "Permanently delete my account" }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(toast(page)).toContainText("Your account has been deleted");
      expect(await userRow(user.userId)).toBeUndefined();
      expect(await e2eDb().selectFrom("workspaces").select("id").where("id", "=", user.workspaceId).executeTakeFirst()).toBeUndefined();

      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/signin/);
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(page.getByRole("alert").first()).toBeVisible();
      await expect(page).toHaveURL(/\/signin/);
    });
  });
}
