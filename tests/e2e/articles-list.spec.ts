import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { createArticleRetrying, createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Lists and pages: each tab's own empty state, 'Update' on a published row, the list as
 * stacked cards on a phone, the SEO column (score, verdict, word count), one content width on every
 * dashboard page, the one-step logo upload with a preview, and the generator's lengths from the content settings.
 */

const PASSWORD = "lists-password";
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e1e2b3d90000000049454e44ae426082",
  "hex",
);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const toast = (page: Page) => page.getByTestId("toast");
const rows = (page: Page) => page.getByTestId("article-row");
const empty = (page: Page) => page.getByTestId("articles-empty");

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function newUser(page: Page, prefix: string) {
  const user = await createVerifiedUser(uniqueEmail(prefix), PASSWORD);
  await signIn(page, user);
  return user;
}

type User = Awaited<ReturnType<typeof createVerifiedUser>>;
const BODY =
  "<p>Glazing pottery at home takes a kiln, a glaze and patience.</p><h2>Glazing pottery step by step</h2>" +
  `<p>${"Dip the bisqueware evenly and let it dry before the glaze firing. ".repeat(30)}</p>`;

/** An article saved through the app's own save path (score and word count stored), optionally moved to a status. */
async function saved(user: User, title: string, status?: "published" | "scheduled") {
  const article = await createArticleRetrying(e2eDb(), {
    workspaceId: user.workspaceId,
    siteId: user.siteId,
    authorId: user.userId,
    title,
    contentHtml: BODY,
    targetKeyword: "glazing pottery",
    metaDescription: "How to glaze pottery at home, step by step.",
  });
  if (status) await e2eDb().updateTable("articles").set({ status }).where("id", "=", article.id).execute();
  return e2eDb().selectFrom("articles").selectAll().where("id", "=", article.id).executeTakeFirstOrThrow();
}

