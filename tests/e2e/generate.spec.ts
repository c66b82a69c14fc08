import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * AI generation with the default stack's offline writer: from a keyword on the
 * write screen to a saved, previewed and deleted article, with and without
 * JavaScript; and the AI Content Generator page's tabs.
 */

const PASSWORD = "generate-password";
const OFFLINE_NOTE = "Written by the built-in offline writer";

const toast = (page: Page) => page.getByTestId("toast");
const editor = (page: Page) => page.getByTestId("rich-text-editor");
const panel = (page: Page) => page.getByRole("region", { name: "Get AI-Powered Article Ideas" });

async function latestArticle(siteId: string) {
  return e2eDb().selectFrom("articles").selectAll().where("site_id", "=", siteId).orderBy("created_at", "desc").executeTakeFirst();
}

/** Records whether a progress bar was ever on screen in this document (client navigations keep it). */
async function watchForProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __sawProgress?: boolean };
    // The generation's bar next to its step list (the usage card has a progress bar of its own).
    const seen = () =>
      Boolean(
        document.querySelector('[role="progressbar"][aria-label="Generation progress"]') &&
        document.querySelector('ol[aria-label="Steps"]'),
      );
    w.__sawProgress = seen();
    new MutationObserver(() => {
      if (seen()) w.__sawProgress = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const sawProgress = (page: Page) => page.evaluate(() => Boolean((window as unknown as { __sawProgress?: boolean }).__sawProgress));

test.describe.serial("generating an article with JavaScript", () => {
  let context: BrowserContext;
  let page: Page;
  let siteId: string;
  let articleId: string;
  let title: string;
  const visited: string[] = [];

  test.beforeAll(async ({ browser }) => {
    const user = await createVerifiedUser(uniqueEmail("generate"), PASSWORD);
    siteId = user.siteId;
    context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
    page = await context.newPage();
    page.on("request", (request) => visited.push(new URL(request.url()).pathname));
    await signIn(page, user);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test("generates from a keyword on the write screen, follows the progress, and survives navigating away", async () => {
    await page.goto("/dashboard/write");
    await panel(page).getByLabel("Target keyword").fill("cold brew coffee");
    const confirm = page.getByRole("dialog", { name: "Generate an article?" });
    await expect(async () => {
      await panel(page).getByRole("button", { name: "Generate AI Article" }).click();
      await expect(confirm).toBeVisible({ timeout: 1000 });
    }).toPass();
    // No AI provider on the embedded default: the dialog says what the built-in writer can do for this keyword.
    await expect(confirm.getByTestId("offline-outlook")).toContainText("Without an AI provider the built-in writer");
    await expect(confirm).toContainText("does not count against your plan");
    await watchForProgress(page);
    await confirm.getByRole("button", { name: "Start Generation" }).click();

    const progress = page.getByRole("dialog", { name: "Generating your article" });
    const edit = page.getByRole("heading", { name: "Edit Article", level: 1 });
    await expect(progress.or(edit)).toBeVisible({ timeout: 15_000 });
    let progressSeen = await sawProgress(page);
    if (!(await edit.isVisible())) {
      // Still running: leave, come back, and the write screen picks the job up again (or it finished meanwhile).
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goto("/dashboard/write");
      await watchForProgress(page);
      const running = page.getByRole("status").filter({ hasText: "A generation is running" });
      if ((await running.count()) === 0) {
        const article = await latestArticle(siteId);
        expect(article?.status).toBe("draft");
        await page.goto(`/dashboard/write?edit=${article!.id}`);
      }
    }
    await expect(edit).toBeVisible({ timeout: 30_000 });
    // The job's progress showed live over SSE or, when the job beat the page, the status page handed over.
    progressSeen ||= await sawProgress(page);
    expect(progressSeen || visited.some((p) => /^\/dashboard\/generations\/[^/]+$/.test(p))).toBe(true);

    const article = await latestArticle(siteId);
    expect(article).toMatchObject({ status: "draft", source: "offline" });
    articleId = article!.id;
    title = article!.title;
    await expect(page).toHaveURL(new RegExp(`/dashboard/write\\?edit=${articleId}`));
    await expect(page.getByRole("form", { name: /article/i }).getByLabel("Title")).toHaveValue(title);
    expect(title.toLowerCase()).toContain("cold brew coffee");
    // Without research the offline writer writes a few honest lines, never template filler, and says what it could not do.
    const note = page.getByRole("note").filter({ hasText: OFFLINE_NOTE });
    await expect(note).toBeVisible();
    await expect(note.getByRole("listitem").filter({ hasText: /No research was available for this article/ })).toBeVisible();
    // The note and the Sources panel read one record of what research ran (app/modules/research/status.ts).
    await expect(note).toContainText("No research provider is configured, so only your site's pages were read");
    await expect(page.getByTestId("research-status")).toContainText("No research provider is configured");
    await expect(note.getByRole("listitem").filter({ hasText: /original examples/ })).toBeVisible();
    await expect(editor(page)).toBeVisible();
    await expect(editor(page)).toContainText(/cold brew coffee/i);
    await expect(editor(page)).not.toContainText("The first gain is time");
  });

  test("edits the generated article in both editor modes, saves and previews it", async () => {
    await editor(page).locator("p").first().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" Edited in rich text.");
    await expect(editor(page).locator("p").first()).toContainText("Edited in rich text.");

    await page.getByRole("radio", { name: "Markdown" }).click();
    const markdown = page.getByRole("textbox", { name: "Content" });
    await expect(markdown).toHaveValue(/Edited in rich text\./);
    await markdown.focus();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\n\nEdited in Markdown.");

    await page.getByRole("button", { name: "Update Article" }).click();
    await expect(toast(page)).toContainText("Article updated!");
    const saved = await latestArticle(siteId);
    expect(saved?.content_html).toContain("Edited in rich text.");
    expect(saved?.content_html).toContain("<p>Edited in Markdown.</p>");

    const [preview] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Preview" }).click()]);
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(preview.getByTestId("preview-body")).toContainText("Edited in Markdown.");
    await preview.close();
  });

  test("the Generator page: Generate, Keywords, Images and Publish tabs", async () => {
    await page.goto("/dashboard/generator");
    await expect(page.getByRole("heading", { name: "AI Content Generator", level: 1 })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Generator tabs" });
    await expect(tabs.getByRole("link", { name: "Generate" })).toHaveAttribute("aria-current", "page");
    // The content settings' lengths, defaulting to the site's (medium); articles-list.spec.ts checks they match the Content tab.
    await expect(page.getByLabel("Article length")).toHaveValue("medium");
    await expect(page.getByLabel("Tone").locator("option")).toHaveText([
      "Professional",
      "Casual",
      "Academic",
      "Conversational",
      "Technical",
    ]);

    await expect(async () => {
      await page.getByRole("button", { name: "Generate Content" }).click();
      await expect(page.getByText("Please enter a topic", { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await page.getByLabel("Topic").fill("french press");
    await page.getByLabel("Keywords").fill("coffee ratio, grind size");
    await page.getByLabel("Tone").selectOption("casual");
    await page.getByLabel("Article length").selectOption("short");
    await page.getByRole("button", { name: "Generate Content" }).click();
    await expect(toast(page)).toContainText("Content generated successfully!", { timeout: 30_000 });
    const result = page.getByRole("region", { name: /french press/i });
    await expect(result.getByRole("note").filter({ hasText: OFFLINE_NOTE })).toBeVisible();
    await expect(result.getByTestId("generated-content")).toContainText(/french press/i);
    const generated = await latestArticle(siteId);
    expect(generated?.title.toLowerCase()).toContain("french press");
    const state = await e2eDb().selectFrom("generations").select("state").where("article_id", "=", generated!.id).executeTakeFirstOrThrow();
    expect(JSON.parse(state.state)).toMatchObject({
      overrides: { tone: "casual", articleLength: "short", keywords: ["coffee ratio", "grind size"] },
    });

    await tabs.getByRole("link", { name: "Keywords" }).click();
    await expect(page).toHaveURL(/tab=keywords/);
    await page.getByRole("button", { name: "Research Keywords" }).click();
    await expect(page.getByText("Please enter a topic first")).toBeVisible();
    await page.getByLabel("Topic").fill("french press");
    await page.getByRole("button", { name: "Research Keywords" }).click();
    await expect(toast(page)).toContainText("Keyword research completed!");
    await expect(page.getByRole("list", { name: "Keyword ideas" }).getByRole("listitem")).toHaveCount(12);
    await expect(page.getByText("french press for beginners")).toBeVisible();

    await tabs.getByRole("link", { name: "Images" }).click();
    await expect(page).toHaveURL(/tab=images/);
    await page.getByRole("button", { name: "Generate Images" }).click();
    await expect(page.getByText("Please enter an image prompt")).toBeVisible();
    await page.getByLabel("Image prompt").fill("A french press on a kitchen counter");
    await page.getByLabel("Style").selectOption("illustration");
    await page.getByRole("button", { name: "Generate Images" }).click();
    await expect(toast(page)).toContainText("Images generated successfully!");
    const image = page.getByRole("img", { name: "A french press on a kitchen counter" });
    await expect(image).toHaveAttribute("src", new RegExp(`^/uploads/articles/${siteId}-`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId("revised-prompt")).toContainText("Style: illustration");

    await tabs.getByRole("link", { name: "Publish" }).click();
    await expect(page).toHaveURL(/tab=publish/);
    const select = page.getByLabel("Article", { exact: true });
    await expect(select).toHaveValue(generated!.id);
    await select.selectOption(articleId);
    await expect(page).toHaveURL(new RegExp(`article=${articleId}`));
    await page.getByRole("button", { name: "Copy Content" }).click();
    await expect(page.getByText("Content copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("Edited in Markdown.");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/write\\?edit=${articleId}&publish=1`));
    await expect(page.getByRole("dialog", { name: "Publish article" })).toBeVisible();
  });

  test("deletes the generated article from the articles list", async () => {
    await page.goto("/dashboard");
    await expect(async () => {
      await page.getByRole("button", { name: `Actions for ${title}` }).click();
      await expect(page.getByRole("menuitem", { name: "Delete" })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete Article" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Article deleted");
    const left = await e2eDb().selectFrom("articles").select("id").where("id", "=", articleId).executeTakeFirst();
    expect(left).toBeUndefined();
  });
});

test.describe.serial("generating an article without JavaScript", () => {
  let context: BrowserContext;
  let page: Page;
  let siteId: string;

  test.beforeAll(async ({ browser }) => {
    const user = await createVerifiedUser(uniqueEmail("generate-nojs"), PASSWORD);
    siteId = user.siteId;
    context = await browser.newContext({ javaScriptEnabled: false });
    page = await context.newPage();
    await signIn(page, user);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test("the write screen's form starts a generation and the self-refreshing status page opens the editor", async () => {
    const statusPages: string[] = [];
    page.on("response", (response) => {
      const p = new URL(response.url()).pathname;
      if (/^\/dashboard\/generations\/[^/]+$/.test(p)) statusPages.push(p);
    });
    await page.goto("/dashboard/write");
    await panel(page).getByLabel("Target keyword").fill("sourdough starter");
    await panel(page).getByRole("button", { name: "Generate AI Article" }).click();
    // The start action hands over to the status page, which refreshes until the article is done.
    await expect(page).toHaveURL(/\/dashboard\/write\?edit=/, { timeout: 30_000 });
    expect(statusPages.length).toBeGreaterThan(0);
    await expect(toast(page)).toContainText("AI Article Generated!");
    await expect(page.getByRole("heading", { name: "Edit Article", level: 1 })).toBeVisible();
    await expect(page.getByRole("note").filter({ hasText: OFFLINE_NOTE })).toBeVisible();
    const article = await latestArticle(siteId);
    expect(article).toMatchObject({ status: "draft", source: "offline" });
    // Without JavaScript the content is a plain textarea holding the article.
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveValue(/sourdough starter/i);
  });

  test("the Generator page's tabs work as links and forms", async () => {
    await page.goto("/dashboard/generator");
    const tabs = page.getByRole("navigation", { name: "Generator tabs" });
    await page.getByRole("button", { name: "Generate Content" }).click();
    await expect(page.getByText("Please enter a topic", { exact: true })).toBeVisible();
    await page.getByLabel("Topic").fill("kombucha");
    await page.getByRole("button", { name: "Generate Content" }).click();
    await expect(toast(page)).toContainText("Content generated successfully!", { timeout: 30_000 });
    await expect(page).toHaveURL(/tab=generate&article=/);
    await expect(page.getByRole("region", { name: /kombucha/i })).toBeVisible();
    const generated = await latestArticle(siteId);
    expect(generated?.title.toLowerCase()).toContain("kombucha");

    await tabs.getByRole("link", { name: "Keywords" }).click();
    await page.getByLabel("Topic").fill("kombucha");
    await page.getByRole("button", { name: "Research Keywords" }).click();
    await expect(toast(page)).toContainText("Keyword research completed!");
    await expect(page.getByText("kombucha for beginners")).toBeVisible();

    await tabs.getByRole("link", { name: "Images" }).click();
    await page.getByRole("button", { name: "Generate Images" }).click();
    await expect(page.getByText("Please enter an image prompt")).toBeVisible();
    await page.getByLabel("Image prompt").fill("A glass of kombucha");
    await page.getByRole("button", { name: "Generate Images" }).click();
    await expect(toast(page)).toContainText("Images generated successfully!");
    await expect(page.getByRole("img", { name: "A glass of kombucha" })).toBeVisible();

    await tabs.getByRole("link", { name: "Publish" }).click();
    await expect(page.getByLabel("Article", { exact: true })).toHaveValue(generated!.id);
    const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Copy Content" }).click()]);
    await expect(preview).toHaveURL(new RegExp(`/dashboard/write/preview\\?id=${generated!.id}`));
    await preview.close();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/write\\?edit=${generated!.id}&publish=1`));
    await expect(page.getByRole("dialog", { name: "Publish article" })).toBeVisible();
  });
});
