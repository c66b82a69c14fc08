import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { syncArticleLinks } from "../../app/modules/backlinks/links.server";
import { newId } from "../../app/utils/crypto.server";
import { TEST_SITE_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The Backlinks page with and without JavaScript: the links of the site's
 * articles listed with their kind and article, "Check links now" checking them
 * against the local test site (the only private host the stack allows) and
 * refusing a cloud-metadata address, the 10-minute limit, filters and axe.
 */

const PASSWORD = "backlinks-password";
const SITE = fakeUrl(TEST_SITE_PORT);
const toast = (page: Page) => page.getByTestId("toast");
// The URL cell's text carries the link's address as its title (a redirect adds where it ended).
const row = (page: Page, url: string) => page.getByRole("row").filter({ has: page.getByTitle(url, { exact: true }) });

async function seed() {
  const user = await createVerifiedUser(uniqueEmail("backlinks"), PASSWORD);
  const db = e2eDb();
  await db.updateTable("sites").set({ url: SITE }).where("id", "=", user.siteId).execute();
  const id = newId();
  const at = new Date().toISOString();
  const html = `<p>Start at <a href="/shop">our shop</a>, read <a href="${SITE}/about">our story</a>,
    an <a href="${SITE}/moved">old page</a>, a <a href="${SITE}/no-such-page">dead page</a>
    and <a href="http://169.254.169.254/latest/meta-data/">cloud metadata</a>.</p>`;
  await db
    .insertInto("articles")
    .values({
      id,
      site_id: user.siteId,
      author_id: user.userId,
      title: "Brewing with links",
      slug: id,
      content_html: html,
      status: "published",
      created_at: at,
      updated_at: at,
    })
    .execute();
  await syncArticleLinks(db, user.siteId, id);
  // Another account's link: never shown here.
  const other = await createVerifiedUser(uniqueEmail("backlinks-other"), PASSWORD);
  const foreign = newId();
  await db
    .insertInto("articles")
    .values({
      id: foreign,
      site_id: other.siteId,
      author_id: other.userId,
      title: "Foreign",
      slug: foreign,
      content_html: `<a href="https://foreign.example/secret">x</a>`,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await syncArticleLinks(db, other.siteId, foreign);
  return { user, articleId: id };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`backlinks, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("lists article links, checks them now, limits repeats", async ({ page }) => {
      const { user, articleId } = await seed();
      await signIn(page, user);
      await page.goto("/dashboard/backlinks");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Backlinks/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Backlink Management");
      await expect(page.getByText("Monitor and manage your backlinks here.")).toBeVisible();
      await expect(page.getByText("foreign.example")).toHaveCount(0);
      await expect(page.getByRole("row")).toHaveCount(6);
      const shop = row(page, "/shop");
      await expect(shop).toContainText("our shop");
      await expect(shop).toContainText("internal");
      await expect(shop).toContainText("Not checked");
      await expect(row(page, "http://169.254.169.254/latest/meta-data/")).toContainText("external");
      await expect(shop.getByRole("link", { name: "Brewing with links" })).toHaveAttribute("href", `/dashboard/write?edit=${articleId}`);

      // axe runs inside the page, so it needs JavaScript.
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }

      const check = page.getByRole("button", { name: "Check links now" });
      if (javaScriptEnabled) {
        await expect(async () => {
          await check.click();
          await expect(toast(page)).toContainText("Link check started", { timeout: 2000 });
        }).toPass();
      } else {
        await check.click();
        await expect(toast(page)).toContainText("Link check started");
      }
      // With JavaScript the page refreshes itself while the check runs; without it, a reload shows the result.
      await expect(async () => {
        if (!javaScriptEnabled) await page.reload();
        await expect(row(page, `${SITE}/no-such-page`)).toContainText("Broken", { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(row(page, "/shop")).toContainText("OK");
      await expect(row(page, "/shop")).toContainText("200");
      await expect(row(page, `${SITE}/about`)).toContainText("OK");
      await expect(row(page, `${SITE}/moved`)).toContainText("Redirect");
      await expect(row(page, `${SITE}/no-such-page`)).toContainText("404");
      await expect(row(page, "http://169.254.169.254/latest/meta-data/")).toContainText("Blocked");
      await expect(row(page, "/shop")).toContainText(/\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}/);
      await expect(page.getByRole("button", { name: "Check links now" })).toBeEnabled();
      const summary = page.getByRole("definition");
      await expect(summary).toHaveText(["5", "4", "1", "1"]);

      await page.getByRole("link", { name: "Broken", exact: true }).click();
      await expect(page).toHaveURL(/status=broken/);
      await expect(page.getByRole("row")).toHaveCount(2);

      await page.getByRole("button", { name: "Check links now" }).click();
      await expect(page.getByRole("alert")).toContainText("Links were checked recently. You can start another check in 10 minutes.");
    });

    test("explains the empty state", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("backlinks-none"), PASSWORD);
      await signIn(page, user);
      await page.goto("/dashboard/backlinks");
      await expect(page.getByRole("heading", { name: "No links yet" })).toBeVisible();
      await expect(page.getByText("The links in your articles appear here")).toBeVisible();
      await expect(page.getByRole("button", { name: "Check links now" })).toHaveCount(0);
    });
  });
}
