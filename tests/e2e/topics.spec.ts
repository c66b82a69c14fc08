import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { isoNow } from "../../app/utils/time";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The Topics page with and without JavaScript: create, edit (the '+N more'
 * badge), delete, bad input refused with nothing saved. With JavaScript the
 * forms open in dialogs; without it ?new / ?edit / ?delete render them inline.
 */

const PASSWORD = "topics-password";
const toast = (page: Page) => page.getByTestId("toast");
const cards = (page: Page) => page.getByTestId("topic-card");
const card = (page: Page, name: string) => cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
/** axe runs inside the page, so only with JavaScript on. */
async function expectNoAxeViolations(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
const topicRows = (siteId: string) => e2eDb().selectFrom("topics").selectAll().where("site_id", "=", siteId).execute();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`topics, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("create, edit, keyword badges, article count and delete", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("topics"), PASSWORD);
      await signIn(page, user);
      await page.goto("/dashboard/topics");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Dashboard\s*\/\s*Topics/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Content Topics");
      await expect(page.getByRole("heading", { name: "No topics yet" })).toBeVisible();
      await expect(page.getByText("Create your first topic to organize your content better.")).toBeVisible();
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Open the create form: a dialog with JavaScript, the ?new=1 page without.
      const createForm = page.getByRole("form", { name: "Create New Topic" });
      if (javaScriptEnabled) {
        await expect(async () => {
          await page.getByRole("link", { name: "Add Topic" }).click();
          await expect(page.getByRole("dialog", { name: "Create New Topic" })).toBeVisible({ timeout: 1000 });
        }).toPass();
      } else {
        await page.getByRole("link", { name: "Add Topic" }).click();
        await expect(page).toHaveURL(/\?new=1$/);
        await expect(page.getByRole("heading", { name: "Create New Topic" })).toBeVisible();
      }
      await expectNoAxeViolations(page, javaScriptEnabled);
      await expect(createForm.getByLabel("Description")).toHaveAttribute("rows", "3");
      await expect(createForm.getByLabel("Hex color")).toHaveValue("#3B82F6");

      // A blank name is refused; nothing is saved and the typed values stay.
      await createForm.getByLabel("Keywords (comma separated)").fill("pour over, , french press ,cold brew, grind size,");
      await createForm.getByRole("button", { name: "Create Topic" }).click();
      await expect(createForm.getByText("Topic name required")).toBeVisible();
      await expect(createForm.getByRole("alert").filter({ hasText: "Error saving topic" })).toBeVisible();
      expect(await topicRows(user.siteId)).toEqual([]);
      await expect(createForm.getByLabel("Keywords (comma separated)")).toHaveValue("pour over, , french press ,cold brew, grind size,");

      await createForm.getByLabel("Topic Name").fill("Coffee brewing");
      await createForm.getByLabel("Description").fill("Guides to brewing better coffee at home.");
      await createForm.getByLabel("Category").fill("Guides");
      if (javaScriptEnabled) {
        // The hex box and the picker follow each other.
        await createForm.getByLabel("Hex color").fill("#10B981");
        await expect(createForm.getByLabel("Color picker")).toHaveValue("#10b981");
        await createForm.getByLabel("Color picker").fill("#ff0000");
        await expect(createForm.getByLabel("Hex color")).toHaveValue("#FF0000");
      } else {
        // Only the picker changed: the server takes it.
        await createForm.getByLabel("Color picker").fill("#ff0000");
      }
      await createForm.getByRole("button", { name: "Create Topic" }).click();
      await expect(toast(page)).toContainText("Topic created!");
      await expect(page).toHaveURL(/\/dashboard\/topics$/);
      const [row] = await topicRows(user.siteId);
      expect(row).toMatchObject({ name: "Coffee brewing", category: "Guides", color: "#FF0000" });
      expect(JSON.parse(row!.keywords)).toEqual(["pour over", "french press", "cold brew", "grind size"]);

      // The card: three keyword badges then '+1 more', the category and the article count.
      const now = isoNow();
      for (const title of ["One", "Two"]) {
        const id = newId();
        await e2eDb()
          .insertInto("articles")
          .values({ id, site_id: user.siteId, topic_id: row!.id, title, slug: id, created_at: now, updated_at: now })
          .execute();
      }
      await page.reload();
      const coffee = card(page, "Coffee brewing");
      await expect(coffee.getByRole("list", { name: "Keywords" }).getByRole("listitem")).toHaveText([
        "pour over",
        "french press",
        "cold brew",
        "+1 more",
      ]);
      await expect(coffee).toContainText("Guides to brewing better coffee at home.");
      await expect(coffee).toContainText("Guides");
      await expect(coffee).toContainText("2 articles");
      await expect(coffee.getByTestId("topic-color")).toHaveCSS("background-color", "rgb(255, 0, 0)");
      await expectNoAxeViolations(page, javaScriptEnabled);

      // Edit: more keywords, no category.
      const editForm = page.getByRole("form", { name: "Edit Topic" });
      if (javaScriptEnabled) {
        await coffee.getByRole("link", { name: "Edit Coffee brewing" }).click();
        await expect(page.getByRole("dialog", { name: "Edit Topic" })).toBeVisible();
      } else {
        await coffee.getByRole("link", { name: "Edit Coffee brewing" }).click();
        await expect(page).toHaveURL(new RegExp(`\\?edit=${row!.id}$`));
      }
      await expect(editForm.getByLabel("Topic Name")).toHaveValue("Coffee brewing");
      await expect(editForm.getByLabel("Keywords (comma separated)")).toHaveValue("pour over, french press, cold brew, grind size");
      await editForm.getByLabel("Topic Name").fill("Home brewing");
      await editForm.getByLabel("Keywords (comma separated)").fill("pour over, french press, cold brew, grind size, aeropress, moka pot");
      await editForm.getByLabel("Category").fill("");
      await editForm.getByLabel("Hex color").fill("#10B981");
      await editForm.getByRole("button", { name: "Update Topic" }).click();
      await expect(toast(page)).toContainText("Topic updated!");
      const home = card(page, "Home brewing");
      await expect(home.getByText("+3 more")).toBeVisible();
      await expect(home).toContainText("Uncategorized");
      expect(await topicRows(user.siteId)).toMatchObject([{ name: "Home brewing", category: "", color: "#10B981" }]);

      // Delete: the confirmation names the topic; Cancel keeps it, Delete removes it and keeps its articles.
      await home.getByRole("link", { name: "Delete Home brewing" }).click();
      // Without JavaScript the confirmation is a section of the page, still a dialog to assistive technology.
      const confirm = page.getByRole("dialog", { name: "Delete Topic" });
      await expect(confirm).toContainText("Are you sure you want to delete the topic “Home brewing”?");
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(cards(page)).toHaveCount(1);
      await card(page, "Home brewing").getByRole("link", { name: "Delete Home brewing" }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(toast(page)).toContainText("Topic deleted!");
      await expect(page.getByRole("heading", { name: "No topics yet" })).toBeVisible();
      expect(await topicRows(user.siteId)).toEqual([]);
      const articles = await e2eDb().selectFrom("articles").select("topic_id").where("site_id", "=", user.siteId).execute();
      expect(articles).toEqual([{ topic_id: null }, { topic_id: null }]);

      // Someone else's topic id is a 404.
      const stranger = await createVerifiedUser(uniqueEmail("topics-other"), PASSWORD);
      const foreignId = newId();
      await e2eDb()
        .insertInto("topics")
        .values({ id: foreignId, site_id: stranger.siteId, name: "Not yours", created_at: now, updated_at: now })
        .execute();
      const response = await page.goto(`/dashboard/topics?edit=${foreignId}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Topic not found" })).toBeVisible();
    });
  });
}
