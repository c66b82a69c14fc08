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
