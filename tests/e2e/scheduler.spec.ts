import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { isoNow, zonedDate } from "../../app/utils/time";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The scheduler, with and without JavaScript: choosing a topic for a day saves
 * it (toast, the day shows it, the badge counts it), clearing removes it, and
 * the past tab lists published articles with links to the editor.
 */

const PASSWORD = "scheduler-password";
const TZ = "America/Los_Angeles";
const toast = (page: Page) => page.getByTestId("toast");
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const ddMMMyyyy = (date: string) => {
  const [y, m, d] = date.split("-");
  return `${d} ${MONTHS[Number(m) - 1]} ${y}`;
};

for (const javaScriptEnabled of [true, false]) {
  test.describe(`scheduler, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("choose and clear a day's topic, badges, past tab", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("scheduler"), PASSWORD);
      const db = e2eDb();
      await db.updateTable("sites").set({ timezone: TZ }).where("id", "=", user.siteId).execute();
      const topicId = randomUUID();
      await db
        .insertInto("topics")
        .values({ id: topicId, site_id: user.siteId, name: "Coffee brewing", created_at: isoNow(), updated_at: isoNow() })
        .execute();
      await signIn(page, user);

      await page.goto("/dashboard/scheduler");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scheduler");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Scheduler/);
      await expect(page.getByTestId("badge-coming")).toHaveText("0");
      await expect(page.getByTestId("badge-past")).toHaveText("0");
      const today = zonedDate(new Date(), TZ);
      const days = page.getByRole("list", { name: "Coming days" }).locator(":scope > li");
      await expect(days).toHaveCount(90);
      await expect(days.first().getByRole("heading")).toHaveText(`Today${ddMMMyyyy(today)}`);
      await expect(days.nth(1).getByRole("heading")).toContainText("Tomorrow");
      await expect(days.first()).toContainText("6:30 PM");
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }

      // Choose "Coffee brewing" for tomorrow.
      const tomorrow = days.nth(1);
      const tomorrowDate = (await tomorrow.getAttribute("data-testid"))!.slice("day-".length);
      const dialog = page.getByRole("dialog", { name: "Choose a topic" });
      if (javaScriptEnabled) {
        // A marker on the window survives a client-side navigation, not a page load.
        await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
        await expect(async () => {
          await tomorrow.getByRole("link", { name: /Choose from topics/ }).click();
          await expect(dialog).toBeVisible({ timeout: 1000 });
        }).toPass();
        expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(true);
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => v.id)).toEqual([]);
      } else {
        await tomorrow.getByRole("link", { name: /Choose from topics/ }).click();
        await expect(page).toHaveURL(new RegExp(`choose=${tomorrowDate}`));
        await expect(dialog).toBeVisible();
      }
      await dialog.getByRole("button", { name: "Coffee brewing" }).click();
      await expect(toast(page)).toContainText("Topic selected");
      await expect(toast(page)).toContainText(`“Coffee brewing” is scheduled for ${ddMMMyyyy(tomorrowDate)} at 6:30 PM`);
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId(`day-${tomorrowDate}`)).toContainText("Coffee brewing");
      await expect(page.getByTestId("badge-coming")).toHaveText("1");
      const saved = await db.selectFrom("plan_items").selectAll().where("site_id", "=", user.siteId).execute();
      expect(saved).toMatchObject([{ date: tomorrowDate, keyword: "Coffee brewing", topic_id: topicId, status: "planned" }]);

      // Clear it again.
      await page.getByTestId(`day-${tomorrowDate}`).getByRole("button", { name: /Clear/ }).click();
      await expect(toast(page)).toContainText("Topic cleared");
      await expect(page.getByTestId("badge-coming")).toHaveText("0");
      expect(await db.selectFrom("plan_items").selectAll().where("site_id", "=", user.siteId).execute()).toEqual([]);

      // Past tab: empty state, then a published article with its editor link.
      await page.getByRole("link", { name: /Scheduled Past/ }).click();
      await expect(page).toHaveURL(/tab=past/);
      await expect(page.getByText("No past scheduled content")).toBeVisible();
      await expect(page.getByText("Once you have published scheduled content, it will appear here.")).toBeVisible();
      const articleId = randomUUID();
      await db
        .insertInto("articles")
        .values({
          id: articleId,
          site_id: user.siteId,
          author_id: user.userId,
          title: "Pour-over basics",
          slug: `pour-over-${articleId}`,
          status: "published",
          published_at: new Date(Date.now() - 3_600_000).toISOString(),
          created_at: isoNow(),
          updated_at: isoNow(),
        })
        .execute();
      await page.reload();
      await expect(page.getByTestId("badge-past")).toHaveText("1");
      await expect(page.getByRole("link", { name: "Pour-over basics" })).toHaveAttribute("href", `/dashboard/write?edit=${articleId}`);
      if (javaScriptEnabled) {
        const { violations } = await new AxeBuilder({ page }).analyze();
        expect(violations.map((v) => v.id)).toEqual([]);
      }
      await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
      await page.getByRole("link", { name: "Pour-over basics" }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/write\\?edit=${articleId}`));
      await expect(page.getByLabel("Title")).toHaveValue("Pour-over basics");
      expect(await page.evaluate(() => "stillTheSamePage" in window)).toBe(javaScriptEnabled);

      // Without topics or brand tags the dialog says so and offers the fallback topics.
      await db.deleteFrom("topics").where("site_id", "=", user.siteId).execute();
      await page.goto(`/dashboard/scheduler?choose=${today}`);
      await expect(dialog).toContainText("No topics found. Add tags in Settings → Brand to see topics here.");
      await expect(dialog.getByRole("button")).toHaveText(["Content strategy", "SEO tips", "Industry news"]);
    });
  });
}
