import { expect, test, type Page } from "@playwright/test";
import { createUserWithArticle, e2eDb, signIn } from "./users";

/**
 * The reported break: a paragraph selected by triple-click, edited with AI and
 * accepted, was glued to the next one ("…to start with.Each part…"). In the
 * browser, with the browser's own triple-click selection, the rewrite now takes
 * the place of that paragraph only, and a selection over two paragraphs keeps
 * them two.
 */

const editor = (page: Page) => page.getByTestId("rich-text-editor");

async function rewrite(page: Page, instruction: string) {
  await page.getByRole("button", { name: "AI edit", exact: true }).click();
  const ask = page.getByRole("dialog", { name: "Edit the selection with AI" });
  await ask.getByLabel("Instruction").fill(instruction);
  await ask.getByRole("button", { name: "Rewrite" }).click();
  await page.getByRole("dialog", { name: "Review the AI edit" }).getByRole("button", { name: "Accept" }).click();
}

test("a triple-clicked paragraph edited with AI stays its own paragraph, and so does the next", async ({ page }) => {
  const { user, articleId } = await createUserWithArticle("ai-triple", {
    title: "Choosing beans",
    targetKeyword: "coffee beans",
    contentHtml:
      "<h2>Where to start</h2><p>Pick a medium roast, which is easy to like, to start with.</p><p>Each part of the guide stands alone.</p><ul><li>Fresh beans</li><li>A good grinder</li></ul>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  const paragraphs = editor(page).locator("p");
  await expect(paragraphs).toHaveCount(2);

  await paragraphs.first().click({ clickCount: 3 });
  await rewrite(page, "Simplify");
  await expect(paragraphs).toHaveCount(2);
  await expect(paragraphs.first()).toHaveText("Pick a medium roast. Is easy to like, to start with.");
  await expect(paragraphs.nth(1)).toHaveText("Each part of the guide stands alone.");

  // A selection from the middle of one paragraph into the next keeps both paragraphs.
  await paragraphs.first().click();
  await page.keyboard.press("Home");
  for (let i = 0; i < 5; i++) await page.keyboard.press("Control+ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+End");
  await rewrite(page, "Expand");
  await expect(paragraphs).toHaveCount(2);
  await expect(paragraphs.nth(1)).toContainText("Each part of the guide stands alone.");
  await expect(editor(page).locator("li")).toHaveCount(2);
  await expect(editor(page).locator("h2")).toHaveText("Where to start");

  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
  const stored = await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow();
  expect(stored.content_html).not.toMatch(/with\.Each/);
  expect(stored.content_html).toMatch(/<\/p>\s*<p[^>]*>Each part of the guide stands alone/);
});

test("cells selected across a table are edited as the whole table, which stays a table", async ({ page }) => {
  const { user, articleId } = await createUserWithArticle("ai-table", {
    title: "Ratios",
    targetKeyword: "cold brew ratio",
    contentHtml:
      "<p>Before the table.</p><table><tr><th>Coffee</th><th>Water</th></tr><tr><td>Use 100 g. Grind coarse.</td><td>Use 1 l. Keep it cold.</td></tr></table><p>After the table.</p>",
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  const cells = editor(page).locator("td, th");
  await expect(cells).toHaveCount(4);
  await cells.nth(2).click();
  await cells.nth(3).click({ modifiers: ["Shift"] });
  await rewrite(page, "Shorten");
  await expect(editor(page).locator("table")).toHaveCount(1);
  await expect(cells).toHaveCount(4);
  await expect(cells.nth(2)).toHaveText("Use 100 g.");
  await expect(cells.nth(3)).toHaveText("Use 1 l.");
  await expect(editor(page).locator("p").first()).toHaveText("Before the table.");
  await expect(editor(page).locator("p").last()).toHaveText("After the table.");
});
