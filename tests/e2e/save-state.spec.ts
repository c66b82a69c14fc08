import { expect, test, type Page } from "@playwright/test";
import { createUserWithArticle, e2eDb, signIn } from "./users";

/**
 * The save state tells the truth: after Publish (from the bar, then 'Publish
 * now' in the dialog) nothing is left unsaved, so neither the in-app
 * 'Leave without saving?' nor the browser's beforeunload prompt appears, try
 * after try; with an unsaved edit the browser does ask.
 */

// What a generated article holds: headings, a link, formatting, a list and a table (the editor rewrites all of these in its own HTML).
const SHORT = [
  `<p>Intro with <a href="https://example.com/guide">a guide</a> and <strong>bold</strong> words.</p>`,
  `<h2>Ratios</h2>`,
  `<table><thead><tr><th>Coffee</th><th>Water</th></tr></thead><tbody><tr><td>100 g</td><td>1 l</td></tr></tbody></table>`,
  `<ul><li>Coarse grind</li><li>Cold water</li></ul>`,
  `<p>Keep it cold.</p>`,
].join("");
const editor = (page: Page) => page.getByTestId("rich-text-editor");

function account(prefix: string) {
  return createUserWithArticle(prefix, { title: "Cold brew at home", targetKeyword: "cold brew", contentHtml: SHORT });
}

test("publishing leaves nothing unsaved: no prompt to leave after 'Publish now', with or without an edit", async ({ page }) => {
  // Four publishes in a row: room for a loaded machine.
  test.setTimeout(180_000);
  const { user, articleId } = await account("save-publish");
  const prompts: string[] = [];
  page.on("dialog", async (dialog) => {
    prompts.push(dialog.type());
    await dialog.accept();
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  const state = page.getByTestId("save-state");
  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  for (let attempt = 0; attempt < 4; attempt++) {
    await expect(editor(page)).toContainText("Keep it cold.");
    if (attempt % 2 === 1) {
      await editor(page).locator("p").last().click();
      await page.keyboard.press("End");
      await page.keyboard.type(` Try ${attempt}.`);
      await expect(state).toHaveText("Unsaved changes");
    }
    await page.getByTestId("write-bar").getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await dialog.getByRole("radio", { name: /^Live/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("Published!").first()).toBeVisible();
    // The reported flip came just after the publish saved: give it time to show.
    await page.waitForTimeout(1500);
    await expect(leave).toHaveCount(0);
    await expect(state).not.toHaveText("Unsaved changes");
    await expect(state).not.toHaveText("Saving…");
  }
  // Leaving by a link, and reloading, ask nothing.
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).not.toHaveURL(/edit=/);
  await expect(leave).toHaveCount(0);
  await page.goto(`/dashboard/write?edit=${articleId}`);
  await expect(editor(page)).toContainText("Try 3.", { timeout: 20_000 });
  await page.reload();
  expect(prompts).toEqual([]);

  // The control: an edit not yet saved makes the browser ask before reloading.
  await editor(page).locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Unsaved.");
  await page.reload();
  expect(prompts).toEqual(["beforeunload"]);
});

test("an autosave refreshes the screen's data without moving the caret", async ({ page }) => {
  const { user, articleId } = await account("save-revalidate");
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  const sections = page.getByLabel("Section");
  await expect(sections.locator("option", { hasText: "Ratios" })).toHaveCount(1);
  await editor(page).locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Serving ideas");
  await page.getByLabel("Block style").selectOption("h2");
  await expect(editor(page).locator("h2").last()).toHaveText("Serving ideas");
  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
  // 'Regenerate section' lists the headings of the stored article: the screen's data followed the autosave, no reload.
  await expect(sections.locator("option", { hasText: "Serving ideas" })).toHaveCount(1);
  // The caret is where it was: typing goes on at the end of the new heading.
  await page.keyboard.type(" for summer");
  await expect(editor(page).locator("h2").last()).toHaveText("Serving ideas for summer");
});

test("an accepted AI edit is unsaved until the autosave stores it", async ({ page }) => {
  const { user, articleId } = await account("save-ai");
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  await editor(page).locator("p").last().click({ clickCount: 3 });
  await page.getByRole("button", { name: "AI edit", exact: true }).click();
  const ask = page.getByRole("dialog", { name: "Edit the selection with AI" });
  await ask.getByLabel("Instruction").fill("Expand");
  await ask.getByRole("button", { name: "Rewrite" }).click();
  await page.getByRole("dialog", { name: "Review the AI edit" }).getByRole("button", { name: "Accept" }).click();
  await expect(editor(page).locator("p").last()).toHaveText("Keep it cold. In practice, this makes the next step clearer.");
  await expect(page.getByTestId("save-state")).toHaveText("Unsaved changes");
  await expect(page.getByTestId("save-state")).toHaveText("Saved", { timeout: 15_000 });
  const stored = await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow();
  expect(stored.content_html).toContain("Keep it cold. In practice, this makes the next step clearer.");
});

test("an autosave answering after the Publish saved does not make the published text 'unsaved'", async ({ page }) => {
  const { user, articleId } = await account("save-race");
  const prompts: string[] = [];
  page.on("dialog", async (dialog) => {
    prompts.push(dialog.type());
    await dialog.accept();
  });
  await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
  // The autosave's answer is held back until after the bar's Publish has saved (its request reaches the server at once).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/dashboard/write.data*", async (route) => {
    if (route.request().method() !== "POST" || !(route.request().postData() ?? "").includes("autosave")) return route.fallback();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  const state = page.getByTestId("save-state");
  await editor(page).locator("p").last().click();
  await page.keyboard.press("End");
  await page.keyboard.type(" First.");
  await expect(state).toHaveText("Saving…", { timeout: 15_000 });
  await page.keyboard.type(" Second.");
  await page.getByTestId("write-bar").getByRole("button", { name: "Publish", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Publish article" });
  await expect(dialog).toBeVisible();
  release();
  await page.waitForTimeout(500);
  await expect(state).not.toHaveText("Unsaved changes");
  await dialog.getByRole("radio", { name: /^Live/ }).check();
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toHaveCount(0);
  await expect(state).not.toHaveText("Unsaved changes");
  const stored = await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow();
  expect(stored.content_html).toContain("Keep it cold. First. Second.");
  await page.reload();
  expect(prompts).toEqual([]);
});
