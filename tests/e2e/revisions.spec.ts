import { expect, test, type Page } from "@playwright/test";
import { updateArticle } from "#app/modules/articles/mutations.server";
import { createArticleRetrying, createVerifiedUser, e2eDb, retryWhileLocked, signIn, uniqueEmail } from "./users";

/**
 * The article's history on the write screen: who saved each version, when
 * and how; a diff of two; Restore (itself a new version), with JavaScript and
 * as a plain form without it; and 'Undo AI edit' keeping what was typed after
 * the Accept in the history.
 */

const PASSWORD = "revisions-password";
const FIRST = "<h2>Why cold brew</h2><p>It is smooth and sweet.</p>";
const SECOND = "<h2>Why cold brew</h2><p>It is bold and bitter.</p>";

async function account(prefix: string) {
  const user = await createVerifiedUser(uniqueEmail(prefix), PASSWORD, { fullName: "Ada Writer" });
  const db = e2eDb();
  const article = await createArticleRetrying(
    db,
    { workspaceId: user.workspaceId, siteId: user.siteId, authorId: user.userId, title: "Cold brew at home", contentHtml: FIRST },
    { revision: { kind: "save", userId: user.userId } },
  );
  await retryWhileLocked(() =>
    updateArticle(db, user.siteId, article.id, { contentHtml: SECOND }, { revision: { kind: "save", userId: user.userId } }),
  );
  return { user, articleId: article.id };
}

const revisionsOf = (articleId: string) =>
  e2eDb().selectFrom("article_revisions").selectAll().where("article_id", "=", articleId).orderBy("seq", "asc").execute();
const contentOf = async (articleId: string) =>
  (await e2eDb().selectFrom("articles").select("content_html").where("id", "=", articleId).executeTakeFirstOrThrow()).content_html;
const editor = (page: Page) => page.getByTestId("rich-text-editor");

test.describe("history with JavaScript", () => {
  test("lists who saved each version, shows the diff of two, and restores one", async ({ page }) => {
    const { user, articleId } = await account("revisions-js");
    await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
    await expect(editor(page)).toContainText("It is bold and bitter.");

    await page.getByRole("link", { name: "History" }).click();
    const dialog = page.getByRole("dialog", { name: "History" });
    const rows = dialog.getByTestId("revision");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("#2 Saved");
    await expect(rows.first()).toContainText("Ada Writer");
    await expect(rows.first()).toContainText("current");

    // Compare: by default the previous version against the current one.
    await dialog.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/from=/);
    await expect(page).toHaveURL(/to=/);
    const diff = page.getByTestId("history-diff");
    await expect(diff.locator("del", { hasText: "smooth" })).toBeVisible();
    await expect(diff.locator("ins", { hasText: "bold" })).toBeVisible();

    await page.getByRole("button", { name: "Restore #1" }).click();
    await expect(page.getByText("Version restored")).toBeVisible();
    await expect(page.getByRole("dialog", { name: "History" })).toHaveCount(0);
    await expect(editor(page)).toContainText("It is smooth and sweet.");
    expect(await contentOf(articleId)).toBe(FIRST);
    expect((await revisionsOf(articleId)).map((r) => r.kind)).toEqual(["save", "save", "restore"]);
  });

  test("'Undo AI edit' goes back to the text before the Accept and keeps the typing after it in the history", async ({ page }) => {
    const { user, articleId } = await account("revisions-undo");
    await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
    const paragraph = editor(page).locator("p", { hasText: "It is bold and bitter." });
    await paragraph.click();
    await page.keyboard.press("Home");
    await page.keyboard.press("Shift+End");
    await page.getByRole("button", { name: "AI edit" }).click();
    const ask = page.getByRole("dialog", { name: "Edit the selection with AI" });
    await ask.getByLabel("Instruction").fill("Expand");
    await ask.getByRole("button", { name: "Rewrite" }).click();
    const review = page.getByRole("dialog", { name: "Review the AI edit" });
    await review.getByRole("button", { name: "Accept" }).click();
    await expect(editor(page)).toContainText("In practice, this makes the next step clearer.");
    await expect.poll(async () => (await revisionsOf(articleId)).map((r) => r.kind)).toContain("ai_accept");

    await editor(page).locator("p").last().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Typed after the accept.");
    await page.getByRole("button", { name: "Undo AI edit" }).click();
    await expect(editor(page)).not.toContainText("In practice, this makes the next step clearer.");
    await expect(editor(page)).toContainText("It is bold and bitter.");
    await expect.poll(async () => (await revisionsOf(articleId)).map((r) => r.kind)).toContain("restore");
    const rows = await revisionsOf(articleId);
    expect(rows.find((r) => r.kind === "restore")!.content_html).toContain("It is bold and bitter.");
    expect(rows.some((r) => r.content_html.includes("Typed after the accept."))).toBe(true);
    await expect.poll(() => contentOf(articleId)).not.toContain("In practice");
  });

  test("after an autosave the published copy says it is out of date without a reload, and the hosted blog keeps what was sent", async ({
    page,
  }) => {
    const { user, articleId } = await account("revisions-outdated");
    await signIn(page, user, { to: `/dashboard/write?edit=${articleId}&publish=1` });
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await dialog.getByRole("radio", { name: /^Live/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    const published = () =>
      e2eDb().selectFrom("publications").select(["status", "remote_url"]).where("article_id", "=", articleId).executeTakeFirst();
    await expect.poll(async () => (await published())?.status, { timeout: 20_000 }).toBe("published");
    const panel = page.getByRole("region", { name: "Published to" });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/out of date/)).toHaveCount(0);

    await editor(page).locator("p").last().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Half a sen");
    await expect.poll(() => contentOf(articleId), { timeout: 20_000 }).toContain("Half a sen");
    await expect(panel.getByText(/out of date/)).toBeVisible({ timeout: 10_000 });
    const post = await page.request.get((await published())!.remote_url!);
    expect(await post.text()).toContain("It is bold and bitter.");
    expect(await post.text()).not.toContain("Half a sen");

    await panel.getByRole("link", { name: "See what changed" }).click();
    await expect(page.getByTestId("history-diff").locator("ins", { hasText: "Half" })).toBeVisible();
  });
});

test.describe("history without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the panel opens by its link, compares by a GET form and restores by a POST form", async ({ page }) => {
    const { user, articleId } = await account("revisions-nojs");
    await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
    await page.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/history=1/);
    const dialog = page.getByRole("dialog", { name: "History" });
    await expect(dialog.getByTestId("revision")).toHaveCount(2);
    await dialog.getByRole("button", { name: "Compare" }).click();
    await expect(page.getByTestId("history-diff").locator("ins", { hasText: "bold" })).toBeVisible();

    await page.getByRole("button", { name: "Restore #1" }).click();
    await expect(page).toHaveURL(/restored=/);
    await expect(page.getByText("Version restored")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(/It is smooth and sweet\./);
    expect(await contentOf(articleId)).toBe(FIRST);
    expect((await revisionsOf(articleId)).at(-1)!.kind).toBe("restore");
  });
});
