import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { bodySentences } from "../../app/modules/articles/site-sentences";
import { syncArticleSentences } from "../../app/modules/articles/site-sentences.server";
import { saveArticleResearch } from "../../app/modules/research/article-research.server";
import { newId } from "../../app/utils/crypto.server";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";
import type { LedgerEntry, ResearchSnapshot } from "../../app/modules/research/types";

/**
 * The SEO panel names the offline writer's filler for what it is: sentences that say nothing of the topic
 * (specificity), sentences copied word for word from the site's other articles (duplicate content), what the
 * top search results cover that it misses (topic coverage, from its research) and facts without a source.
 */

const PASSWORD = "seo-substance-password";
// Today's offline writer's article for 'how to store coffee beans' (the unit tests' fixture).
const filler = JSON.parse(fs.readFileSync("tests/fixtures/articles/offline-filler-how-to-store-coffee-beans.json", "utf8")) as {
  keyword: string;
  title: string;
  metaDescription: string;
  html: string;
};
// What the research step found for the keyword (the unit tests' fixture): the top results, 'People also ask', a ledger.
const research = JSON.parse(fs.readFileSync("tests/fixtures/articles/research-how-to-store-coffee-beans.json", "utf8")) as {
  snapshot: ResearchSnapshot;
  sources: LedgerEntry[];
};
/** Figures stated with no source: a percentage, a dated study and a statistic. */
const UNSOURCED =
  "<p>Beans lose 60% of their aroma within 15 days of roasting. A 2019 study found that frozen beans keep 95% of their flavour for a year. Sales of vacuum canisters grew 3 times faster than valve bags in 2023.</p>";
const panel = (page: Page) => page.getByTestId("seo-panel");
const check = (page: Page, id: string) => panel(page).locator(`[data-check="${id}"]`);

