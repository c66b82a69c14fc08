import { expect, test, type Browser } from "@playwright/test";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * An auto-pilot day as the customer sees it, at 1280 and 390 px, with and without JavaScript: the scheduler shows
 * the day's own state (Held, since when) and its time; the day's page shows its timeline and lets the owner approve
 * it as soon as it is written, for its time or now. With JavaScript a change of state reaches an open scheduler
 * without a reload (the live stream); without it the forms still work.
 */

async function heldDay(label: string) {
  const user = await createVerifiedUser(uniqueEmail(`day-${label}`), "autopilot-password");
  const db = e2eDb();
  const site = await db.selectFrom("sites").select("timezone").where("id", "=", user.siteId).executeTakeFirstOrThrow();
  const now = new Date();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: site.timezone }).format(now);
  const written = new Date(now.getTime() - 60_000).toISOString();
  const slot = new Date(now.getTime() + 3 * 3600_000).toISOString();
  await db
    .updateTable("content_settings")
    .set({ auto_generation: 1, auto_publish: 1, review_mode: 1 })
    .where("site_id", "=", user.siteId)
    .execute();
  const articleId = `${user.siteId}-a`;
  await db
    .insertInto("articles")
    .values({
      id: articleId,
      site_id: user.siteId,
      author_id: user.userId,
      topic_id: null,
      title: "Cold brew at home, a long title that must wrap on a phone without being cut",
      slug: "cold-brew-at-home",
      content_html: "<p>Text.</p>",
      source: "ai",
      created_at: written,
      updated_at: written,
    })
    .execute();
  const dayId = `${user.siteId}-d`;
  await db
    .insertInto("autopilot_days")
    .values({
      id: dayId,
      site_id: user.siteId,
      day: today,
      keyword: "cold brew at home",
      plan_item_id: null,
      article_id: articleId,
      generation_id: null,
      publish_at: slot,
      state: "held",
      reasons: JSON.stringify(["Review mode is on: it waits for your approval."]),
      notified_at: written,
      failure_mailed_at: null,
      created_at: written,
      updated_at: written,
    })
    .execute();
  await db
    .insertInto("autopilot_day_events")
    .values([
      { day_id: dayId, site_id: user.siteId, state: "writing", at: new Date(now.getTime() - 120_000).toISOString() },
      { day_id: dayId, site_id: user.siteId, state: "held", at: written },
    ])
    .execute();
  return { user, dayId, articleId, db };
}

async function open(browser: Browser, width: number, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

const noSideScroll = () => document.documentElement.scrollWidth <= window.innerWidth;

for (const width of [1280, 390]) {
  for (const js of [true, false]) {
    test(`the day's state, timeline and review at ${width} px ${js ? "with" : "without"} JavaScript`, async ({ browser }) => {
      const { user, dayId, db } = await heldDay(`${width}-${js ? "js" : "nojs"}`);
      const { context, page } = await open(browser, width, js);
      try {
        await signIn(page, user, { to: "/dashboard/scheduler" });
        const state = page.getByTestId("day-state").first();
        await expect(state).toHaveAttribute("data-state", "held");
        await expect(state).toContainText("Held");
        await expect(state).toContainText("since");
        expect(await page.evaluate(noSideScroll)).toBe(true);

        await state.getByRole("link", { name: "Review" }).click();
        await expect(page).toHaveURL(new RegExp(`/dashboard/review/${dayId}$`));
        await expect(page.getByTestId("day-page-state")).toHaveAttribute("data-state", "held");
        const timeline = page.getByTestId("timeline");
        await expect(timeline.getByRole("listitem")).toHaveCount(2);
        await expect(timeline).toContainText("Writing");
        await expect(timeline).toContainText("Held");
        await expect(page.getByRole("button", { name: "Approve and publish now" })).toBeVisible();
        expect(await page.evaluate(noSideScroll)).toBe(true);

        // Approved hours before its time: it waits for it, and the timeline says who approved it.
        // A one-word draft fails the quality check: approving it asks for a confirmation naming why.
        await expect(page.getByTestId("approve-warning")).toContainText(/It has \d+ words?; the \w+ length is/);
        await page.getByLabel("Publish it anyway, as it is").check();
        await page.getByRole("button", { name: /^Approve for / }).click();
        await expect(page.getByText(/It will be published to .+ on /)).toBeVisible();
        const day = await db.selectFrom("autopilot_days").select("state").where("id", "=", dayId).executeTakeFirstOrThrow();
        expect(day.state).toBe("approved");
        await page.goto(`/dashboard/review/${dayId}`);
        await expect(page.getByTestId("timeline")).toContainText("Approved by");
        await expect(page.getByText("Approved: it goes out at its publishing time.")).toBeVisible();

        if (js) {
          // A change made elsewhere (the worker) reaches the open scheduler without a reload.
          await page.goto("/dashboard/scheduler");
          await expect(page.getByTestId("day-state").first()).toHaveAttribute("data-state", "approved");
          await db
            .updateTable("autopilot_days")
            .set({ state: "skipped", reasons: '["Skipped by you."]' })
            .where("id", "=", dayId)
            .execute();
          await db
            .insertInto("autopilot_day_events")
            .values({ day_id: dayId, site_id: user.siteId, state: "skipped", at: new Date().toISOString() })
            .execute();
          await expect(page.getByTestId("day-state").first()).toHaveAttribute("data-state", "skipped", { timeout: 20_000 });
        }
      } finally {
        await context.close();
      }
    });
  }
}
