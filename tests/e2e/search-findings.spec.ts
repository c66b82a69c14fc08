import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { detectSearchFindings } from "../../app/modules/results/detect.server";
import { dayNumber } from "../../app/modules/search-console/types";
import { coffeeScenario, seedSearchFigures } from "../support/search-findings-data";
import { createArticleRetrying, createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The search findings page (docs/decisions/060-search-results.md), with and without JavaScript: each kind grouped
 * with its evidence in words and numbers, Dismiss, Add to plan (the gap lands in the plan with its reason), Refresh
 * this article (starts once; the finding says it is refreshing), the badge on the articles list; axe at phone and
 * desktop widths. The figures are seeded the way the import leaves them.
 */

const toast = (page: Page) => page.getByTestId("toast");
const PAGE = "/dashboard/results/findings";

async function roaster(prefix: string) {
  const user = await createVerifiedUser(uniqueEmail(prefix), `${prefix}-password`);
  const db = e2eDb();
  await db.updateTable("brand_settings").set({ brand_name: "Northwind Coffee" }).where("site_id", "=", user.siteId).execute();
  const article = async (title: string, keyword: string) =>
    (
      await createArticleRetrying(db, {
        workspaceId: user.workspaceId,
        siteId: user.siteId,
        authorId: user.userId,
        title,
        targetKeyword: keyword,
        contentHtml: `<p>${title}: the version that went live.</p>`,
      })
    ).id;
  const a = {
    decaying: await article("The Cold Brew Ratio Guide", "cold brew ratio"),
    steady: await article("Espresso Basics", "espresso basics"),
    small: await article("The Moka Pot", "moka pot"),
    striking: await article("French Press Guide", "french press"),
    rivalA: await article("Pour Over Brewing", "pour over"),
    rivalB: await article("Brewing Methods Compared", "brewing methods"),
  };
  await seedSearchFigures(db, user.siteId, coffeeScenario(a, dayNumber(new Date().toISOString()) - 3));
  await detectSearchFindings(db, user.siteId, new Date());
  return { user, a };
}

const group = (page: Page, name: RegExp) => page.getByRole("region", { name });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`search findings, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("evidence by kind; dismiss, add to plan, refresh once", async ({ page }) => {
      const { user, a } = await roaster(`findings-${javaScriptEnabled ? "js" : "nojs"}`);
      await signIn(page, user, { to: PAGE });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search findings");

      const decay = group(page, /^Decaying articles/);
      await expect(decay.getByTestId("finding")).toHaveCount(1);
      await expect(decay.getByTestId("finding")).toContainText("The Cold Brew Ratio Guide");
      await expect(decay.getByTestId("finding")).toContainText(
        /Clicks fell from \d+ to \d+ \(−\d+ %\) over 28 days; position \d+\.\d → \d+\.\d\./,
      );
      await expect(decay.getByTestId("finding")).toContainText("Lost queries: “cold brew ratio”");
      await expect(group(page, /^Striking distance/)).toContainText("“french press grind size”: seen");
      await expect(group(page, /^Articles competing for one search/)).toContainText(
        "“pour over vs french press” is split between 2 articles",
      );
      const gaps = group(page, /^Searches no article answers/);
      await expect(gaps).toContainText(/Seen \d+ times in Google in the last 4 weeks at position 1[34]; no article answers it\./);

      // Dismiss the split query: gone from the page, and it stays dismissed.
      await group(page, /^Articles competing for one search/)
        .getByRole("button", { name: /^Dismiss/ })
        .click();
      await expect(toast(page)).toContainText("Finding dismissed");
      await expect(group(page, /^Articles competing for one search/)).toHaveCount(0);

      // The gap goes into the plan as a suggestion with its reason.
      await gaps.getByRole("button", { name: "Add “nitro cold brew at home” to the plan" }).click();
      await expect(toast(page)).toContainText("Added to your plan");
      await expect(group(page, /^Searches no article answers/)).toHaveCount(0);

      // Refresh the decaying article: it starts once and says it lands for review.
      await decay.getByRole("button", { name: "Refresh “The Cold Brew Ratio Guide”" }).click();
      await expect(toast(page)).toContainText(/Refresh (started|already under way)/);
      // Under way, or (the worker is quick) already written and waiting for a person.
      await expect(decay.getByRole("status")).toContainText(/waits beside your article for your review|waits for your review/);
      await expect(decay.getByRole("button", { name: /^Refresh/ })).toHaveCount(0);
      const db = e2eDb();
      expect(await db.selectFrom("generations").select("id").where("article_id", "=", a.decaying).execute()).toHaveLength(1);
      // Written by the worker, it waits for a person, with what the quality gate says of it.
      await expect(async () => {
        await page.reload();
        await expect(decay.getByRole("status")).toContainText("waits for your review", { timeout: 1000 });
      }).toPass({ timeout: 90_000 });
      await expect(decay.getByRole("status")).toContainText("Needs an AI provider: the built-in offline writer wrote it");
      const live = await db
        .selectFrom("articles")
        .select(["status", "content_html"])
        .where("id", "=", a.decaying)
        .executeTakeFirstOrThrow();
      expect(live.status).toBe("draft");
      expect(live.content_html).toContain("the version that went live");
      expect(await db.selectFrom("publications").select("id").where("article_id", "=", a.decaying).execute()).toEqual([]);
      // The refreshed version waits beside the article (decision 066): its review shows what would go; Accept adopts it.
      await decay.getByRole("link", { name: "Review the changes" }).click();
      const review = page.getByRole("dialog", { name: "Review the new version" });
      await expect(review.getByTestId("proposal-diff")).toContainText("words removed");
      await expect(review.getByTestId("proposal-diff").locator("del", { hasText: "the version that went live" })).toHaveCount(1);
      await review.getByRole("button", { name: "Accept new version" }).click();
      await expect(toast(page)).toContainText("New version accepted");
      const adopted = await db.selectFrom("articles").select("content_html").where("id", "=", a.decaying).executeTakeFirstOrThrow();
      expect(adopted.content_html).not.toContain("the version that went live");

      // The articles list marks the articles with findings.
      await page.goto("/dashboard/articles");
      const row = page.getByTestId("article-row").filter({ hasText: "French Press Guide" });
      await expect(row.getByTestId("finding-badge")).toHaveText("1 search finding");
      await expect(page.getByTestId("article-row").filter({ hasText: "Espresso Basics" }).getByTestId("finding-badge")).toHaveCount(0);

      await page.goto("/dashboard/plan");
      await expect(page.getByText("nitro cold brew at home", { exact: true })).toBeVisible();
      await expect(page.getByText(/Seen \d+ times in Google in the last 4 weeks/)).toBeVisible();
    });
  });
}

test("the findings page passes axe at phone and desktop widths", async ({ page }) => {
  const { user } = await roaster("findings-axe");
  await signIn(page, user, { to: PAGE });
  await expect(page.getByTestId("finding").first()).toBeVisible();
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