test.describe("articles list tabs", () => {
  test("each tab has its own empty state, apart from no articles at all and a search matching none", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = await newUser(page, "lists-empty");
    await page.goto("/dashboard");
    await expect(empty(page)).toHaveAttribute("data-tab", "all");
    await expect(empty(page)).toContainText('No articles yet. Click "Write Article" to get started');
    await expect(empty(page).getByRole("link", { name: "Generate with AI" })).toHaveAttribute("href", "/dashboard/generator");

    // With one draft: the other tabs explain themselves and offer what fills them.
    await saved(user, "Glazing pottery at home");
    await page.goto("/dashboard?status=scheduled");
    await expect(empty(page).getByRole("heading")).toHaveText("Nothing scheduled");
    await expect(empty(page)).toContainText("choose 'Schedule for…'");
    await expect(empty(page).getByRole("link", { name: "Schedule a draft" })).toHaveAttribute("href", "/dashboard/articles?status=draft");
    await expect(empty(page).getByRole("link", { name: "Open the Scheduler" })).toHaveAttribute("href", "/dashboard/scheduler");
    await expectNoAxeViolations(page);

    await page.goto("/dashboard?status=published");
    await expect(empty(page).getByRole("heading")).toHaveText("Nothing published yet");
    await expect(empty(page)).toContainText("click Publish");
    await empty(page).getByRole("link", { name: "Publish a draft" }).click();
    await expect(page).toHaveURL(/status=draft/);
    await expect(rows(page)).toHaveCount(1);

    // Drafts empty (the only article is published now).
    await e2eDb().updateTable("articles").set({ status: "published" }).where("site_id", "=", user.siteId).execute();
    await page.goto("/dashboard?status=draft");
    await expect(empty(page).getByRole("heading")).toHaveText("No drafts");
    await expect(empty(page).getByRole("link", { name: "Write an article" })).toHaveAttribute("href", "/dashboard/write");
    await page.goto("/dashboard?status=failed");
    await expect(empty(page).getByRole("heading")).toHaveText("No failed articles");

    await page.goto("/dashboard?q=nothing-like-this");
    await expect(empty(page)).toContainText("No articles match your search.");
    await empty(page).getByRole("link", { name: "Clear search" }).click();
    await expect(rows(page)).toHaveCount(1);
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`a published row offers Update, a draft Publish (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: DESKTOP });
      const page = await context.newPage();
      const user = await newUser(page, "lists-update");
      const published = await saved(user, "Published piece", "published");
      const draft = await saved(user, "Draft piece");
      await page.goto("/dashboard");
      const open = async (title: string) => {
        if (javaScriptEnabled) {
          await expect(async () => {
            await page.getByRole("button", { name: `Actions for ${title}` }).click();
            await expect(page.getByRole("menu")).toBeVisible({ timeout: 1000 });
          }).toPass();
          return page.getByRole("menu");
        }
        const details = page.locator("details").filter({ hasText: `Actions for ${title}` });
        await details.locator("summary").click();
        return details;
      };
      let menu = await open("Published piece");
      await expect(menu.getByRole(javaScriptEnabled ? "menuitem" : "link", { name: "Update" })).toHaveAttribute(
        "href",
        `/dashboard/write?edit=${published.id}&publish=1`,
      );
      await expect(menu.getByText("Publish", { exact: true })).toHaveCount(0);
      if (javaScriptEnabled) await page.keyboard.press("Escape");
      else await page.locator("details[open] summary").click();
      menu = await open("Draft piece");
      await expect(menu.getByRole(javaScriptEnabled ? "menuitem" : "link", { name: "Publish" })).toHaveAttribute(
        "href",
        `/dashboard/write?edit=${draft.id}&publish=1`,
      );
      // 'Update' opens the same publish dialog, which sends the article again to its destinations.
      if (javaScriptEnabled) await page.keyboard.press("Escape");
      await page.goto(`/dashboard/write?edit=${published.id}&publish=1`);
      await expect(page.getByRole("dialog", { name: "Publish article" })).toBeVisible();
      await context.close();
    });
  }

  test("the SEO column shows the stored score, its verdict and the word count", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const user = await newUser(page, "lists-seo");
    const article = await saved(user, "Glazing pottery at home");
    // A row the app never scored (written before migration 0012, or inserted directly) says so when first shown,
    // and the background job scores it (docs/decisions/053): a later visit shows the score.
    const unscoredId = newId();
    await e2eDb()
      .insertInto("articles")
      .values({
        id: unscoredId,
        site_id: user.siteId,
        author_id: user.userId,
        title: "Never scored",
        slug: unscoredId,
        content_html: BODY,
        target_keyword: "glazing pottery",
        word_count: 1,
        created_at: "2020-01-01T00:00:00.000Z",
        updated_at: "2020-01-01T00:00:00.000Z",
      })
      .execute();
    await page.goto("/dashboard");
    await expect(page.getByRole("columnheader", { name: "SEO" })).toBeVisible();
    const row = rows(page).filter({ hasText: "Glazing pottery at home" });
    const verdict = article.seo_score! >= 80 ? "Good" : article.seo_score! >= 50 ? "Needs work" : "Poor";
    await expect(row.getByTestId("article-seo")).toContainText(`${article.seo_score}/100 · ${verdict}`);
    await expect(row.getByTestId("article-seo")).toContainText(`${article.word_count.toLocaleString("en-US")} words`);
    const unscored = () =>
      e2eDb().selectFrom("articles").select(["seo_score", "word_count"]).where("id", "=", unscoredId).executeTakeFirstOrThrow();
    const unscoredCell = rows(page).filter({ hasText: "Never scored" }).getByTestId("article-seo");
    if ((await unscored()).seo_score === null) await expect(unscoredCell).toHaveText("Scoring…");
    await expect.poll(async () => (await unscored()).seo_score, { timeout: 15_000 }).not.toBeNull();
    const fresh = await unscored();
    expect(fresh.word_count).toBe(article.word_count);
    await page.reload();
    await expect(unscoredCell).toContainText(`${fresh.seo_score}/100`);
    await expectNoAxeViolations(page);
  });

  test("on a phone the rows stack as cards with title, status, score and actions, and nothing scrolls sideways", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const user = await newUser(page, "lists-phone");
    await saved(user, "A rather long article title about glazing pottery at home without a kiln", "published");
    await saved(user, "Second article");
    await page.goto("/dashboard");
    await expect(rows(page)).toHaveCount(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const row of await rows(page).all()) {
      await expect(row.getByRole("link").first()).toBeVisible();
      await expect(row.locator("span.capitalize")).toBeVisible();
      await expect(row.getByTestId("article-seo")).toBeVisible();
      await expect(row.getByRole("button", { name: /^Actions for/ })).toBeVisible();
      // A card: the row is as wide as the list, and no wider than the screen.
      const box = (await row.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Title and actions share the first line; the status sits below the title.
      const title = (await row.getByRole("link").first().boundingBox())!;
      const status = (await row.locator("span.capitalize").boundingBox())!;
      expect(status.y).toBeGreaterThan(title.y + title.height - 1);
    }
    await expectNoAxeViolations(page);
    // The empty states and tabs fit too.
    await page.goto("/dashboard?status=scheduled");
    await expect(empty(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });
});

test("every dashboard page has the same content width", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const user = await newUser(page, "lists-width");
  await saved(user, "Glazing pottery at home");
  const pages = [
    "/dashboard",
    "/dashboard/articles?status=published",
    "/dashboard/write",
    "/dashboard/generator",
    "/dashboard/settings",
    "/dashboard/settings?tab=content",
    "/dashboard/settings?tab=account",
    "/dashboard/settings?tab=integrations",
    "/dashboard/account",
    "/dashboard/topics",
    "/dashboard/plan",
    "/dashboard/scheduler",
    "/dashboard/backlinks",
  ];
  const widths: Record<string, number> = {};
  for (const path of pages) {
    await page.goto(path);
    // The page's own outermost element inside the shell's container.
    widths[path] = await page.getByTestId("dashboard-container").evaluate((el) => (el.firstElementChild as HTMLElement).offsetWidth);
  }
  const container = await page.getByTestId("dashboard-container").evaluate((el) => (el as HTMLElement).offsetWidth);
  expect(container).toBeGreaterThan(900);
  expect(widths).toEqual(Object.fromEntries(pages.map((p) => [p, container])));
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`logo upload, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: DESKTOP });

    test("one step: a refused file shows the server's message, a good one is stored", async ({ page }) => {
      const user = await newUser(page, "lists-logo");
      await page.goto("/dashboard/settings");
      const logo = page.getByRole("form", { name: "Logo" });
      const logoPath = async () =>
        (await e2eDb().selectFrom("brand_settings").select("logo_path").where("site_id", "=", user.siteId).executeTakeFirstOrThrow())
          .logo_path;
      if (javaScriptEnabled) {
        await expect(logo.getByRole("button", { name: "Upload logo" })).toHaveCount(0);
        await expectNoAxeViolations(page);
        // Dropping a file on the zone uploads it: a text file named .png is refused with the server's reason.
        const drop = async (name: string, bytes: number[]) => {
          const dataTransfer = await page.evaluateHandle(
            ([fileName, data]) => {
              const transfer = new DataTransfer();
              transfer.items.add(new File([new Uint8Array(data)], fileName, { type: "image/png" }));
              return transfer;
            },
            [name, bytes] as const,
          );
          await logo.getByTestId("image-drop-zone").dispatchEvent("drop", { dataTransfer });
        };
        await drop("notes.png", [...Buffer.from("not an image")]);
        await expect(logo.getByRole("alert")).toContainText("Error uploading logo");
        expect(await logoPath()).toBeNull();

        // The chosen image shows before the upload answers; the upload is held until the preview was seen.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route("**/dashboard/settings**", async (route) => {
          if (route.request().method() === "POST") await held;
          await route.continue();
        });
        await drop("logo.png", [...PNG]);
        await expect(logo.getByTestId("image-preview")).toHaveAttribute("src", /^blob:/);
        await expect(logo.getByRole("status")).toContainText("Uploading...");
        await expect(logo.getByRole("alert")).toHaveCount(0);
        release();
        await expect(toast(page)).toContainText("Logo uploaded successfully!");
        await page.unroute("**/dashboard/settings**");

        // Choosing a file (the zone is the file input) uploads it too.
        await page.getByLabel("Upload a logo").setInputFiles({ name: "second.png", mimeType: "image/png", buffer: PNG });
        await expect.poll(logoPath).not.toBeNull();
      } else {
        await logo
          .getByLabel("Upload a logo")
          .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
        await logo.getByRole("button", { name: "Upload logo" }).click();
        await expect(page.getByRole("alert").filter({ hasText: "Error uploading logo" })).toBeVisible();
        await page
          .getByRole("form", { name: "Logo" })
          .getByLabel("Upload a logo")
          .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
        await page.getByRole("form", { name: "Logo" }).getByRole("button", { name: "Upload logo" }).click();
        await expect(toast(page)).toContainText("Logo uploaded successfully!");
      }
      await expect(page.getByTestId("logo-image")).toHaveAttribute("src", /^\/uploads\/logos\/[\w-]+\.png$/);
      expect(await logoPath()).not.toBeNull();
    });
  });
}

