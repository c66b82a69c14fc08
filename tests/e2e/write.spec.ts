import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/** The write screen: the Rich Text editor and its toolbar, Markdown mode, save, edit, preview, publish dialog; and the same without JavaScript. */

const PASSWORD = "write-password";

async function articleOf(siteId: string) {
  return e2eDb().selectFrom("articles").selectAll().where("site_id", "=", siteId).orderBy("created_at", "desc").executeTakeFirst();
}

const editor = (page: Page) => page.getByTestId("rich-text-editor");
// The AI ideas panel has its own keyword field; address the article form's fields.
const form = (page: Page) => page.getByRole("form", { name: /article/i });

test.describe.serial("write screen with JavaScript", () => {
  let context: BrowserContext;
  let page: Page;
  let siteId: string;

  test.beforeAll(async ({ browser }) => {
    const user = await createVerifiedUser(uniqueEmail("write"), PASSWORD);
    siteId = user.siteId;
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, user);
  });

  test.afterAll(async () => {
    await context.close();
  });

  test("writes a draft with the toolbar, switches to Markdown and back without loss, and saves", async () => {
    await page.goto("/dashboard/write");
    await expect(page.getByRole("heading", { name: "Write New Article", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Get AI-Powered Article Ideas" })).toBeVisible();
    await expect(page.getByText("Or start writing manually below")).toBeVisible();
    await expect(page.getByRole("navigation", { name: /breadcrumb/i })).toContainText("Write");

    await form(page).getByLabel("Title").fill("Cold brew coffee guide");
    await form(page).getByLabel("Target keyword").fill("cold brew");
    await page.getByLabel("Meta description").fill("Cold brew at home, step by step.");
    await expect(editor(page)).toBeVisible();
    await expect(page.getByTestId("seo-score")).toBeVisible();

    // Heading
    await editor(page).click();
    await page.keyboard.type("Why cold brew");
    await page.getByLabel("Block style").selectOption("h2");
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    // Bold
    await page.keyboard.type("Brew it ");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("slowly");
    await page.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" for best taste.");
    await page.keyboard.press("Enter");
    // List
    await page.getByRole("button", { name: "Bulleted list" }).click();
    await page.keyboard.type("Coarse grind");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Cold water");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    // Link on a selected word
    await page.keyboard.type("Read the guide");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await page.getByRole("button", { name: "Link", exact: true }).click();
    await page.getByLabel("Link URL").fill("https://example.com/guide");
    await page.getByRole("button", { name: "Insert" }).click();

    await expect(editor(page).locator("h2")).toHaveText("Why cold brew");
    await expect(editor(page).locator("strong, b").first()).toHaveText("slowly");
    await expect(editor(page).locator("ul li")).toHaveText(["Coarse grind", "Cold water"]);
    await expect(editor(page).locator('a[href="https://example.com/guide"]')).toHaveText("guide");
    // The live SEO panel follows the draft.
    await expect(page.locator('[data-check="keyword-subheading"]')).toHaveAttribute("data-passed", "true");

    await page.getByRole("radio", { name: "Markdown" }).click();
    const markdown = page.getByRole("textbox", { name: "Content" });
    await expect(markdown).toHaveValue(/## Why cold brew/);
    await expect(markdown).toHaveValue(/\*\*slowly\*\*/);
    await expect(markdown).toHaveValue(/- Coarse grind\n- Cold water/);
    await expect(markdown).toHaveValue(/Read the \[guide\]\(https:\/\/example\.com\/guide\)/);

    await page.getByRole("radio", { name: "Rich Text" }).click();
    await expect(editor(page).locator("h2")).toHaveText("Why cold brew");
    await expect(editor(page).locator("strong, b").first()).toHaveText("slowly");
    await expect(editor(page).locator("ul li")).toHaveText(["Coarse grind", "Cold water"]);
    await expect(editor(page).locator('a[href="https://example.com/guide"]')).toHaveText("guide");

    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/dashboard\/write\?edit=/);
    await expect(page.getByText("Draft saved!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Edit Article", level: 1 })).toBeVisible();

    const article = await articleOf(siteId);
    expect(article?.title).toBe("Cold brew coffee guide");
    expect(article?.content_html).toContain("<h2");
    expect(article?.content_html).toMatch(/<(strong|b)>slowly/);
    expect(article?.content_html).toContain('<a href="https://example.com/guide" rel="noopener noreferrer">guide</a>');
    expect(article?.content_html).toMatch(/<ul>\s*<li[^>]*>Coarse grind/);
  });

  test("edits the saved article and previews it in a new tab", async () => {
    await expect(editor(page)).toBeVisible();
    await expect(editor(page).locator("h2")).toHaveText("Why cold brew");
    await form(page).getByLabel("Title").fill("Cold brew coffee, the full guide");
    await editor(page).locator("ul li").last().click();
    await page.keyboard.press("End");
    await page.keyboard.type(" (filtered)");

    const [preview] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Preview" }).click()]);
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Cold brew coffee, the full guide");
    await expect(preview.getByTestId("preview-body").locator("h2")).toHaveText("Why cold brew");
    await expect(preview.getByTestId("preview-body")).toContainText("Cold water (filtered)");
    await preview.close();

    await page.getByRole("button", { name: "Update Article" }).click();
    await expect(page.getByText("Article updated!")).toBeVisible();
    const article = await articleOf(siteId);
    expect(article?.title).toBe("Cold brew coffee, the full guide");
    expect(article?.content_html).toContain("Cold water (filtered)");

    const saved = await page.context().newPage();
    await saved.goto(`/dashboard/write/preview?id=${article!.id}`);
    await expect(saved.getByRole("heading", { level: 1 })).toHaveText("Cold brew coffee, the full guide");
    await saved.close();
  });

  test("Publish opens the dialog in the no-platforms state once the hosted blog is turned off", async () => {
    await e2eDb().updateTable("cms_connections").set({ status: "disconnected", is_default: 0 }).where("site_id", "=", siteId).execute();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(/publish=1/);
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await expect(dialog).toContainText("No platforms connected. Connect WordPress, Shopify, Webflow and more in Settings → Integrations.");
    await expect(dialog.getByRole("link", { name: "Open Settings" })).toHaveAttribute("href", "/dashboard/settings?tab=integrations");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("an unknown article id shows the loading error", async () => {
    await page.goto("/dashboard/write?edit=does-not-exist");
    await expect(page.getByText("Error loading article")).toBeVisible();
    await expect(page.getByText("Failed to load the article for editing.")).toBeVisible();
  });
});

test.describe.serial("write screen without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("creates in HTML and updates in Markdown through the textarea", async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail("write-nojs"), PASSWORD);
    await signIn(page, user);
    await page.goto("/dashboard/write");

    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Please enter a title for your article.").first()).toBeVisible();

    await page.getByLabel("Title").fill("No script article");
    await page.getByRole("radio", { name: "HTML" }).check();
    await page
      .getByRole("textbox", { name: "Content" })
      .fill(`<h2>Plain HTML</h2><div>from a div</div><script>alert(1)</script><p onclick="x()">text</p>`);
    await page.getByRole("button", { name: "Save Draft" }).click();
    await expect(page).toHaveURL(/\/dashboard\/write\?edit=/);
    await expect(page.getByText("Draft saved!")).toBeVisible();
    let article = await articleOf(user.siteId);
    expect(article?.content_html).toBe("<h2>Plain HTML</h2><p>from a div</p><p>text</p>");
    // The server-rendered SEO panel scores the saved version.
    await expect(page.getByTestId("seo-panel")).toContainText("Score of the saved version.");

    await page.getByRole("radio", { name: "Markdown" }).check();
    await page.getByRole("textbox", { name: "Content" }).fill("## From Markdown\n\n- one\n- two\n\n[link](https://example.com)");
    await page.getByRole("button", { name: "Update Article" }).click();
    await expect(page.getByText("Article updated!")).toBeVisible();
    article = await articleOf(user.siteId);
    expect(article?.content_html).toContain("<h2>From Markdown</h2>");
    expect(article?.content_html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(article?.content_html).toContain('<a href="https://example.com" rel="noopener noreferrer">link</a>');

    // Without JavaScript the dialog is a section of the page and its form posts as usual: live on the hosted blog.
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await expect(dialog.getByRole("radio", { name: /Hosted blog/ })).toBeChecked();
    await dialog.getByRole("radio", { name: /^Live/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Published!")).toBeVisible();
    const published = page.getByRole("region", { name: "Published to" });
    await expect(published.getByTestId("publication-state")).toHaveText("Live on your hosted blog");
    const liveUrl = await published.getByRole("link").first().getAttribute("href");
    await page.goto(liveUrl!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No script article");
  });
});
