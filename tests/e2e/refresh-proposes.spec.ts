import { expect, test, type Page } from "@playwright/test";
import { createUserWithArticle, e2eDb, signIn } from "./users";

/**
 * 'Regenerate with AI' on an article the customer has made their own proposes (docs/decisions/066-refresh-proposes.md):
 * the review shows the customer's title and paragraph going, Discard keeps everything, Accept adopts the new
 * version and keeps the text before in the history, on the built app with the offline writer.
 */

const editor = (page: Page) => page.getByTestId("rich-text-editor");
const toast = (page: Page) => page.getByTestId("toast");
const MINE = "Our studio bisques at cone 04 and cools for a full day before glazing.";

async function regenerate(page: Page) {
  await page.getByRole("button", { name: "Regenerate with AI" }).click();
  // The live progress dialog follows the regeneration, then the review of the new version opens.
  const review = page.getByRole("dialog", { name: "Review the new version" });
  await expect(review).toBeVisible({ timeout: 90_000 });
  return review;
}

test("a regeneration waits beside the customer's edits until Accept; Discard keeps them", async ({ page }) => {
  test.setTimeout(240_000);
  const { user, articleId } = await createUserWithArticle("refresh-proposes", {
    title: "How to glaze pottery",
    targetKeyword: "how to glaze pottery",
    contentHtml: "<p>Glazing starts with clean bisqueware.</p>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  await page.getByLabel("Title").fill("Glazing at Clay and Kiln");
  await editor(page).locator("p").last().click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await page.keyboard.type(MINE);
  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });

  // The review: what would go is struck through; the working copy is untouched meanwhile.
  let review = await regenerate(page);
  await expect(review.getByTestId("proposal-diff").locator("del").first()).toBeVisible();
  await expect(review.getByTestId("proposal-diff")).toContainText("Clay and Kiln");
  await expect(review.getByTestId("proposal-diff")).toContainText("cools for a full day");
  const db = e2eDb();
  const stored = () => db.selectFrom("articles").select(["title", "content_html"]).where("id", "=", articleId).executeTakeFirstOrThrow();
  expect((await stored()).title).toBe("Glazing at Clay and Kiln");
  expect((await stored()).content_html).toContain(MINE);

  await review.getByRole("button", { name: "Discard new version" }).click();
  await expect(toast(page)).toContainText("New version discarded");
  await expect(page.getByLabel("Title")).toHaveValue("Glazing at Clay and Kiln");
  await expect(editor(page)).toContainText(MINE);
  await expect(page.getByTestId("proposal-banner")).toHaveCount(0);

  // Again, and Accept: the new version is the working copy; the customer's is one Restore away.
  review = await regenerate(page);
  await review.getByRole("button", { name: "Accept new version" }).click();
  await expect(toast(page)).toContainText("New version accepted");
  await expect(editor(page)).not.toContainText(MINE);
  expect((await stored()).content_html).not.toContain(MINE);
  await page.getByRole("link", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  await expect(history.getByTestId("revision").first()).toContainText("New AI version accepted");
  await expect(history.getByTestId("revision").nth(1)).toContainText(/Autosave|Saved/);
});
