import { expect, test } from "@playwright/test";
import { E2E_SECRETS, E2E_WORDPRESS_KEY, FAKE_WORDPRESS_PORT, fakeUrl } from "./stack";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Auto-pilot (docs/decisions/049): an owner turns auto-pilot on in Settings → Content,
 * plans today's topic in the scheduler, and the cron call writes it through the
 * real pipeline. The offline writer's article is held for approval with its
 * reasons as soon as it is written (hours before its time), shown on the
 * scheduler, and the owner is mailed. The owner approves it on the review
 * page for its time; the test then advances the clock to it (it moves the
 * day's publish job to now) and it
 * goes to the fake WordPress (the default destination), 'Scheduled Past' links
 * the live post and the article page names who approved it.
 */

/** A zone where it is now between 07:00 and 22:00, so today's 06:00 generation time has passed and 23:30 is still ahead. */
function zoneWithDaytime() {
  for (const zone of [
    "Europe/Berlin",
    "America/New_York",
    "Asia/Tokyo",
    "America/Los_Angeles",
    "Australia/Sydney",
    "Asia/Kolkata",
    "Pacific/Honolulu",
  ]) {
    const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    if (hour >= 7 && hour < 22) return zone;
  }
  throw new Error("no zone in daytime");
}

test("turn on auto-pilot: the planned article is written, held with its reasons and a mail, then approved and published to the fake WordPress", async ({
  page,
}) => {
  // The real pipeline writes the article; on a loaded 2-core machine that can take a while.
  test.setTimeout(120_000);
  const user = await createVerifiedUser(uniqueEmail("autopilot"), "autopilot-password");
  const zone = zoneWithDaytime();
  await signIn(page, user, { to: "/dashboard/settings?tab=integrations" });

  // The destination: the fake WordPress, connected as a customer does it.
  await page.getByRole("link", { name: "Connect WordPress", exact: true }).click();
  const connect = page.getByRole("dialog", { name: "Connect WordPress" });
  await connect.getByRole("textbox").first().fill(fakeUrl(FAKE_WORDPRESS_PORT));
  await connect.locator('input[name="secret"]').fill(E2E_WORDPRESS_KEY);
  await connect.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText(/Connection successful/)).toBeVisible({ timeout: 20_000 });

  await page.goto("/dashboard/settings?tab=publishing");
  const publishing = page.getByRole("form", { name: "Publishing settings" });
  await publishing.getByLabel("Publish to").selectOption({ label: "Fake WordPress" });
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  await publishing.getByLabel("Start date").fill(today);
  await publishing.getByLabel("Time", { exact: true }).fill("23:30");
  await publishing.getByLabel("Time zone").selectOption(zone);
  await publishing.getByRole("button", { name: "Save Publishing Settings" }).click();
  await expect(page.getByText("Publishing settings saved!")).toBeVisible();

  await page.goto("/dashboard/settings?tab=content");
  await page.getByRole("switch", { name: "Automatic generation" }).check();
  await page.getByLabel("Daily generation time").selectOption("06:00");
  await page.getByRole("switch", { name: "Publish automatically" }).check();
  await page.getByRole("button", { name: "Save content settings" }).click();
  await expect(page.getByText("Content settings saved!")).toBeVisible();
  const db = e2eDb();
  const automation = await db
    .selectFrom("content_settings")
    .select(["auto_generation", "auto_publish"])
    .where("site_id", "=", user.siteId)
    .executeTakeFirstOrThrow();
  expect(automation).toEqual({ auto_generation: 1, auto_publish: 1 });

  await page.goto("/dashboard/scheduler");
  await page
    .getByRole("link", { name: /Choose from topics for/ })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Content strategy" }).click();
  await expect(page.getByText("Topic selected")).toBeVisible();
  await expect(page.getByTestId("next-publish")).toContainText(`Next publish: `);
  await expect(page.getByTestId("next-publish")).toContainText("23:30");

  // The minute tick, as an external scheduler calls it.
  const cron = await page.request.post("/resources/cron", { headers: { Authorization: `Bearer ${E2E_SECRETS.CRON_SECRET}` } });
  expect(cron.ok()).toBe(true);

  await expect
    .poll(
      async () => {
        const row = await db.selectFrom("autopilot_days").selectAll().where("site_id", "=", user.siteId).executeTakeFirst();
        if (!row?.generation_id) return null;
        const generation = await db
          .selectFrom("generations")
          .select("status")
          .where("id", "=", row.generation_id)
          .executeTakeFirstOrThrow();
        return generation.status;
      },
      { timeout: 60_000 },
    )
    .toBe("succeeded");
  // Held as soon as it is written, hours before its 23:30 publishing time: the next tick checks it.
  const row = await db.selectFrom("autopilot_days").select(["id"]).where("site_id", "=", user.siteId).executeTakeFirstOrThrow();
  await expect
    .poll(
      async () => {
        await page.request.post("/resources/cron", { headers: { Authorization: `Bearer ${E2E_SECRETS.CRON_SECRET}` } });
        return (await db.selectFrom("autopilot_days").select("state").where("id", "=", row.id).executeTakeFirstOrThrow()).state;
      },
      { timeout: 15_000 },
    )
    .toBe("held");

  await page.goto("/dashboard/scheduler");
  const state = page.getByTestId("day-state").first();
  await expect(state).toHaveAttribute("data-state", "held");
  await expect(state).toContainText("offline writer");
  const mails = await db
    .selectFrom("mail_outbox")
    .select("subject")
    .where("to_address", "=", user.email)
    .where("subject", "like", "Auto-pilot needs you%")
    .execute();
  expect(mails).toHaveLength(1);

  // The owner reviews it and approves: it is published to the hosted blog, the approval names them, and it is listed as past.
  await state.getByRole("link", { name: "Review" }).click();
  await expect(page.getByTestId("review-reasons")).toContainText("offline writer");
  await expect(page.getByTestId("timeline")).toContainText("Held");
  // The offline writer's draft fails the quality check: approving it asks for a confirmation naming why.
  await expect(page.getByTestId("approve-warning")).toContainText("offline writer");
  await page.getByLabel("Publish it anyway, as it is").check();
  await page.getByRole("button", { name: /^Approve for / }).click();
  await expect(page.getByText(/It will be published to .+ on /)).toBeVisible();
  const article = await db.selectFrom("autopilot_days").select(["article_id", "state"]).where("id", "=", row.id).executeTakeFirstOrThrow();
  // Approved before its publishing time, it waits for it; nothing is handed to the destination yet.
  expect(article.state).toBe("approved");
  expect(await db.selectFrom("publications").select("id").where("article_id", "=", article.article_id!).execute()).toEqual([]);
  // The test advances the clock to the publishing time: the day's publish job runs now.
  await db
    .updateTable("jobs")
    .set({ run_at: new Date().toISOString() })
    .where("name", "=", "autopilot-publish")
    .where("idempotency_key", "=", `autopilot-publish:${row.id}`)
    .execute();
  await expect
    .poll(
      async () => (await db.selectFrom("articles").select("status").where("id", "=", article.article_id!).executeTakeFirstOrThrow()).status,
      {
        timeout: 15_000,
      },
    )
    .toBe("published");
  // It is on the fake WordPress, and 'Scheduled Past' links the live post there.
  const title = (await db.selectFrom("articles").select("title").where("id", "=", article.article_id!).executeTakeFirstOrThrow()).title;
  const posts = (await (await fetch(`${fakeUrl(FAKE_WORDPRESS_PORT)}/__fake/posts`)).json()) as Array<{
    title: string | { raw?: string; rendered?: string };
    status: string;
  }>;
  const titleOf = (post: (typeof posts)[number]) =>
    typeof post.title === "string" ? post.title : (post.title.raw ?? post.title.rendered ?? "");
  expect(posts.filter((post) => titleOf(post) === title)).toHaveLength(1);
  await page.goto("/dashboard/scheduler?tab=past");
  await expect(page.getByRole("link", { name: "View the live post" }).first()).toHaveAttribute(
    "href",
    new RegExp(`^${fakeUrl(FAKE_WORDPRESS_PORT)}`),
  );
  await page.goto(`/dashboard/write?edit=${article.article_id}`);
  await expect(page.getByTestId("approval")).toContainText("Approved for publishing by");
  // The next tick sees the live post: the day reads Published with its link, on its timeline too.
  await page.request.post("/resources/cron", { headers: { Authorization: `Bearer ${E2E_SECRETS.CRON_SECRET}` } });
  await page.goto(`/dashboard/review/${row.id}`);
  await expect(page.getByTestId("day-page-state")).toHaveAttribute("data-state", "published");
  await expect(page.getByTestId("timeline")).toContainText("Published");
});

