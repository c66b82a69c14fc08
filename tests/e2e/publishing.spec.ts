import fs from "node:fs";
import path from "node:path";
import { randomUUID as newId } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import {
  E2E_DATA_DIR,
  E2E_GHOST_KEY,
  E2E_WEBHOOK_SECRET,
  E2E_WORDPRESS_KEY,
  FAKE_GHOST_PORT,
  FAKE_NOTION_PORT,
  FAKE_SHOPIFY_PORT,
  FAKE_WEBHOOK_PORT,
  FAKE_WORDPRESS_PORT,
  FAKE_WEBFLOW_PORT,
  FAKE_WIX_PORT,
  FAKE_WORDPRESS_COM_PORT,
  fakeUrl,
} from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Publishing to every platform through the product's screens, against the
 * local fakes the stack starts (tests/e2e/start-stack.ts): connect (OAuth for
 * Shopify), see the connection check pass, publish an article with a table,
 * two images and links as a draft, find it in the platform with its images in
 * the platform's media store and its meta description, change the article and
 * 'Update on …' the same remote post, then disconnect.
 */

const META = "A meta description written for the end-to-end publishing test.";
// A 1×1 PNG: the image store and every media library take it.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function storedImage(siteId: string) {
  const name = `${siteId}-${newId().slice(0, 12)}.png`;
  const dir = path.resolve(E2E_DATA_DIR, "uploads", "articles");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), PNG);
  return `/uploads/articles/${name}`;
}