test("the generator's lengths are the content settings' lengths, defaulting to the site's", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const user = await newUser(page, "lists-generator");
  const optionsOf = () =>
    page
      .getByLabel("Article length")
      .locator("option")
      .evaluateAll((options) => options.map((o) => [(o as HTMLOptionElement).value, o.textContent]));
  await page.goto("/dashboard/settings?tab=content");
  const content = await optionsOf();
  expect(content.length).toBe(3);
  await page.goto("/dashboard/generator");
  expect(await optionsOf()).toEqual(content);
  await expect(page.getByLabel("Article length")).toHaveValue("medium");
  await expectNoAxeViolations(page);

  await e2eDb().updateTable("content_settings").set({ article_length: "long" }).where("site_id", "=", user.siteId).execute();
  await page.reload();
  await expect(page.getByLabel("Article length")).toHaveValue("long");
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page);
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`the pages this item changed are axe-clean at ${viewport.width} px${viewport === PHONE ? " and never scroll sideways" : ""}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const user = await newUser(page, "lists-axe");
    await saved(user, "Glazing pottery at home", "published");
    for (const path of [
      "/dashboard",
      "/dashboard/settings",
      "/dashboard/settings?tab=account",
      "/dashboard/account",
      "/dashboard/generator",
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
      if (viewport === PHONE) expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
    }
  });
}
