import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, signIn, uniqueEmail } from "./users";

/** The scheduler's month calendar, with and without JavaScript: a day opens 'Choose a topic' and shows the choice. */

for (const javaScriptEnabled of [true, false]) {
  test.describe(`scheduler calendar (JavaScript ${javaScriptEnabled ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled });

    test("plan a day from the month calendar", async ({ page }) => {
      const user = await createVerifiedUser(uniqueEmail("calendar"), "calendar-password");
      await signIn(page, user, { to: "/dashboard/scheduler" });
      await page.getByRole("navigation", { name: "Coming days view" }).getByRole("link", { name: "Calendar" }).click();
      await expect(page).toHaveURL(/view=calendar/);
      const calendar = page.getByTestId("calendar");
      await calendar
        .getByRole("link", { name: /Choose a topic$/ })
        .first()
        .click();
      await page.getByRole("dialog").getByRole("button", { name: "Content strategy" }).click();
      await expect(page.getByText("Topic selected")).toBeVisible();
      await expect(page).toHaveURL(/view=calendar/);
      await expect(calendar.getByRole("link", { name: /: Content strategy\. Choose a topic$/ })).toHaveCount(1);

      // On a phone the same days are an agenda: every weekday on screen, the keyword in full, the same link.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(calendar.getByRole("table")).toHaveCount(0);
      const chosen = calendar.getByRole("link", { name: /: Content strategy\. Choose a topic$/ });
      await expect(chosen).toBeVisible();
      await expect(chosen).toContainText("Content strategy");
      const box = (await chosen.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      // A week of days, all seven within the screen's width (the grid hid Thursday to Sunday off-screen).
      const week = calendar.getByRole("listitem");
      expect(await week.count()).toBeGreaterThanOrEqual(28);
      for (let i = 0; i < 7; i++) {
        const day = (await week.nth(i).boundingBox())!;
        expect(day.x + day.width).toBeLessThanOrEqual(390);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  });
}

test("the calendar passes axe at phone and desktop widths", async ({ page }) => {
  const user = await createVerifiedUser(uniqueEmail("calendar-axe"), "calendar-password");
  await signIn(page, user, { to: "/dashboard/scheduler?view=calendar" });
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