async function makeRichArticle(siteId: string, title: string) {
  const [first, second] = [await storedImage(siteId), await storedImage(siteId)];
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
      meta_description: META,
      target_keyword: "cold brew",
      featured_image: first,
      content_html: [
        `<p>Intro with <a href="https://example.com/guide">a guide</a>.</p>`,
        `<h2>Ratios</h2>`,
        `<table><thead><tr><th>Coffee</th><th>Water</th></tr></thead><tbody><tr><td>100 g</td><td>1 l</td></tr></tbody></table>`,
        `<p><img src="${first}" alt="Jar of cold brew"></p>`,
        `<p>More with <a href="https://example.org/beans">beans</a>.</p>`,
        `<p><img src="${second}" alt="Filtering the brew"></p>`,
      ].join(""),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

type Platform = {
  card: string;
  /** The radio label in the publish dialog and the 'Update on …' button. */
  name: string;
  connect(page: Page): Promise<void>;
  /** The remote posts as the fake holds them, each flattened to JSON text for content checks. */
  posts(): Promise<Array<{ json: string; media: number }>>;
  /** The fake keeps the links' addresses (Notion's keeps block text only). */
  keepsLinks?: boolean;
};

async function fakeJson(port: number, route: string) {
  const res = await fetch(`${fakeUrl(port)}${route}`);
  return res.json() as Promise<unknown>;
}

async function fillConnectDialog(page: Page, card: string, siteUrl: string, secret: string) {
  await page.getByRole("link", { name: `Connect ${card}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Connect ${card}` });
  await dialog.getByRole("textbox").first().fill(siteUrl);
  await dialog.locator('input[name="secret"]').fill(secret);
  await dialog.getByRole("button", { name: "Connect" }).click();
}

const PLATFORMS: Platform[] = [
  {
    card: "WordPress",
    name: "WordPress",
    connect: (page) => fillConnectDialog(page, "WordPress", fakeUrl(FAKE_WORDPRESS_PORT), E2E_WORDPRESS_KEY),
    async posts() {
      const posts = (await fakeJson(FAKE_WORDPRESS_PORT, "/__fake/posts")) as Array<{ media: unknown[] }>;
      return posts.map((p) => ({ json: JSON.stringify(p), media: p.media.length }));
    },
  },
  {
    card: "Ghost",
    name: "Ghost",
    connect: (page) => fillConnectDialog(page, "Ghost", fakeUrl(FAKE_GHOST_PORT), `${E2E_GHOST_KEY.id}:${E2E_GHOST_KEY.secret}`),
    async posts() {
      const { posts } = (await fakeJson(FAKE_GHOST_PORT, "/__fake/posts")) as { posts: Array<{ media: unknown[] }> };
      return posts.map((p) => ({ json: JSON.stringify(p), media: p.media.length }));
    },
  },
  {
    card: "Notion",
    name: "Notion",
    connect: (page) =>
      fillConnectDialog(
        page,
        "Notion",
        "https://www.notion.so/fake/Blog-1f2e3d4c5b6a47988776655443322110",
        "ntn_fake_internal_integration_token",
      ),
    keepsLinks: false,
    async posts() {
      const posts = (await fakeJson(FAKE_NOTION_PORT, "/__fake/posts")) as Array<{ media: unknown[]; inTrash: boolean }>;
      return posts.filter((p) => !p.inTrash).map((p) => ({ json: JSON.stringify(p), media: p.media.length }));
    },
  },
  {
    card: "Webhook",
    name: "Webhook",
    connect: (page) => fillConnectDialog(page, "Webhook", `${fakeUrl(FAKE_WEBHOOK_PORT)}/hooks/inkpilot`, E2E_WEBHOOK_SECRET),
    async posts() {
      // A webhook has no remote post: one article is one publication id across its deliveries.
      const deliveries = (await fakeJson(FAKE_WEBHOOK_PORT, "/__fake/posts")) as Array<{
        verified: boolean;
        payload: { type: string; data: { publication_id: string; images: unknown[] } };
      }>;
      const byPublication = new Map<string, (typeof deliveries)[number]>();
      // The connection check's test.ping deliveries carry no article.
      for (const d of deliveries.filter((d) => d.verified && d.payload.type.startsWith("article."))) {
        byPublication.set(d.payload.data.publication_id, d);
      }
      return [...byPublication.values()].map((d) => ({ json: JSON.stringify(d), media: d.payload.data.images.length }));
    },
  },
  {
    card: "Shopify",
    name: "Shopify",
    async connect(page) {
      await page.getByRole("link", { name: "Connect Shopify", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Connect Shopify" });
      await dialog.getByLabel("Shop domain").fill("inkpilot-e2e.myshopify.com");
      // A full-page trip: Inkpilot's install start, Shopify's approval, the verified callback, back to the tab.
      await Promise.all([
        page.waitForURL(/\/dashboard\/settings\?tab=integrations(&connected=shopify)?(#.*)?$/),
        dialog.getByRole("button", { name: "Connect" }).click(),
      ]);
    },
    async posts() {
      const articles = (await fakeJson(FAKE_SHOPIFY_PORT, "/__fake/posts")) as Array<Record<string, unknown>>;
      return articles.map((a) => ({ json: JSON.stringify(a), media: a.image ? 1 : 0 }));
    },
  },
  {
    card: "Wix",
    name: "Wix",
    async connect(page) {
      // The installer approves at once and sends the browser back to the callback.
      await page.getByRole("link", { name: "Connect Wix", exact: true }).click();
    },
    async posts() {
      const { posts } = (await fakeJson(FAKE_WIX_PORT, "/__fake/posts")) as { posts: Array<{ media: unknown[] }> };
      return posts.map((p) => ({ json: JSON.stringify(p), media: p.media.length }));
    },
  },
  {
    card: "Webflow",
    name: "Webflow",
    connect: (page) => fillConnectDialog(page, "Webflow", "https://www.brew.example", "wf_fake_site_token_0123456789abcdef"),
    async posts() {
      const items = (await fakeJson(FAKE_WEBFLOW_PORT, "/__fake/posts")) as Array<{ media: unknown[] }>;
      return items.map((i) => ({ json: JSON.stringify(i), media: i.media.length }));
    },
  },
  {
    card: "WordPress.com",
    name: "WordPress.com",
    async connect(page) {
      await page.getByRole("link", { name: "Connect WordPress.com", exact: true }).click();
    },
    async posts() {
      const posts = (await fakeJson(FAKE_WORDPRESS_COM_PORT, "/__fake/posts")) as Array<{ media: unknown[] }>;
      return posts.map((p) => ({ json: JSON.stringify(p), media: p.media.length }));
    },
  },
];

for (const platform of PLATFORMS) {
  test(`${platform.card}: connect, check, publish a draft with a table and images, update the same post, disconnect`, async ({ page }) => {
    const user = await createVerifiedUser(uniqueEmail(`pub-${platform.card.toLowerCase()}`), "publishing-password");
    await signIn(page, user, { to: "/dashboard/settings?tab=integrations" });
    const before = (await platform.posts()).length;

    await platform.connect(page);
    await page.waitForLoadState();
    // Connecting runs the connection check against the platform: give a loaded machine time.
    await expect(page.getByText(/Connection successful/), `after connecting the page is ${page.url()}`).toBeVisible({ timeout: 20_000 });
    const card = page.locator("li[id^=connection-]").filter({ hasText: platform.name }).filter({ hasNotText: "Hosted blog" });
    await expect(card.getByText("Connected", { exact: true })).toBeVisible();
    await expect(card).not.toContainText("Needs attention");

    const title = `${platform.card} cold brew guide ${newId().slice(0, 6)}`;
    const articleId = await makeRichArticle(user.siteId, title);
    await page.goto(`/dashboard/write?edit=${articleId}&publish=1`);
    const dialog = page.getByRole("dialog", { name: "Publish article" });
    await dialog.getByRole("radio", { name: new RegExp(`^${platform.name}`) }).check();
    await dialog.getByRole("radio", { name: /^Draft for review/ }).check();
    await dialog.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByText("Published!")).toBeVisible({ timeout: 20_000 });

    const afterFirst = await platform.posts();
    expect(afterFirst).toHaveLength(before + 1);
    const remote = afterFirst.find((p) => p.json.includes(title))!;
    expect(remote, "the post arrived with its title").toBeDefined();
    expect(remote.json).toContain(META);
    expect(remote.media).toBeGreaterThanOrEqual(platform.card === "Shopify" ? 1 : 2);
    if (platform.keepsLinks !== false) expect(remote.json).toMatch(/example\.com\/guide/);

    // The article changes: the copy is out of date until 'Update on …' sends it again to the same post.
    await e2eDb()
      .updateTable("articles")
      .set({
        content_html: `<p>Rewritten body with <a href="https://example.com/guide">a guide</a>.</p>`,
        updated_at: new Date().toISOString(),
      })
      .where("id", "=", articleId)
      .execute();
    await page.goto(`/dashboard/write?edit=${articleId}`);
    const published = page.getByRole("region", { name: "Published to" });
    await expect(published).toContainText("out of date");
    await published.getByRole("button", { name: `Update on ${platform.name}` }).click();
    await expect(page.getByText("Published!")).toBeVisible({ timeout: 20_000 });
    const afterUpdate = await platform.posts();
    expect(afterUpdate).toHaveLength(before + 1);
    expect(afterUpdate.find((p) => p.json.includes(title))!.json).toContain("Rewritten body");

    await page.goto("/dashboard/settings?tab=integrations");
    await card.getByRole("link", { name: "Disconnect" }).click();
    await page
      .getByRole("dialog", { name: `Disconnect ${platform.name}?` })
      .getByRole("button", { name: "Disconnect" })
      .click();
    await expect(page.getByText("Disconnected", { exact: true }).first()).toBeVisible();
    const row = await e2eDb()
      .selectFrom("cms_connections")
      .select(["status", "credentials_encrypted"])
      .where("site_id", "=", user.siteId)
      .where("platform", "!=", "hosted")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "disconnected", credentials_encrypted: null });
  });
}

test("hosted blog: publish live with no configuration and read the post on /b/", async ({ page }) => {
  const user = await createVerifiedUser(uniqueEmail("pub-hosted"), "publishing-password");
  await signIn(page, user);
  const title = `Hosted cold brew ${newId().slice(0, 6)}`;
  const articleId = await makeRichArticle(user.siteId, title);
  await page.goto(`/dashboard/write?edit=${articleId}&publish=1`);
  const dialog = page.getByRole("dialog", { name: "Publish article" });
  await expect(dialog.getByRole("radio", { name: /^Hosted blog/ })).toBeChecked();
  await dialog.getByRole("radio", { name: /^Live/ }).check();
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published!")).toBeVisible();
  const link = page.getByRole("region", { name: "Published to" }).getByRole("link").first();
  await page.goto((await link.getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator("table")).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", page.url());
  expect(await page.locator('script[type="application/ld+json"]').count()).toBeGreaterThan(0);
});
