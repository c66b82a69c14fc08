import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { dayNumber } from "../../app/modules/search-console/types";
import { newId } from "../../app/utils/crypto.server";
import { connectSearchConsole, seedSearchFigures } from "../support/search-figures";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The results page and the editor's Search performance panel with seeded Search Console figures, at 1280 and
 * 390 px, with and without JavaScript: the figures, the charts (an image with words each, a table behind
 * each), the range switch, top queries and articles, the publish annotation, nothing wider than a phone, axe.
 */

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// Google's figures lag about two days.
const NEWEST = dayNumber(new Date(Date.now() - 2 * 86_400_000).toISOString());

async function seed() {
  const user = await createVerifiedUser(uniqueEmail("results"), "results-password");
  const db = e2eDb();
  const connection = await db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", user.siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  const publishedAt = new Date((NEWEST - 20) * 86_400_000 + 9 * 3_600_000).toISOString();
  for (const title of ["Cold brew at home, the growing one", "Iced coffee ratios, the decaying one", "Grinders compared"]) {
    const id = newId();
    const now = new Date().toISOString();
    await db
      .insertInto("articles")
      .values({ id, site_id: user.siteId, author_id: user.userId, title, slug: id, status: "published", created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto("publications")
      .values({
        id: newId(),
        site_id: user.siteId,
        article_id: id,
        connection_id: connection.id,
        mode: "live",
        status: "published",
        marker: id,
        correlation_id: "e2e00000",
        published_at: publishedAt,
        created_at: now,
        updated_at: now,
      })
      .execute();
    ids.push(id);
  }
  await connectSearchConsole(db, user.siteId, user.workspaceId);
  await seedSearchFigures(db, {
    siteId: user.siteId,
    articleIds: ids,
    days: 120,
    newest: NEWEST,
    origin: `https://${user.siteId}.example`,
  });
  return { user, articleId: ids[0]! };
}

async function expectNoAxeViolations(page: Page) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${size.width}px ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** At 390 px nothing is wider than the screen, and the charts are their compact drawings. */
async function expectPhoneFits(page: Page) {
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const chart = page.getByTestId("chart-clicks");
  await expect(chart.locator('svg[data-layout="compact"]')).toBeVisible();
  await expect(chart.locator('svg[data-layout="wide"]')).toBeHidden();
  await page.setViewportSize(DESKTOP);
}

async function expectChartsWithTables(page: Page) {
  for (const metric of ["clicks", "impressions", "position"]) {
    const chart = page.getByTestId(`chart-${metric}`);
    const image = chart.locator('svg[data-layout="wide"]');
    await expect(image).toBeVisible();
    await expect(image).toHaveAttribute("role", "img");
    await expect(image.locator("desc")).toContainText(metric === "position" ? "Average position in Google over" : "over the last 28 days");
    await chart.getByText("Show the figures as a table").click();
    await expect(chart.getByTestId("chart-table").locator("tbody tr")).toHaveCount(28);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`results, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: DESKTOP });

    test("the results page: figures, charts with their tables, queries, articles and the range switch", async ({ page }) => {
      const { user } = await seed();
      await signIn(page, user, { to: "/dashboard/results" });
      await expect(page.getByRole("heading", { name: "Results", level: 1 })).toBeVisible();
      await expect(page.getByRole("navigation").getByRole("link", { name: "Results" }).first()).toBeVisible();
      await expect(page.getByTestId("data-until")).toContainText("Data until");
      // The period, the site's clicks and the articles' share of them, in one sentence.
      await expect(page.getByTestId("articles-share")).toContainText(
        / to .*: [\d,]+ clicks? on the whole site, [\d,]+ of them on \d+ articles?/,
      );
      await expect(page.getByTestId("figures")).toContainText("Clicks");
      await expect(page.getByTestId("figures")).toContainText(/(up|down) \d+ %/);
      await expectChartsWithTables(page);
      await expect(page.getByTestId("top-queries").locator("tbody tr").first()).toBeVisible();
      const top = page.getByTestId("top-articles");
      await expect(top.getByRole("img", { name: /Clicks by day: [\d,]+ clicks/ }).first()).toBeVisible();

      if (javaScriptEnabled) {
        // Hover and keys show a day's figures.
        const chart = page.getByTestId("chart-clicks");
        // hover() scrolls the chart into view first.
        await chart.locator('svg[data-layout="wide"]').hover();
        await expect(chart.getByTestId("chart-day")).toContainText(/clicks, [\d,]+ impressions, CTR/);
        await chart.getByRole("group", { name: /arrow keys/ }).focus();
        await page.keyboard.press("End");
        const last = await chart.getByTestId("chart-day").textContent();
        await page.keyboard.press("ArrowLeft");
        await expect(chart.getByTestId("chart-day")).not.toHaveText(last ?? "");
        // The range switch changes the figures without a full reload.
        await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
        await page.getByRole("link", { name: "Last 3 months" }).click();
        await expect(page).toHaveURL(/range=3m/);
        await expect(page.getByTestId("chart-clicks").getByTestId("chart-table").locator("tbody tr")).toHaveCount(91);
        expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      } else {
        await page.getByRole("link", { name: "Last 3 months" }).click();
        await expect(page).toHaveURL(/range=3m/);
        await expect(page.getByTestId("chart-clicks").getByTestId("chart-table").locator("tbody tr")).toHaveCount(91, { timeout: 10_000 });
      }
      await expect(page.getByRole("link", { name: "Last 3 months" })).toHaveAttribute("aria-current", "page");
      await expectPhoneFits(page);
      // axe runs in the page: with JavaScript only (the markup is the same without).
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });

    test("the editor's Search performance panel: the article's figures, the publish marker and its queries", async ({ page }) => {
      const { user, articleId } = await seed();
      await signIn(page, user, { to: `/dashboard/write?edit=${articleId}` });
      const panel = page.getByTestId("performance-panel");
      await expect(panel.getByRole("heading", { name: "Search performance" })).toBeVisible();
      await expect(panel.getByTestId("figures")).toContainText("Average position");
      await expect(panel.getByTestId("chart-clicks").getByTestId("chart-annotation-list")).toContainText("Published");
      await expect(panel.getByTestId("chart-clicks").locator('svg[data-layout="wide"] [data-testid="chart-annotations"] text')).toHaveText(
        "Published",
      );
      await expect(panel.getByTestId("top-queries").locator("tbody tr").first()).toBeVisible();
      await panel.getByTestId("chart-position").getByText("Show the figures as a table").click();
      await expect(panel.getByTestId("chart-position").getByTestId("chart-table").locator("tbody tr")).toHaveCount(28);
      await expectPhoneFits(page);
      // axe runs in the page: with JavaScript only (the markup is the same without).
      if (javaScriptEnabled) await expectNoAxeViolations(page);
    });
  });
}

test("the articles list has a clicks column with its trend, and says so when there is nothing to show", async ({ page }) => {
  const { user } = await seed();
  await signIn(page, user, { to: "/dashboard?sort=clicks" });
  const first = page.getByTestId("article-row").first();
  await expect(first).toContainText("Cold brew at home, the growing one");
  await expect(first.getByRole("img", { name: /Last 28 days: [\d,]+ clicks, up \d+ %/ })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Clicks (28 days)" })).toHaveAttribute("aria-sort", "descending");

  const fresh = await createVerifiedUser(uniqueEmail("results-empty"), "results-password");
  await page.context().clearCookies();
  await signIn(page, fresh, { to: "/dashboard/results" });
  await expect(page.getByText("Connect Google Search Console to see what your articles earn in search")).toBeVisible();
  await expect(page.getByRole("link", { name: "Connect Search Console in the settings" })).toHaveAttribute("href", /\/dashboard\/settings/);
});
