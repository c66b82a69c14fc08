import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The first hour (docs/decisions/035): the articles page's 'Getting
 * started' checklist after onboarding, ticked from real data and dismissable
 * by a plain form; the quota rule (hand-written drafts never count) and one
 * usage meter at a time. With JavaScript and without.
 */

const PASSWORD = "first-hour-password";

const checklist = (page: Page) => page.getByRole("region", { name: "Getting started" });
const step = (page: Page, id: string) => checklist(page).locator(`[data-step="${id}"]`);
const meters = (page: Page) => page.getByTestId("usage-meter");

/** Saves a hand-written draft through the write screen's form (Markdown mode: the same textarea with and without JavaScript). */
async function writeDraft(page: Page, title: string) {
  await page.goto("/dashboard/write");
  const form = page.getByRole("form", { name: /article/i });
  await form.getByLabel("Title").fill(title);
  await page.getByRole("radio", { name: "Markdown" }).check();
  await page.getByRole("textbox", { name: "Content" }).fill("One line written by hand.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/dashboard\/write\?edit=/);
}

/**
 * axe on what this spec is about (the meter and the checklist), at phone and
 * desktop widths. Scoped because the rest of these pages belongs to other
 * items of the first hour (the articles table on a phone, the editor's placeholder),
 * checked by their own specs.
 */
async function expectNoAxeViolations(page: Page) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    let axe = new AxeBuilder({ page }).include('[data-testid="usage-meter"]');
    if (await checklist(page).count()) axe = axe.include('section[aria-labelledby="getting-started-title"]');
    const { violations } = await axe.analyze();
    expect(violations, `axe at ${size.width}px`).toEqual([]);
  }
}

