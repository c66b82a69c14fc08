import fs from "node:fs";
import path from "node:path";
import { randomUUID as newId } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BLOG_THEMES, type BlogThemeId } from "../../app/modules/hosted-blog/themes";
import { createTopic } from "../../app/modules/topics/topics.server";
import { isoNow } from "../../app/utils/time";
import { E2E_DATA_DIR } from "./stack";
import { createArticleRetrying, createVerifiedUser, e2eDb, retryWhileLocked, signIn, uniqueEmail } from "./users";

/**
 * The hosted blog's themes in a browser (docs/decisions/077-blog-themes.md): in each theme, the index and a long post
 * at 1280 and 390 px, with JavaScript on and off (the pages have none of their own), fit a phone without sideways
 * scrolling, give every image its size, pass axe in light and dark, and lead from the contents list to its
 * section; and an owner previews a theme from Settings → Blog, then chooses it.
 */

const BRAND = "Harbour Tea Co.";
const DESCRIPTION = "Loose-leaf tea from small gardens, blended and packed by hand in Bristol.";

function coverFile(siteId: string, hue: number) {
  const name = `${siteId}-${newId().slice(0, 12)}.svg`;
  const dir = path.resolve(E2E_DATA_DIR, "uploads", "articles");
  fs.mkdirSync(dir, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="hsl(${hue} 45% 70%)"/></svg>`;
  fs.writeFileSync(path.join(dir, name), svg);
  return `/uploads/articles/${name}`;
}

const LONG_BODY = (image: string) =>
  [
    "<p>Good tea starts with water just off the boil and a <a href='https://example.com/kettles'>kettle you trust</a>.</p>",
    "<h2>Why water temperature matters</h2><p>Green teas scorch above 80 °C; black teas need a rolling boil.</p>",
    `<figure><img src="${image}" alt="A glass teapot on a wooden table"><figcaption>Steeping a first flush.</figcaption></figure>`,
    "<h2>The steeping chart</h2>",
    "<table><thead><tr><th>Tea</th><th>Temperature</th><th>Time</th><th>Grams per cup</th><th>Re-steeps</th><th>Notes</th></tr></thead>",
    "<tbody><tr><td>Sencha</td><td>75 °C</td><td>1 min</td><td>3 g</td><td>3</td><td>Grassy, sweet; shorten each steep</td></tr>",
    "<tr><td>Assam</td><td>98 °C</td><td>4 min</td><td>2.5 g</td><td>1</td><td>Malty; takes milk well</td></tr></tbody></table>",
    "<h2>Oolong-Teezeremonie-Vorbereitungsanleitung, briefly</h2><p>Rinse the leaves, then steep short and often.</p>",
    "<h2>Storing your leaves</h2><p>Airtight, dark and away from spices.</p>",
    "<h2>Frequently asked questions</h2><h3>Can I re-steep black tea?</h3><p>Once, a little longer.</p>",
  ].join("");

/** An owner whose hosted blog has five live posts with covers, two on one topic, in the given theme. */
async function publishedBlog(theme: BlogThemeId | null) {
  const user = await createVerifiedUser(uniqueEmail("blog-themes"), "blog-themes-password");
  const db = e2eDb();
  await retryWhileLocked(() =>
    db
      .updateTable("brand_settings")
      .set({ brand_name: BRAND, description: DESCRIPTION, accent_color: "#E9C46A", font_pairing: "editorial" })
      .where("site_id", "=", user.siteId)
      .execute(),
  );
  const topicId = await retryWhileLocked(() =>
    createTopic(db, user.siteId, { name: "Brewing guides", description: "", keywords: [], category: "", color: "#3B82F6" }),
  );
  const connection = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", user.siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  const titles = [
    "How to brew loose-leaf tea: temperatures, times and the steeping chart",
    "Cold-brew tea at home",
    "A short history of the tea clipper",
    "What first flush means",
    "Choosing a teapot",
  ];
  for (const [i, title] of titles.entries()) {
    const cover = coverFile(user.siteId, i * 60);
    const article = await createArticleRetrying(db, {
      workspaceId: user.workspaceId,
      siteId: user.siteId,
      authorId: user.userId,
      title,
      metaDescription: `${title}, explained by the people who blend it.`,
      targetKeyword: i < 2 ? `brew tea ${i}` : `tea ${title}`,
      topicId: i < 2 ? topicId : null,
      featuredImage: cover,
      contentHtml: i === 0 ? LONG_BODY(coverFile(user.siteId, 200)) : `<p>${title}.</p><h2>In short</h2><p>More soon.</p>`,
    });
    const at = new Date(Date.now() - (i + 1) * 86_400_000).toISOString();
    await retryWhileLocked(() =>
      db
        .insertInto("publications")
        .values({
          id: newId(),
          site_id: user.siteId,
          article_id: article.id,
          connection_id: connection.id,
          mode: "live",
          status: "published",
          marker: article.id,
          remote_id: article.id,
          remote_url: null,
          remote_status: "published",
          remote_version: null,
          create_started_at: null,
          content_hash: null,
          last_error: null,
          correlation_id: "e2ethemes",
          published_at: at,
          created_at: at,
          updated_at: at,
        })
        .execute(),
    );
  }
  if (theme)
    await retryWhileLocked(() =>
      db.insertInto("blog_appearance").values({ site_id: user.siteId, theme, updated_by: user.userId, updated_at: isoNow() }).execute(),
    );
  const site = await db.selectFrom("sites").select("blog_slug").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  return { user, blogPath: `/b/${site.blog_slug}`, firstTitle: titles[0]! };
}

/** The theme a new reader gets (not this browser's copy, which the blog's short public caching may keep a minute). */
async function themeReadersSee(page: Page, blogPath: string) {
  const response = await page.request.get(blogPath);
  return /<body data-theme="([a-z]+)"/.exec(await response.text())?.[1];
}

const fitsTheWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** axe runs inside the page, so only with JavaScript on; the blog's pages are the same either way. */
async function expectAccessible(page: Page, javaScriptEnabled: boolean, where: string) {
  if (!javaScriptEnabled) return;
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${where} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectSizedImages(page: Page) {
  const unsized = await page
    .locator("img")
    .evaluateAll((images) =>
      images.filter((img) => !img.getAttribute("width") || !img.getAttribute("height")).map((img) => img.getAttribute("src")),
    );
  expect(unsized).toEqual([]);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the blog's themes (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    for (const { id, name } of BLOG_THEMES) {
      test(`${name}: the index and a long post read well at 1280 and 390 px, in light and dark`, async ({ page }) => {
        const { blogPath, firstTitle } = await publishedBlog(id);
        for (const [width, height] of [
          [1280, 800],
          [390, 844],
        ] as const) {
          await page.setViewportSize({ width, height });
          for (const colorScheme of width === 390 ? (["light", "dark"] as const) : (["light"] as const)) {
            await page.emulateMedia({ colorScheme });
            const where = `${name} ${width}px ${colorScheme}`;
            await page.goto(blogPath);
            await expect(page.locator("body")).toHaveAttribute("data-theme", id);
            await expect(page.getByRole("heading", { level: 1 })).toHaveText(BRAND);
            await expect(page.locator(".posts > li")).toHaveCount(5);
            expect(await fitsTheWidth(page), where).toBe(true);
            await expectSizedImages(page);
            await expectAccessible(page, javaScriptEnabled, `${where} index`);

            await page.getByRole("link", { name: firstTitle }).click();
            await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
            const contents = page.getByRole("navigation", { name: "In this article" });
            await expect(contents.getByRole("link")).toHaveCount(5);
            await expect(page.getByRole("region", { name: BRAND })).toContainText(DESCRIPTION);
            await expect(page.getByRole("region", { name: "Keep reading" }).getByRole("link")).toHaveCount(3);
            expect(await fitsTheWidth(page), `${where} post`).toBe(true);
            await expectSizedImages(page);
            await expectAccessible(page, javaScriptEnabled, `${where} post`);
            await contents.getByRole("link", { name: "The steeping chart" }).click();
            await expect(page).toHaveURL(/#the-steeping-chart$/);
            await expect(page.getByRole("heading", { level: 2, name: "The steeping chart" })).toBeInViewport();
          }
        }
      });
    }

    test("an owner previews a theme from Settings → Blog, then chooses it", async ({ page }) => {
      const { user, blogPath } = await publishedBlog(null);
      await signIn(page, user, { to: "/dashboard/settings?tab=blog" });
      const section = page.getByRole("region", { name: "Theme" });
      await expect(section.getByRole("radio", { name: /Long-read/ })).toBeChecked();
      await expectAccessible(page, javaScriptEnabled, "Settings → Blog");

      const preview = section.getByRole("link", { name: /^Preview Magazine/ });
      await expect(preview).toHaveAttribute("href", `${blogPath}?theme=magazine`);
      const [tab] = await Promise.all([page.waitForEvent("popup"), preview.click()]);
      await expect(tab.locator("body")).toHaveAttribute("data-theme", "magazine");
      await expect(tab.getByText("Preview of the Magazine theme.")).toBeVisible();
      await expect(tab.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await tab.close();
      // Looking changed nothing for readers.
      expect(await themeReadersSee(page, blogPath)).toBe("longread");

      await page.goto("/dashboard/settings?tab=blog");
      await section.getByRole("radio", { name: /Magazine/ }).check();
      await section.getByRole("button", { name: "Use this theme" }).click();
      await expect(page.getByTestId("toast")).toContainText("Your blog now uses Magazine");
      await expect(section.getByRole("radio", { name: /Magazine/ })).toBeChecked();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await fitsTheWidth(page)).toBe(true);
      await expectAccessible(page, javaScriptEnabled, "Settings → Blog 390px");
      expect(await themeReadersSee(page, blogPath)).toBe("magazine");
    });
  });
}

test("an owner who switches the brand to German gets the blog's own words in German (decision 082)", async ({ page }) => {
  const { user, blogPath, firstTitle } = await publishedBlog(null);
  await signIn(page, user, { to: "/dashboard/settings?tab=brand" });
  const brand = page.getByRole("form", { name: "Brand information" });
  // A language without the blog's own words is told so before it is saved; German has them.
  await brand.getByLabel("Default language").selectOption("pl");
  await expect(page.getByTestId("blog-words-note")).toContainText("in English for this language");
  await brand.getByLabel("Default language").selectOption("de");
  await expect(page.getByTestId("blog-words-note")).toHaveCount(0);
  await brand.getByRole("button", { name: "Save brand settings" }).click();
  await expect(page.getByTestId("toast")).toContainText("Brand settings saved!");

  await page.goto(blogPath);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("link", { name: "RSS-Feed von Harbour Tea Co." })).toBeVisible();
  await page.getByRole("link", { name: firstTitle }).click();
  await expect(page.getByRole("navigation", { name: "Brotkrümelnavigation" })).toBeVisible();
  await expect(page.locator(".post-header .meta")).toHaveText(/^Veröffentlicht am \d{1,2}\. \p{L}+ \d{4}/u);
  await expect(page.getByText("In diesem Artikel")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Auch lesenswert" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Weitere Artikel von Harbour Tea Co. →" })).toBeVisible();
  await expect(page.getByText("Keep reading")).toHaveCount(0);
});