test("review mode: a held article is rejected on its review page and stays a draft; the day shows as skipped", async ({ page }) => {
  const user = await createVerifiedUser(uniqueEmail("autopilot-reject"), "autopilot-password");
  const db = e2eDb();
  const now = new Date().toISOString();
  const today = now.slice(0, 10);
  await db.updateTable("content_settings").set({ auto_generation: 1, review_mode: 1 }).where("site_id", "=", user.siteId).execute();
  // A day auto-pilot wrote and held for review (the write and publish steps are covered by the journey above).
  const articleId = `${user.siteId}-held`;
  await db
    .insertInto("articles")
    .values({
      id: articleId,
      site_id: user.siteId,
      author_id: user.userId,
      topic_id: null,
      title: "Held for review",
      slug: "held-for-review",
      content_html: "<p>Text.</p>",
      source: "offline",
      created_at: now,
      updated_at: now,
    })
    .execute();
  const dayId = `${user.siteId}-day`;
  await db
    .insertInto("autopilot_days")
    .values({
      id: dayId,
      site_id: user.siteId,
      day: today,
      keyword: "held for review",
      plan_item_id: null,
      article_id: articleId,
      generation_id: null,
      publish_at: now,
      state: "held",
      reasons: JSON.stringify(["Review mode is on: it waits for your approval."]),
      notified_at: now,
      failure_mailed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await signIn(page, user, { to: `/dashboard/review/${dayId}` });
  await expect(page.getByTestId("review-reasons")).toContainText("Review mode is on");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByText("Article rejected")).toBeVisible();
  const day = await db.selectFrom("autopilot_days").select(["state", "reasons"]).where("id", "=", dayId).executeTakeFirstOrThrow();
  expect(day.state).toBe("skipped");
  expect(day.reasons).toContain("Rejected by");
  expect((await db.selectFrom("articles").select("status").where("id", "=", articleId).executeTakeFirstOrThrow()).status).toBe("draft");
  expect(await db.selectFrom("publications").select("id").where("article_id", "=", articleId).execute()).toEqual([]);
  await page.goto(`/dashboard/review/${dayId}`);
  await expect(page.getByText("This day was skipped.")).toBeVisible();
  await expect(page.getByTestId("approvals")).toContainText("Rejected by");
});