/** An article as a save stores it: the row and its sentence index. */
async function storedArticle(siteId: string, authorId: string, title: string, createdAt: string, html = filler.html) {
  const id = newId();
  const db = e2eDb();
  await db
    .insertInto("articles")
    .values({
      id,
      site_id: siteId,
      author_id: authorId,
      title,
      slug: id,
      target_keyword: filler.keyword,
      meta_description: filler.metaDescription,
      content_html: html,
      status: "draft",
      source: "offline",
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await syncArticleSentences(
    db,
    siteId,
    id,
    bodySentences(html).map((s) => s.hash),
  );
  return id;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the offline filler on the write screen, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the panel shows the specificity and duplicate-content findings with examples, and the verdict is not 'Good'", async ({
      page,
    }) => {
      const user = await createVerifiedUser(uniqueEmail("seo-substance"), PASSWORD);
      await storedArticle(user.siteId, user.userId, "Keeping coffee fresh", "2026-01-01T08:00:00.000Z");
      const id = await storedArticle(user.siteId, user.userId, filler.title, "2026-01-02T08:00:00.000Z");
      await signIn(page, user, { to: `/dashboard/write?edit=${id}` });

      await expect(panel(page).getByTestId("seo-verdict")).not.toHaveText("Good");
      expect(Number(await panel(page).getByTestId("seo-score").textContent())).toBeLessThan(80);

      const specificity = check(page, "specificity");
      await expect(specificity).toHaveAttribute("data-passed", "false");
      await expect(specificity).toContainText("Sentences about the topic");
      await expect(specificity).toContainText("77 of 89 sentences (87%) name nothing of the topic");
      await expect(specificity.getByRole("list", { name: "Examples" }).getByRole("listitem")).toHaveCount(3);
      await expect(specificity).toContainText("Most advice is either too vague to act on");
      await expect(specificity).toContainText("How to fix:");

      const duplicates = check(page, "duplicates");
      await expect(duplicates).toHaveAttribute("data-passed", "false");
      await expect(duplicates).toContainText("No text copied from your other articles");
      await expect(duplicates).toContainText(/\d+ of \d+ sentences \(100%\) appear word for word in “Keeping coffee fresh”/);
      await expect(duplicates.getByRole("list", { name: "Examples" })).toContainText("(also in “Keeping coffee fresh”)");
    });

    test("the panel shows topic coverage against the article's research and the facts without a source, with examples", async ({
      page,
    }) => {
      const user = await createVerifiedUser(uniqueEmail("seo-research"), PASSWORD);
      const id = await storedArticle(user.siteId, user.userId, filler.title, "2026-01-02T08:00:00.000Z", `${filler.html}${UNSOURCED}`);
      await saveArticleResearch(e2eDb(), user.siteId, id, research);
      await signIn(page, user, { to: `/dashboard/write?edit=${id}` });

      await expect(panel(page).getByTestId("seo-verdict")).not.toHaveText("Good");
      const coverage = check(page, "coverage");
      await expect(coverage).toHaveAttribute("data-passed", "false");
      await expect(coverage).toContainText("Covers what searchers look for");
      await expect(coverage).toContainText("It covers 4 of 19 topics (21%) that the top 8 search results cover");
      const missing = coverage.getByRole("list", { name: "Examples" });
      // The figures paragraph names "vacuum canisters" and "valve bags": two of the terms the results share.
      await expect(missing).toContainText("Missing terms: “freezer”");
      await expect(missing).toContainText("“airtight container”");
      await expect(missing).toContainText("Missing products: “Northwind Airtight Canister”");
      await expect(missing).toContainText("Unanswered: “Can you freeze coffee beans?”");
      await expect(coverage).toContainText("How to fix:");

      const unsourced = check(page, "unsourced");
      await expect(unsourced).toHaveAttribute("data-passed", "false");
      await expect(unsourced).toContainText("Facts have a source");
      await expect(unsourced).toContainText("3 of 3 figures and findings it states have no source");
      await expect(unsourced.getByRole("list", { name: "Examples" }).getByRole("listitem")).toHaveCount(3);
      await expect(unsourced).toContainText("“Beans lose 60% of their aroma within 15 days of roasting.” (a percentage)");
    });

    if (javaScriptEnabled)
      test("coverage and unsourced facts follow the text as the customer types", async ({ page }) => {
        const user = await createVerifiedUser(uniqueEmail("seo-research-live"), PASSWORD);
        const id = await storedArticle(user.siteId, user.userId, filler.title, "2026-01-02T08:00:00.000Z");
        await saveArticleResearch(e2eDb(), user.siteId, id, research);
        await signIn(page, user, { to: `/dashboard/write?edit=${id}` });
        await expect(check(page, "coverage")).toContainText("It covers 2 of 19 topics (11%)");
        await expect(check(page, "unsourced")).toContainText("states no figure");

        await page.getByTestId("rich-text-editor").locator("p").last().click();
        await page.keyboard.press("End");
        await page.keyboard.type(" Keep them in the freezer, and never in the fridge. Beans lose 60% of their aroma in 15 days.");
        await expect(panel(page)).toContainText("Updated as you type.");
        // "freezer" and "fridge", and the two questions about them.
        await expect(check(page, "coverage")).toContainText("It covers 6 of 19 topics (32%)");
        await expect(check(page, "unsourced")).toContainText("1 of 1 figures and findings it states have no source");
      });

    test("an article without research shows coverage as not scored, saying why", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("seo-no-research"), PASSWORD);
      const id = await storedArticle(user.siteId, user.userId, filler.title, "2026-01-02T08:00:00.000Z");
      await signIn(page, user, { to: `/dashboard/write?edit=${id}` });

      const notScored = panel(page).getByTestId("seo-not-scored");
      await expect(notScored).toBeVisible();
      const coverage = notScored.locator('[data-check="coverage"]');
      await expect(coverage).toHaveAttribute("data-counted", "false");
      await expect(coverage).toContainText("There is no research for this article to measure against");
      await expect(check(page, "unsourced")).toContainText("The text states no figure or finding a reader would want to check.");
    });
  });
}
