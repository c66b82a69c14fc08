import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The SEO panel (docs/decisions/037) calls the old offline writer's filler
 * "Needs work" and says why, and the offline writer now writes a grammatical
 * title with no outside links.
 */

const PASSWORD = "seo-score-password";
// The old offline writer's output (it scored 100), the unit tests' fixture.
const filler = JSON.parse(fs.readFileSync("tests/fixtures/articles/offline-filler-how-to-glaze-pottery-at-home.json", "utf8")) as {
  keyword: string;
  title: string;
  metaDescription: string;
  html: string;
};
const panel = (page: Page) => page.getByTestId("seo-panel");
const check = (page: Page, id: string) => panel(page).locator(`[data-check="${id}"]`);

async function fillerArticle(siteId: string, authorId: string) {
  const id = newId();
  const now = new Date().toISOString();
  await e2eDb()
    .insertInto("articles")
    .values({
      id,
      site_id: siteId,
      author_id: authorId,
      title: filler.title,
      slug: id,
      target_keyword: filler.keyword,
      meta_description: filler.metaDescription,
      content_html: filler.html,
      status: "draft",
      source: "offline",
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a filler article on the write screen, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the panel's verdict is 'Needs work' and the content checks say why and how to fix it", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("seo-filler"), PASSWORD);
      const id = await fillerArticle(user.siteId, user.userId);
      await signIn(page, user, { to: `/dashboard/write?edit=${id}` });

      await expect(panel(page).getByTestId("seo-verdict")).toHaveText("Needs work");
      const score = Number(await panel(page).getByTestId("seo-score").textContent());
      expect(score).toBeLessThan(80);
      expect(score).toBeGreaterThanOrEqual(50);

      const stuffing = check(page, "keyword-stuffing");
      await expect(stuffing).toHaveAttribute("data-passed", "false");
      await expect(stuffing).toContainText("No keyword stuffing");
      await expect(stuffing).toContainText(/“how to glaze pottery at home” appears \d+ times in [\d,]+ words/);
      await expect(stuffing).toContainText("How to fix:");

      const grammar = check(page, "keyword-grammar");
      await expect(grammar).toHaveAttribute("data-passed", "false");
      await expect(grammar).toContainText("is a how-to phrase, not a noun");
      await expect(grammar).toContainText("what how to glaze pottery at home is");
      await expect(grammar).toContainText("“glazing pottery at home”");

      // The template check is listed with its explanation, and the never-checked links are unverified.
      await expect(check(page, "repeated-sentences")).toContainText("No repeated template sentences");
      await expect(check(page, "links-verified")).toHaveAttribute("data-passed", "false");
      await expect(check(page, "links-verified")).toContainText("not been checked yet");
      await expect(check(page, "headings-title")).toHaveAttribute("data-passed", "false");
      await expect(panel(page).getByRole("heading", { name: /^To improve \(\d+\)$/ })).toBeVisible();

      // axe runs in the page, so it needs JavaScript; the panel is the same server-rendered markup either way.
      if (!javaScriptEnabled) return;
      for (const size of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(size);
        const { violations } = await new AxeBuilder({ page }).include('[data-testid="seo-panel"]').analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
    });
  });
}

test("a freshly generated offline article without research has a grammatical title, no outside links and no filler", async ({ page }) => {
  const user = await createVerifiedUser(uniqueEmail("seo-generate"), PASSWORD);
  const db = e2eDb();
  await db.updateTable("sites").set({ url: "https://claybench.example" }).where("id", "=", user.siteId).execute();
  await db
    .updateTable("brand_settings")
    .set({
      brand_name: "Claybench",
      // One page about the keyword and one not: only the first is linked (decision 067).
      internal_links: JSON.stringify(["https://claybench.example/glaze-pottery-at-home", "https://claybench.example/gift-cards"]),
    })
    .where("site_id", "=", user.siteId)
    .execute();
  await signIn(page, user, { to: "/dashboard/write" });

  const ideas = page.getByRole("region", { name: "Get AI-Powered Article Ideas" });
  await ideas.getByLabel("Target keyword").fill("how to glaze pottery at home");
  const start = page.getByRole("button", { name: "Start Generation" });
  await expect(async () => {
    await ideas.getByRole("button", { name: "Generate AI Article" }).click();
    await expect(start).toBeVisible({ timeout: 1000 });
  }).toPass();
  await start.click();
  await expect(page.getByRole("heading", { name: "Edit Article", level: 1 })).toBeVisible({ timeout: 45_000 });

  const title = "How to Glaze Pottery at Home: A Step-by-Step Guide";
  await expect(page.getByRole("form", { name: /article/i }).getByLabel("Title")).toHaveValue(title);
  const article = await db
    .selectFrom("articles")
    .select(["title", "content_html"])
    .where("site_id", "=", user.siteId)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  expect(article.title).toBe(title);
  const hrefs = [...article.content_html.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.every((href) => href!.startsWith("https://claybench.example"))).toBe(true);
  expect(hrefs).toContain("https://claybench.example/glaze-pottery-at-home");
  expect(hrefs).not.toContain("https://claybench.example/gift-cards");
  expect(article.content_html).not.toMatch(/wikipedia|britannica|scholar\.google|what how to/i);
  // Without research it writes a few honest lines rather than filler, and the note says why (the panel's content
  // checks pass no near-empty draft).
  await expect(
    page
      .getByRole("note")
      .getByRole("listitem")
      .filter({ hasText: /No research was available/ }),
  ).toBeVisible();
  await expect(check(page, "keyword-grammar")).toHaveAttribute("data-passed", "false");
});
