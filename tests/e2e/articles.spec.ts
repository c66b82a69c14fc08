import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The articles list (/dashboard and /dashboard/articles), with and without
 * JavaScript: tabs, pagination, search, sorting, the row menu and deleting with
 * the product's confirmation. Articles are created directly in the e2e database.
 */

const PASSWORD = "articles-password";
const toast = (page: Page) => page.getByTestId("toast");
const rows = (page: Page) => page.getByTestId("article-row");

async function seed(siteId: string, authorId: string, mateId: string) {
  const db = e2eDb();
  const ids: Record<string, string> = {};
  // 24 drafts a day apart from 1 Jan 2031, then a few with other statuses.
  const specs: Array<[string, "draft" | "scheduled" | "published" | "failed", string, string]> = [];
  for (let i = 1; i <= 24; i++)
    specs.push([
      `Draft number ${String(i).padStart(2, "0")}`,
      "draft",
      `keyword ${i}`,
      `2031-01-${String(i).padStart(2, "0")}T12:00:00.000Z`,
    ]);
  specs.push(["Espresso at home", "published", "home espresso", "2031-02-01T12:00:00.000Z"]);
  specs.push(["Latte art basics", "scheduled", "latte art", "2031-02-02T12:00:00.000Z"]);
  specs.push(["Broken generation", "failed", "cold brew", "2031-02-03T12:00:00.000Z"]);
  for (const [title, status, keyword, at] of specs) {
    const id = newId();
    ids[title] = id;
    const author = title === "Latte art basics" ? mateId : authorId;
    await db
      .insertInto("articles")
      .values({ id, site_id: siteId, author_id: author, title, slug: id, target_keyword: keyword, status, created_at: at, updated_at: at })
      .execute();
  }
  return ids;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`articles list, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("tabs, pages, search, sort, row menu and delete", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("articles"), PASSWORD);
      const mate = await createVerifiedUser(uniqueEmail("mate"), PASSWORD, { fullName: "Grace Hopper" });
      await e2eDb()
        .insertInto("memberships")
        .values({ workspace_id: user.workspaceId, user_id: mate.userId, role: "editor", created_at: new Date().toISOString() })
        .execute();
      const ids = await seed(user.siteId, user.userId, mate.userId);
      // Someone else's article, never to be seen or deleted.
      const other = await createVerifiedUser(uniqueEmail("other"), PASSWORD);
      const foreignId = newId();
      await e2eDb()
        .insertInto("articles")
        .values({
          id: foreignId,
          site_id: other.siteId,
          author_id: other.userId,
          title: "Foreign secret",
          slug: foreignId,
          created_at: "2031-01-01T00:00:00.000Z",
          updated_at: "2031-01-01T00:00:00.000Z",
        })
        .execute();

      await signIn(page, user);
      await page.goto("/dashboard/articles");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Articles/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles");
      await expect(page.getByRole("complementary", { name: "Free trial" })).toContainText("7 days remaining");
      await expect(page.getByRole("complementary", { name: "Free trial" })).toContainText("3 articles of 3 left");
      const tabs = page.getByRole("navigation", { name: "Filter by status" }).getByRole("link");
      await expect(tabs).toHaveText(
        ["All27", "Draft24", "Scheduled1", "Published1", "Failed1"].map((t) => new RegExp(t.replace(/(\d+)$/, "\\s*$1"))),
      );

      // Newest first, 20 a page.
      await expect(rows(page)).toHaveCount(20);
      await expect(rows(page).first()).toContainText("Broken generation");
      await expect(rows(page).nth(1)).toContainText("Latte art basics");
      await expect(rows(page).nth(1)).toContainText("Grace Hopper");
      await expect(rows(page).nth(1)).toContainText("02 Feb 2031");
      await expect(rows(page).nth(2)).toContainText("You");
      await expect(page.getByRole("link", { name: "Espresso at home" })).toHaveAttribute(
        "href",
        `/dashboard/write?edit=${ids["Espresso at home"]}`,
      );
      await expect(page.getByText("Showing 1-20 of 27")).toBeVisible();
      if (javaScriptEnabled) {
        // axe runs inside the page, so only with JavaScript on.
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
      await page.getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(rows(page)).toHaveCount(7);
      await expect(rows(page).last()).toContainText("Draft number 01");

      // Draft tab, oldest first.
      await page.goto("/dashboard?status=draft&sort=oldest");
      await expect(rows(page).first()).toContainText("Draft number 01");
      await expect(page.getByText("Page 1 of 2")).toBeVisible();

      // Search by keyword, from the form.
      await page.goto("/dashboard");
      await page.getByRole("searchbox", { name: "Search by title or keyword" }).fill("latte");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/q=latte/);
      await expect(rows(page)).toHaveCount(1);
      await page.getByRole("searchbox", { name: "Search by title or keyword" }).fill("foreign secret");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No articles match your search.")).toBeVisible();

      // The row menu.
      await page.goto("/dashboard?q=espresso");
      if (javaScriptEnabled) {
        await expect(async () => {
          await page.getByRole("button", { name: "Actions for Espresso at home" }).click();
          // A published article is sent again with 'Update'.
          await expect(page.getByRole("menuitem", { name: "Update" })).toBeVisible({ timeout: 1000 });
        }).toPass();
        await expect(page.getByRole("menuitem", { name: "Edit" })).toHaveAttribute(
          "href",
          `/dashboard/write?edit=${ids["Espresso at home"]}`,
        );
        await expect(page.getByRole("menuitem", { name: "Update" })).toHaveAttribute(
          "href",
          `/dashboard/write?edit=${ids["Espresso at home"]}&publish=1`,
        );
        // Delete: the dialog names the article; Cancel keeps it.
        await page.getByRole("menuitem", { name: "Delete" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete Article" });
        await expect(dialog).toContainText(
          "Are you sure you want to delete the article titled “Espresso at home”? This action cannot be undone.",
        );
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();
        await page.getByRole("button", { name: "Actions for Espresso at home" }).click();
        await page.getByRole("menuitem", { name: "Delete" }).click();
        await page.getByRole("dialog", { name: "Delete Article" }).getByRole("button", { name: "Delete" }).click();
      } else {
        await page.locator("summary").filter({ hasText: "Actions for Espresso at home" }).click();
        await expect(page.getByRole("link", { name: "Update", exact: true })).toHaveAttribute(
          "href",
          `/dashboard/write?edit=${ids["Espresso at home"]}&publish=1`,
        );
        await page.getByRole("link", { name: "Delete", exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/dashboard/articles/${ids["Espresso at home"]}/delete`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete Article");
        await expect(page.getByRole("main")).toContainText(
          "Are you sure you want to delete the article titled “Espresso at home”? This action cannot be undone.",
        );
        await page.getByRole("link", { name: "Cancel" }).click();
        await expect(page).toHaveURL(/\/dashboard\?q=espresso$/);
        await page.goto(`/dashboard/articles/${ids["Espresso at home"]}/delete?back=${encodeURIComponent("/dashboard?q=espresso")}`);
        await page.getByRole("button", { name: "Delete" }).click();
      }
      await expect(toast(page)).toContainText("Article deleted");
      await expect(page).toHaveURL(/\/dashboard\?q=espresso$/);
      await expect(page.getByText("No articles match your search.")).toBeVisible();
      const left = await e2eDb().selectFrom("articles").select("id").where("id", "=", ids["Espresso at home"]!).executeTakeFirst();
      expect(left).toBeUndefined();

      // Another account's article: not found, not deleted.
      const foreign = await page.goto(`/dashboard/articles/${foreignId}/delete`);
      expect(foreign?.status()).toBe(404);
      expect(await e2eDb().selectFrom("articles").select("id").where("id", "=", foreignId).executeTakeFirst()).toBeDefined();

      // Deleting gave no quota back; an expired trial shows the product's text.
      await e2eDb()
        .updateTable("workspaces")
        .set({ trial_ends_at: "2020-01-01T00:00:00.000Z" })
        .where("id", "=", user.workspaceId)
        .execute();
      await page.goto("/dashboard");
      await expect(page.getByRole("complementary", { name: "Free trial" })).toContainText(
        "Trial Expired. Your free trial has ended. Please upgrade to continue using Inkpilot.",
      );
    });
  });
}
