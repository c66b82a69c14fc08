import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Several sites (issue 11 scope 3, decision 043), with and without JavaScript:
 * an owner adds a second site, is offered the scan for it, and switches between
 * the two from the sidebar; each site shows its own articles.
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
    });
  });
}
