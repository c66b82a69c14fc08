import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * The Publishing tab, with and without JavaScript. An owner
 * sets the start date, time and time zone, adds a second daily time, saves,
 * and applies the schedule to the site's drafts; the drafts become scheduled
 * publications on the next free times.
 */

for (const javaScriptEnabled of [true, false]) {
  test.describe(`publishing settings (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("set publishing times and apply them to drafts", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("publishing"), "publishing-password");
      const db = e2eDb();
      for (const [title, day] of [
        ["Oldest draft", "01"],
        ["Newer draft", "02"],
      ] as const)
        await db
          .insertInto("articles")
          .values({
            id: `${user.siteId}-${day}`,
            site_id: user.siteId,
            author_id: user.userId,
            topic_id: null,
            title,
            slug: `draft-${day}`,
            content_html: "<p>Some text written by hand.</p>",
            created_at: `2026-01-${day}T00:00:00.000Z`,
            updated_at: `2026-01-${day}T00:00:00.000Z`,
          })
          .execute();
      await signIn(page, user, { to: "/dashboard/settings?tab=publishing" });

      // Applying before a date is set says what is missing.
      await page.getByRole("button", { name: "Apply to Existing Drafts" }).click();
      await expect(page.getByText("Missing schedule settings")).toBeVisible();
      await expect(page.getByText("Please set both date and time before applying to drafts.")).toBeVisible();

      const form = page.getByRole("form", { name: "Publishing settings" });
      await form.getByLabel("Start date").fill("2030-06-01");
      await form.getByLabel("Time", { exact: true }).fill("09:30");
      await form.getByLabel("Time zone").selectOption("America/New_York");
      await form.getByRole("button", { name: "Add new daily time" }).click();
      await form.getByLabel("Extra time 1").fill("17:00");
      await form.getByRole("button", { name: "Save Publishing Settings" }).click();
      await expect(page.getByText("Publishing settings saved!")).toBeVisible();
      await expect(form.getByLabel("Extra time 1")).toHaveValue("17:00");
      await expect(page.getByTestId("drafts-ready")).toContainText(
        "Next free times: 01 Jun 2030 09:30, 01 Jun 2030 17:00, 02 Jun 2030 09:30",
      );

      await page.getByRole("button", { name: "Apply to Existing Drafts" }).click();
      await expect(page.getByText("Scheduler applied successfully!")).toBeVisible();
      await expect(page.getByText(/2 drafts scheduled from 01 Jun 2030 09:30 \(America\/New_York\)/)).toBeVisible();
      const rows = await db
        .selectFrom("articles")
        .select(["title", "status", "scheduled_at"])
        .where("site_id", "=", user.siteId)
        .orderBy("scheduled_at")
        .execute();
      expect(rows).toEqual([
        { title: "Oldest draft", status: "scheduled", scheduled_at: "2030-06-01T13:30:00.000Z" },
        { title: "Newer draft", status: "scheduled", scheduled_at: "2030-06-01T21:00:00.000Z" },
      ]);
      await page.goto("/dashboard?status=scheduled");
      await expect(page.getByRole("link", { name: "Oldest draft" }).first()).toBeVisible();
    });
  });
}

test("the Publishing tab passes axe and fits a phone", async ({ page }) => {
  const user = await createVerifiedUser(uniqueEmail("publishing-axe"), "publishing-password");
  await signIn(page, user, { to: "/dashboard/settings?tab=publishing" });
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
