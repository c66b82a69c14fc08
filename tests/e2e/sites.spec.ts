import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Several sites (decision 043), with and without JavaScript:
 * an owner adds a second site, is offered the scan for it, switches between
 * the two from the sidebar (each shows its own articles) and deletes one by typing its name.
 */

const PASSWORD = "sites-password";
const sidebar = (page: Page) => page.getByTestId("sidebar");
const switcher = (page: Page) => sidebar(page).getByTestId("site-switcher");

async function switchTo(page: Page, name: string) {
  await switcher(page).locator("summary").click();
  await switcher(page).getByRole("button", { name, exact: true }).click();
  await expect(switcher(page).locator("summary")).toHaveAttribute("aria-label", `Current site: ${name}. Switch site`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`sites, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: { width: 1280, height: 800 } });

    test("an owner adds a second site and switches between the two", async ({ page }) => {
      const owner = await createVerifiedUser(uniqueEmail("sites"), PASSWORD);
      const db = e2eDb();
      await db.updateTable("sites").set({ name: "Coffee Shop" }).where("id", "=", owner.siteId).execute();
      await db
        .insertInto("articles")
        .values({
          id: `a-${owner.siteId}`,
          site_id: owner.siteId,
          author_id: owner.userId,
          topic_id: null,
          title: "Brewing at home",
          slug: "brewing-at-home",
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
      await signIn(page, owner);
      await expect(switcher(page).locator("summary")).toHaveAttribute("aria-label", "Current site: Coffee Shop. Switch site");

      await page.goto("/dashboard/sites");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sites");
      await page.getByRole("link", { name: "Add Site" }).click();
      const form = page.getByRole("form", { name: "Add Site" });
      await form.getByLabel("Site name").fill("Tea House");
      await form.getByLabel("Website URL").fill("tea.example");
      await form.getByRole("button", { name: "Add Site" }).click();

      // The new site is current and the onboarding dialog offers to scan it.
      await expect(page).toHaveURL(/\/dashboard\?onboarding=scan/);
      await expect(page.getByLabel("Website URL")).toHaveValue("https://tea.example");
      await expect(switcher(page).locator("summary")).toHaveAttribute("aria-label", "Current site: Tea House. Switch site");
      await page.getByRole("button", { name: "Skip" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByText("Brewing at home")).toHaveCount(0);

      await switchTo(page, "Coffee Shop");
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText("Switched to Coffee Shop")).toBeVisible();
      await expect(page.getByRole("link", { name: "Brewing at home" }).first()).toBeVisible();

      await page.goto("/dashboard/topics");
      await switchTo(page, "Tea House");
      await expect(page).toHaveURL(/\/dashboard\/topics$/);
      await page.goto("/dashboard/sites");
      const rows = page.getByTestId("site-row");
      await expect(rows).toHaveCount(2);
      await expect(rows.filter({ hasText: "Tea House" })).toContainText("Current");

      // Deleting asks for the name; the session falls back to the remaining site, the last one cannot be deleted.
      await page.getByRole("link", { name: "Delete Tea House" }).click();
      const confirm = page.getByRole("form", { name: "Delete Site" });
      await confirm.getByLabel("Type Tea House to confirm").fill("tea house");
      await confirm.getByRole("button", { name: "Delete Site" }).click();
      await expect(page.getByText("The name does not match this site's name.")).toBeVisible();
      await confirm.getByLabel("Type Tea House to confirm").fill("Tea House");
      await confirm.getByRole("button", { name: "Delete Site" }).click();
      await expect(page.getByText("Site deleted")).toBeVisible();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("Current");
      await expect(page.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
      await expect(switcher(page).locator("summary")).toHaveAttribute("aria-label", "Current site: Coffee Shop. Switch site");
    });
  });
}
