import { expect, test } from "@playwright/test";
import { newId } from "../../app/utils/crypto.server";
import { formatTime12, isoNow, zonedParts } from "../../app/utils/time";
import { createVerifiedUser, e2eDb, signIn, uniqueEmail } from "./users";

/**
 * Auto-pilot keeps its word on the real clock (docs/decisions/059-autopilot-keeps-its-word.md): the built app's
 * own minute tick, worker, offline writer and hosted blog, nothing injected. Today's publishing time a few minutes
 * ahead; the day is written and Held (review mode) within a minute of its article existing; moving the time moves
 * 'Next publish' and the pending job; approving before the slot publishes nothing early; at the slot exactly one
 * post is live; then 'Next publish' names tomorrow's slot and keyword. About five minutes of wall time.
 */

const MINUTE = 60_000;

/** Zones without daylight saving, by their offset from UTC in hours (-11 to +12); all are in the Time zone list. */
const FIXED_ZONES = [
  "Pacific/Pago_Pago",
  "Pacific/Honolulu",
  "Pacific/Gambier",
  "Pacific/Pitcairn",
  "America/Phoenix",
  "America/Regina",
  "America/Bogota",
  "America/La_Paz",
  "America/Sao_Paulo",
  "Atlantic/South_Georgia",
  "Atlantic/Cape_Verde",
  "Africa/Abidjan",
  "Africa/Lagos",
  "Africa/Johannesburg",
  "Europe/Moscow",
  "Asia/Dubai",
  "Asia/Tashkent",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Singapore",
  "Asia/Tokyo",
  "Australia/Brisbane",
  "Pacific/Noumea",
  "Pacific/Tarawa",
];

/** A zone where it is now early afternoon (after the 12:00 writing time), so the few minutes this takes never cross midnight. */
function afternoonZone(now: Date) {
  return FIXED_ZONES[12 - now.getUTCHours() + 11]!;
}

/** The first whole minute at least `ahead` ms from now. */
const minuteAfter = (ahead: number) => new Date(Math.ceil((Date.now() + ahead) / MINUTE) * MINUTE);

async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

