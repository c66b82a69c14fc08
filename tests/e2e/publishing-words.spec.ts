import fs from "node:fs";
import path from "node:path";
import { randomUUID as newId } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { E2E_DATA_DIR, E2E_WORDPRESS_KEY, FAKE_WORDPRESS_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Publication states in words for people on the write screen ('Live on your hosted blog', 'Draft in WordPress',
 * 'Scheduled for 28 Nov, 18:30', 'Failed: <reason>'), and the publish dialog's defaults: the hosted blog offers
 * no CMS draft and starts at Live, 'Schedule for…' starts at a time in the future. With JavaScript and, for the
 * dialog's form, without.
 */

// A 1×1 PNG for the image store.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function article(siteId: string, title: string, { missingImage = false } = {}) {
  const name = `${siteId}-${newId().slice(0, 12)}.png`;
  if (!missingImage) {
    const dir = path.resolve(E2E_DATA_DIR, "uploads", "articles");
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), PNG);
  }
  const id = newId();
  const now = new Date().toISOString();
  await e2eDb()
    .insertInto("articles")
    .values({
      id,
      site_id: siteId,
      author_id: null,
      topic_id: null,
      title,
      slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      meta_description: "Words for people.",
      target_keyword: "cold brew",
      featured_image: null,
      content_html: `<p>Intro.</p><figure><img src="/uploads/articles/${name}" alt="A jar"><figcaption>The jar</figcaption></figure>`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, image: `/uploads/articles/${name}` };
}

async function connectWordPress(page: Page) {
  await page.goto("/dashboard/settings?tab=integrations");
  await page.getByRole("link", { name: "Connect WordPress", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Connect WordPress" });
  await dialog.getByRole("textbox").first().fill(fakeUrl(FAKE_WORDPRESS_PORT));
  await dialog.locator('input[name="secret"]').fill(E2E_WORDPRESS_KEY);
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(/Connection successful/)).toBeVisible({ timeout: 20_000 });
}

/** The dialog's 'Schedule for…' day and time, as an instant in the site's zone (UTC for new sites). */
async function scheduledDefault(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Publish article" });
  const day = await dialog.getByLabel("Day").inputValue();
  const time = await dialog.getByLabel("Time").inputValue();
  return new Date(`${day}T${time}:00Z`);
}

test.describe("with JavaScript", () => {
  test("the hosted blog's dialog has no CMS draft, starts at Live and a future time; the panel says where it went", async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail("words-hosted"), "words-password");
    await signIn(page, user);
    const { id } = await article(user.siteId, `Hosted words ${newId().slice(0, 6)}`);
    await page.goto(`/dashboard/write?edit=${id}&publish=1`);
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await expect(dialog.getByRole("radio", { name: /^Hosted blog/ })).toBeChecked();
    await expect(dialog.getByRole("radio", { name: /^Draft for review/ })).toHaveCount(0);
    await expect(dialog).not.toContainText("CMS");
    await expect(dialog.getByRole("radio", { name: /^Live/ })).toBeChecked();
    expect((await scheduledDefault(page)).getTime()).toBeGreaterThan(Date.now());
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Published!")).toBeVisible({ timeout: 20_000 });
    const state = page.getByRole("region", { name: "Published to" }).getByTestId("publication-state");
    await expect(state).toHaveText("Live on your hosted blog");
    await expect(page.getByRole("region", { name: "Published to" })).not.toContainText("Published (");
  });

  test("WordPress: the draft choice names it, the panel reads 'Draft in WordPress', a schedule and a failure read as words", async ({
    page,
  }) => {
    const user = await createVerifiedUser(uniqueEmail("words-wp"), "words-password");
    await signIn(page, user);
    await connectWordPress(page);
    const { id } = await article(user.siteId, `WordPress words ${newId().slice(0, 6)}`);
    await page.goto(`/dashboard/write?edit=${id}&publish=1`);
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await dialog.getByRole("radio", { name: /^WordPress/ }).check();
    await expect(dialog.getByRole("radio", { name: /^Draft for review/ })).toBeChecked();
    await expect(dialog).toContainText("Arrives in WordPress as a draft");
    // Back to the hosted blog: no draft, Live.
    await dialog.getByRole("radio", { name: /^Hosted blog/ }).check();
    await expect(dialog.getByRole("radio", { name: /^Draft for review/ })).toHaveCount(0);
    await expect(dialog.getByRole("radio", { name: /^Live/ })).toBeChecked();
    await dialog.getByRole("radio", { name: /^WordPress/ }).check();
    await dialog.getByRole("radio", { name: /^Draft for review/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Published!")).toBeVisible({ timeout: 20_000 });
    const panel = page.getByRole("region", { name: "Published to" });
    await expect(panel.getByTestId("publication-state")).toHaveText("Draft in WordPress");

    // Scheduled on the hosted blog at the dialog's default: a future time, in words.
    await page.goto(`/dashboard/write?edit=${id}&publish=1`);
    await dialog.getByRole("radio", { name: /^Hosted blog/ }).check();
    await dialog.getByRole("radio", { name: /Schedule for/ }).check();
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expect(page.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(panel.getByTestId("publication-state").filter({ hasText: /^Scheduled for / })).toHaveText(
      /^Scheduled for \d{1,2} [A-Z][a-z]{2}( \d{4})?, \d{2}:\d{2}$/,
    );

    // A missing image: the publication fails and names it.
    const broken = await article(user.siteId, `Broken words ${newId().slice(0, 6)}`, { missingImage: true });
    await page.goto(`/dashboard/write?edit=${broken.id}&publish=1`);
    await dialog.getByRole("radio", { name: /^WordPress/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Publish failed")).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByTestId("publication-state")).toContainText(`Failed: The image “${broken.image}” is missing`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the dialog's form: Live by default on the hosted blog, and a hosted draft is refused in words", async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail("words-nojs"), "words-password");
    await signIn(page, user);
    const { id } = await article(user.siteId, `No script words ${newId().slice(0, 6)}`);
    await page.goto(`/dashboard/write?edit=${id}&publish=1`);
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await expect(dialog.getByRole("radio", { name: /^Draft for review/ })).toHaveCount(0);
    await expect(dialog.getByRole("radio", { name: /^Live/ })).toBeChecked();
    expect((await scheduledDefault(page)).getTime()).toBeGreaterThan(Date.now());
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Published!")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("region", { name: "Published to" }).getByTestId("publication-state")).toHaveText(
      "Live on your hosted blog",
    );
  });

  test("beside a CMS, the draft choice says it is not for the hosted blog, and a hosted draft is refused", async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail("words-nojs-wp"), "words-password");
    await signIn(page, user);
    await connectWordPress(page);
    const { id } = await article(user.siteId, `No script mixed ${newId().slice(0, 6)}`);
    await page.goto(`/dashboard/write?edit=${id}&publish=1`);
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await expect(dialog).toContainText(
      "Arrives in WordPress as a draft; you publish it there. Not for the hosted blog, which has no drafts.",
    );
    await dialog.getByRole("radio", { name: /^Hosted blog/ }).check();
    await dialog.getByRole("radio", { name: /^Draft for review/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("The hosted blog has no drafts: publish it live, or choose another platform for a draft.")).toBeVisible();
    expect(await e2eDb().selectFrom("publications").selectAll().where("article_id", "=", id).execute()).toHaveLength(0);
  });
});