for (const js of [true, false]) {
  test.describe(`first hour, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("after Skip the articles page shows 'Getting started'; it ticks from real data and Dismiss hides it for good", async ({
      page,
    }) => {
      const user = await createVerifiedUser(uniqueEmail("first-hour"), PASSWORD, { onboarded: false });
      await signIn(page, user);
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByRole("heading", { name: "Welcome to Inkpilot!" })).toBeVisible();
      await expect(checklist(page)).toHaveCount(0);
      await expect(async () => {
        await dialog.getByRole("button", { name: "Skip" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0, { timeout: 2000 });
      }).toPass({ timeout: 15_000 });

      await expect(checklist(page)).toBeVisible();
      await expect(checklist(page)).toContainText("1 of 4 done");
      await expect(step(page, "brand")).toHaveAttribute("data-done", "false");
      await expect(step(page, "article")).toHaveAttribute("data-done", "false");
      // The hosted blog is every site's default destination: the step says so and still offers the customer's site.
      await expect(step(page, "destination")).toHaveAttribute("data-done", "true");
      await expect(step(page, "destination")).toContainText("Your hosted blog is ready");
      await expect(step(page, "destination").getByRole("link", { name: "View your blog" })).toHaveAttribute("href", /^\/b\//);
      await expect(step(page, "published")).toHaveAttribute("data-done", "false");
      // No auto-pilot step until auto-pilot exists.
      await expect(checklist(page).getByRole("listitem")).toHaveCount(4);
      await expect(step(page, "article").getByRole("link", { name: "Write an article" })).toHaveAttribute("href", "/dashboard/write");
      await expect(step(page, "destination").getByRole("link", { name: "Connect your own site" })).toHaveAttribute(
        "href",
        "/dashboard/settings?tab=integrations",
      );
      if (js) await expectNoAxeViolations(page);

      // The same list on /dashboard/articles.
      await page.goto("/dashboard/articles");
      await expect(checklist(page)).toBeVisible();

      // A hand-written draft with content is 'written'; 'Publish' then opens that draft's publish dialog.
      await writeDraft(page, "My first draft");
      const article = await e2eDb().selectFrom("articles").select("id").where("site_id", "=", user.siteId).executeTakeFirstOrThrow();
      await page.goto("/dashboard");
      await expect(step(page, "article")).toHaveAttribute("data-done", "true");
      await expect(checklist(page)).toContainText("2 of 4 done");
      await expect(step(page, "published").getByRole("link", { name: "Publish your draft" })).toHaveAttribute(
        "href",
        `/dashboard/write?edit=${article.id}&publish=1`,
      );

      // Brand set up in the Brand tab ticks the brand step.
      await e2eDb().updateTable("brand_settings").set({ brand_name: "Northwind" }).where("site_id", "=", user.siteId).execute();
      await page.reload();
      await expect(step(page, "brand")).toHaveAttribute("data-done", "true");

      // Dismiss is a plain form post: gone, and still gone on the next visit.
      await page.getByRole("button", { name: "Dismiss the getting started checklist" }).click();
      await expect(checklist(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { name: "Articles", level: 1 })).toBeVisible();
      await expect(checklist(page)).toHaveCount(0);
    });

    test("two hand-written drafts on a trial leave 3 AI articles; exactly one meter on the articles page and the write screen", async ({
      page,
    }) => {
      const user = await createVerifiedUser(uniqueEmail("quota"), PASSWORD);
      await signIn(page, user);
      await writeDraft(page, "First one-liner");
      await expect(meters(page)).toHaveCount(1);
      await writeDraft(page, "Second one-liner");

      for (const path of ["/dashboard", "/dashboard/write"]) {
        await page.goto(path);
        await expect(meters(page)).toHaveCount(1);
        await expect(meters(page)).toContainText("7 days remaining");
        await expect(meters(page)).toContainText("3 articles of 3 left");
        await expect(meters(page)).toContainText("drafts you write yourself are free");
        await expect(page.getByRole("heading", { name: "Monthly usage" })).toHaveCount(0);
      }
      if (js) await expectNoAxeViolations(page);
      const workspace = await e2eDb()
        .selectFrom("workspaces")
        .select("trial_articles_used")
        .where("id", "=", user.workspaceId)
        .executeTakeFirstOrThrow();
      expect(workspace.trial_articles_used).toBe(0);
    });

    test("on Pro only the monthly meter shows; at the limit it says the limit resets next month, never 'unlimited'", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("quota-pro"), PASSWORD);
      await e2eDb().updateTable("workspaces").set({ plan: "pro" }).where("id", "=", user.workspaceId).execute();
      await signIn(page, user);
      const month = new Date().toISOString().slice(0, 7);
      const seed = (count: number) =>
        e2eDb()
          .insertInto("usage_events")
          .values(
            Array.from({ length: count }, () => ({
              workspace_id: user.workspaceId,
              site_id: user.siteId,
              article_id: null,
              month,
              kind: "article_created" as const,
              created_at: new Date().toISOString(),
            })),
          )
          .execute();

      await seed(40);
      for (const path of ["/dashboard", "/dashboard/write"]) {
        await page.goto(path);
        await expect(meters(page)).toHaveCount(1);
        await expect(page.getByRole("complementary", { name: "Free trial" })).toHaveCount(0);
        await expect(meters(page)).toContainText("40 of 50 AI articles this month");
        await expect(meters(page)).toHaveAttribute("data-state", "warning");
        await expect(meters(page)).toContainText("You're approaching your monthly limit.");
      }

      await seed(10);
      await page.goto("/dashboard/write");
      await expect(meters(page)).toHaveAttribute("data-state", "limit");
      await expect(meters(page)).toContainText(
        "You've reached your monthly limit of 50 articles. Your limit resets at the start of next month.",
      );
      await expect(page.locator("main")).not.toContainText(/unlimited/i);
      if (js) await expectNoAxeViolations(page);
      // Writing by hand still works at the limit.
      await writeDraft(page, "Written at the limit");
      await expect(meters(page)).toContainText("50 of 50 AI articles this month");
    });
  });
}