test("a day on the real clock: moved, held, approved before its time, published once at its time", async ({ page }) => {
  test.setTimeout(9 * MINUTE);
  const db = e2eDb();
  const user = await createVerifiedUser(uniqueEmail("real-clock"), "autopilot-password");
  const zone = afternoonZone(new Date());
  const firstSlot = minuteAfter(7 * MINUTE);
  const today = zonedParts(firstSlot, zone).date;
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
  await db.updateTable("sites").set({ timezone: zone }).where("id", "=", user.siteId).execute();
  await db
    .updateTable("content_settings")
    .set({ auto_generation: 1, auto_gen_time: "12:00", auto_publish: 1, review_mode: 1 })
    .where("site_id", "=", user.siteId)
    .execute();
  await db
    .updateTable("publishing_settings")
    .set({ scheduled_time: zonedParts(firstSlot, zone).time, daily_times: "[]" })
    .where("site_id", "=", user.siteId)
    .execute();
  for (const [date, keyword] of [
    [today, "how to store coffee beans"],
    [tomorrow, "french press ratio"],
  ] as const)
    await db
      .insertInto("plan_items")
      .values({ id: newId(), site_id: user.siteId, date, keyword, topic_id: null, article_id: null, created_at: isoNow() })
      .execute();

  // The tick starts the day, the offline writer writes it, and the check holds it for review.
  const day = await until(
    "the day to be held",
    () =>
      db
        .selectFrom("autopilot_days")
        .select(["id", "state", "article_id", "generation_id", "publish_at"])
        .where("site_id", "=", user.siteId)
        .where("day", "=", today)
        .where("state", "=", "held")
        .executeTakeFirst(),
    3 * MINUTE,
  );
  expect(day.publish_at).toBe(firstSlot.toISOString());
  const written = await db.selectFrom("generations").select("updated_at").where("id", "=", day.generation_id!).executeTakeFirstOrThrow();
  const held = await db
    .selectFrom("autopilot_day_events")
    .select("at")
    .where("day_id", "=", day.id)
    .where("state", "=", "held")
    .executeTakeFirstOrThrow();
  // Held within a minute of the article existing.
  expect(Date.parse(held.at) - Date.parse(written.updated_at)).toBeLessThan(MINUTE);

  // The customer moves today's time earlier: the day's time and its publish job move, and 'Next publish' says so.
  const newSlot = minuteAfter(2 * MINUTE);
  const newTime = zonedParts(newSlot, zone).time;
  await signIn(page, user, { to: "/dashboard/settings?tab=publishing" });
  await page.locator('input[name="scheduledTime"]').fill(newTime);
  await page.getByRole("button", { name: "Save", exact: false }).first().click();
  await expect(page.getByText(/now goes out on/)).toBeVisible();
  const job = await db
    .selectFrom("jobs")
    .select(["run_at", "status"])
    .where("idempotency_key", "=", `autopilot-publish:${day.id}`)
    .executeTakeFirstOrThrow();
  expect(job).toEqual({ run_at: newSlot.toISOString(), status: "queued" });
  expect((await db.selectFrom("autopilot_days").select("publish_at").where("id", "=", day.id).executeTakeFirstOrThrow()).publish_at).toBe(
    newSlot.toISOString(),
  );
  // Held, today's day does not go out on its own: 'Next publish' is tomorrow at the new time; today's row shows it too.
  await page.goto("/dashboard/scheduler");
  await expect(page.getByTestId("next-publish")).toContainText(newTime);
  await expect(page.getByTestId("next-publish")).toContainText("french press ratio");
  await expect(page.getByTestId(`day-${today}`).getByTestId("day-time")).toContainText(formatTime12(newTime, newTime));

  // Approved before the slot: nothing goes out early, and 'Next publish' is today's article at the new time.
  await page.goto(`/dashboard/review/${day.id}`);
  // The offline writer's draft fails the quality check: approving it asks for a confirmation naming why.
  await expect(page.getByTestId("approve-warning")).toContainText("offline writer");
  await page.getByLabel("Publish it anyway, as it is").check();
  await page.getByRole("button", { name: /^Approve for / }).click();
  await expect(page.getByText("Approved", { exact: false }).first()).toBeVisible();
  expect(Date.now()).toBeLessThan(newSlot.getTime());
  await page.goto("/dashboard/scheduler");
  await expect(page.getByTestId("next-publish")).toContainText(newTime);
  await expect(page.getByTestId("next-publish")).toContainText("how to store coffee beans");
  expect(await db.selectFrom("publications").select("id").where("article_id", "=", day.article_id!).execute()).toEqual([]);

  // At the slot: exactly one live post on the hosted blog, not before its time.
  const live = await until(
    "the post to be live",
    async () => {
      const rows = await db
        .selectFrom("publications")
        .select(["status", "remote_url", "published_at", "created_at"])
        .where("article_id", "=", day.article_id!)
        .execute();
      return rows.length && rows.every((r) => r.status === "published") ? rows : undefined;
    },
    newSlot.getTime() - Date.now() + 2 * MINUTE,
  );
  expect(live).toHaveLength(1);
  expect(Date.parse(live[0]!.created_at)).toBeGreaterThanOrEqual(newSlot.getTime());
  expect(Date.parse(live[0]!.published_at!) - newSlot.getTime()).toBeLessThan(2 * MINUTE);
  const post = await page.request.get(live[0]!.remote_url!);
  expect(post.status()).toBe(200);

  // The day reads Published with its link, and 'Next publish' names tomorrow's slot and keyword.
  await until(
    "the day to read published",
    async () =>
      (await db.selectFrom("autopilot_days").select("state").where("id", "=", day.id).executeTakeFirstOrThrow()).state === "published",
    2 * MINUTE,
  );
  await page.goto("/dashboard/scheduler");
  const next = page.getByTestId("next-publish");
  await expect(next).toContainText("french press ratio");
  await expect(next).toContainText(newTime);
  await expect(next).not.toContainText("how to store coffee beans");
});
