import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import {
  enqueueDueAutopilot,
  enqueueReadyChecks,
  runAutopilotPublish,
  runAutopilotReady,
  runAutopilotWrite,
} from "#app/modules/autopilot/autopilot.server";
import { describeMoved, movePendingDays } from "#app/modules/autopilot/pending.server";
import { decideDay, retryDay, reviewView } from "#app/modules/autopilot/review.server";
import { autopilotStatus, setAutopilotRunning, skipDay } from "#app/modules/autopilot/status.server";
import { dayTimeline } from "#app/modules/autopilot/timeline.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { chooseTopic, clearDay } from "#app/modules/scheduler/scheduler.server";
import { savePublishingSettings } from "#app/modules/publishing/schedule.server";
import { action as settingsAction } from "#app/routes/dashboard/settings/route";
import * as reviewRoute from "#app/routes/dashboard/review";
import { newId } from "#app/utils/crypto.server";
import { formatDayDate, isoNow } from "#app/utils/time";
import { readToast } from "#app/utils/toast.server";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Auto-pilot keeps its word, with an injected clock: the times the scheduler shows are the rows the engine acts on
 * (a new publishing time moves the day's publish_at and its job together), a day is Ready or Held as soon as its
 * article is written (the review mail goes out then), approval waits for the day's time or goes now, Published and
 * Failed follow the publication, each change is on the day's timeline, and a failure mails the owners once.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const ZONE = "Europe/Berlin";
/** 2031-06-02 in Berlin is UTC+2: 09:00 local is 07:00Z, 18:30 local is 16:30Z. */
const DAY = "2031-06-02";
const at = (utc: string) => new Date(`${DAY}T${utc}Z`);

async function site(options: { day?: string; review?: boolean; tomorrow?: string } = {}) {
  const user = await makeUser(db, { workspace: { plan: "pro", trial_ends_at: "2020-01-01T00:00:00.000Z" }, site: { timezone: ZONE } });
  await db
    .updateTable("content_settings")
    .set({ auto_generation: 1, auto_gen_time: "09:00", auto_publish: 1, autopilot_min_score: 70, review_mode: options.review ? 1 : 0 })
    .where("site_id", "=", user.siteId)
    .execute();
  await db
    .updateTable("publishing_settings")
    .set({ scheduled_time: "18:30", daily_times: "[]" })
    .where("site_id", "=", user.siteId)
    .execute();
  const plan = [
    [options.day ?? DAY, "cold brew at home"],
    [options.tomorrow ?? "2031-06-03", "iced latte recipe"],
  ];
  for (const [date, keyword] of plan)
    await db
      .insertInto("plan_items")
      .values({ id: newId(), site_id: user.siteId, date: date!, keyword: keyword!, topic_id: null, article_id: null, created_at: isoNow() })
      .execute();
  return user;
}

const dayOf = async (user: TestUser) =>
  db.selectFrom("autopilot_days").selectAll().where("site_id", "=", user.siteId).orderBy("day").executeTakeFirstOrThrow();
const publishJob = (dayId: string) =>
  db
    .selectFrom("jobs")
    .select(["run_at", "status"])
    .where("name", "=", "autopilot-publish")
    .where("idempotency_key", "=", `autopilot-publish:${dayId}`)
    .executeTakeFirstOrThrow();

/** The tick and the write step at `at`, and the writer finishing a good article: the day's row, still Writing. */
async function writtenOn(user: TestUser, at: Date) {
  await enqueueDueAutopilot(db, at);
  await runAutopilotWrite(db, (await dayOf(user)).id, at);
  const row = await dayOf(user);
  await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", row.generation_id!).execute();
  await db
    .updateTable("articles")
    .set({ status: "draft", source: "ai", title: "Cold brew", content_html: "<p>Good text.</p>", word_count: 1400, seo_score: 88 })
    .where("id", "=", row.article_id!)
    .execute();
  return row;
}

/** The tick at 09:00 local, the write step, and the writer finishing a good article at `finished`. */
async function written(user: TestUser, finished = at("07:04:00")) {
  await enqueueDueAutopilot(db, at("07:00:00"));
  const day = await dayOf(user);
  await runAutopilotWrite(db, day.id, at("07:00:00"));
  const row = await dayOf(user);
  // Still being written: the tick asks for no check yet, and a check finds nothing to do.
  expect(await enqueueReadyChecks(db)).toBe(0);
  await runAutopilotReady(db, day.id, at("07:02:00"));
  expect((await dayOf(user)).state).toBe("writing");
  await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", row.generation_id!).execute();
  await db
    .updateTable("articles")
    .set({ status: "draft", source: "ai", title: "Cold brew at home", content_html: "<p>Good text.</p>", word_count: 1400, seo_score: 88 })
    .where("id", "=", row.article_id!)
    .execute();
  // Written: the next tick asks for the check, once.
  expect(await enqueueReadyChecks(db)).toBeGreaterThanOrEqual(1);
  const checks = await db.selectFrom("jobs").select("id").where("idempotency_key", "=", `autopilot-ready:${day.id}`).execute();
  expect(checks).toHaveLength(1);
  await runAutopilotReady(db, day.id, finished);
  return dayOf(user);
}

describe("live states", () => {
  it("a day is Ready the moment its article is written, long before its time, and the timeline records each change", async () => {
    const user = await site();
    const day = await written(user);
    expect(day).toMatchObject({ state: "ready", publish_at: "2031-06-02T16:30:00.000Z" });
    const status = await autopilotStatus(db, { id: user.siteId, timeZone: ZONE }, at("07:05:00"));
    expect(status.days[DAY]).toMatchObject({ state: "ready", timeText: "6:30 PM", changedText: "9:04 AM" });
    expect(status.nextPublish).toEqual({ when: `${formatDayDate(DAY)} 18:30`, what: "cold brew at home" });
    // At its time it is handed to the destination (Scheduled), then Published with the link once live.
    await runAutopilotPublish(db, day.id, at("16:30:00"));
    expect((await dayOf(user)).state).toBe("scheduled");
    await db
      .updateTable("publications")
      .set({ status: "published", remote_url: "http://localhost:3000/b/x/cold-brew", published_at: "2031-06-02T16:30:05.000Z" })
      .where("article_id", "=", day.article_id!)
      .execute();
    await enqueueDueAutopilot(db, at("16:31:00"));
    expect((await dayOf(user)).state).toBe("published");
    const timeline = await dayTimeline(db, user.siteId, day.id);
    expect(timeline.map((e) => [e.state, e.at])).toEqual([
      ["writing", "2031-06-02T07:00:00.000Z"],
      ["ready", "2031-06-02T07:04:00.000Z"],
      ["scheduled", "2031-06-02T16:30:00.000Z"],
      ["published", "2031-06-02T16:31:00.000Z"],
    ]);
    expect(timeline.at(-1)!.detail).toBe("http://localhost:3000/b/x/cold-brew");
    // A past slot is never 'next': after today's post, the next is tomorrow's slot with tomorrow's keyword.
    const after = await autopilotStatus(db, { id: user.siteId, timeZone: ZONE }, at("16:32:00"));
    expect(after.nextPublish).toEqual({ when: `${formatDayDate("2031-06-03")} 18:30`, what: "iced latte recipe" });
    expect(after.todayPassed).toBe(true);
  });

  it("a failed publication makes the day Failed with the reason, mails the owners once with the fix, and 'Try again' hands it over again", async () => {
    const user = await site({ day: "2031-06-09", tomorrow: "2031-06-10" });
    const row = await writtenOn(user, new Date("2031-06-09T07:00:00Z"));
    await runAutopilotPublish(db, row.id, new Date("2031-06-09T16:30:00Z"));
    await db
      .updateTable("publications")
      .set({ status: "failed", last_error: "WordPress answered 401: wrong application password" })
      .where("article_id", "=", row.article_id!)
      .execute();
    await enqueueDueAutopilot(db, new Date("2031-06-09T16:31:00Z"));
    await enqueueDueAutopilot(db, new Date("2031-06-09T16:32:00Z"));
    const failed = await dayOf(user);
    expect(failed.state).toBe("failed");
    expect(JSON.parse(failed.reasons)).toEqual(["WordPress answered 401: wrong application password"]);
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text"])
      .where("to_address", "=", user.email)
      .where("subject", "like", "Auto-pilot could not publish%")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("wrong application password");
    expect(mails[0]!.text).toContain("reconnect the destination");
    expect(mails[0]!.text).toContain(`/dashboard/review/${row.id}`);
    expect((await reviewView(db, user.siteId, row.id))!.canRetry).toBe(true);
    await retryDay(db, { siteId: user.siteId, userId: user.userId, userName: "Olive Owner" }, row.id, new Date("2031-06-09T16:40:00Z"));
    expect((await dayOf(user)).state).toBe("scheduled");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", row.article_id!).execute()).toHaveLength(1);
  });
});

describe("the owners' mail tells the time the truth", () => {
  it("says the article was not published only once its slot has passed", async () => {
    const user = await site({ day: "2031-06-23", tomorrow: "2031-06-24" });
    await enqueueDueAutopilot(db, new Date("2031-06-23T07:00:00Z"));
    const day = await dayOf(user);
    await runAutopilotWrite(db, day.id, new Date("2031-06-23T07:00:00Z"));
    // Still being written two hours after the 18:30 slot (16:30Z): held, and the mail says it did not go out.
    await runAutopilotReady(db, day.id, new Date("2031-06-23T18:31:00Z"));
    expect((await dayOf(user)).state).toBe("held");
    const mail = await db
      .selectFrom("mail_outbox")
      .select(["text"])
      .where("to_address", "=", user.email)
      .where("subject", "like", "Auto-pilot needs you%")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain("Auto-pilot did not publish today's article");
    expect(mail.text).toContain("was not published, because:");
  });
});

describe("review when it is ready", () => {
  it("review mode holds the article as soon as it is written and mails the day's review then; approval waits for the slot", async () => {
    const user = await site({ review: true, day: "2031-06-16", tomorrow: "2031-06-17" });
    const row = await writtenOn(user, new Date("2031-06-16T07:00:00Z"));
    await runAutopilotReady(db, row.id, new Date("2031-06-16T07:03:00Z"));
    const held = await dayOf(user);
    expect(held.state).toBe("held");
    // The mail went out at 09:03 local, not at the 18:30 slot, and links straight to the day's review.
    const mail = await db
      .selectFrom("mail_outbox")
      .select(["text"])
      .where("to_address", "=", user.email)
      .where("subject", "like", "Auto-pilot needs you%")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`/dashboard/review/${row.id}`);
    // Mailed before its 18:30 slot, it says what will not happen unless they act, never that it did not publish.
    expect(mail.text).toContain("Auto-pilot will not publish at 18:30 unless you act");
    expect(mail.text).toContain("waits for you and will not go out at 18:30");
    expect(mail.text).not.toMatch(/did not publish|was not published/);
    expect((await reviewView(db, user.siteId, row.id))!.canDecide).toBe(true);
    // A new time moves a held day's row and its queued job together too: nothing is left at the old time.
    const moved = await savePublishingSettings(
      db,
      user.siteId,
      { scheduledTime: "18:45", timeZone: ZONE, extraTimes: [] },
      undefined,
      (trx) => movePendingDays(trx, user.siteId, new Date("2031-06-16T07:30:00Z")),
    );
    expect(moved).toHaveLength(1);
    expect((await dayOf(user)).publish_at).toBe("2031-06-16T16:45:00.000Z");
    expect(await publishJob(row.id)).toEqual({ run_at: "2031-06-16T16:45:00.000Z", status: "queued" });
    await savePublishingSettings(db, user.siteId, { scheduledTime: "18:30", timeZone: ZONE, extraTimes: [] }, undefined, (trx) =>
      movePendingDays(trx, user.siteId, new Date("2031-06-16T07:30:00Z")),
    );
    const done = await decideDay(
      db,
      { siteId: user.siteId, userId: user.userId, userName: "Olive Owner" },
      row.id,
      "approved",
      new Date("2031-06-16T08:00:00Z"),
      { confirmed: true },
    );
    expect(done).toMatchObject({ decision: "approved", at: new Date("2031-06-16T16:30:00Z") });
    expect((await dayOf(user)).state).toBe("approved");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", row.article_id!).execute()).toEqual([]);
    expect(await publishJob(row.id)).toEqual({ run_at: "2031-06-16T16:30:00.000Z", status: "queued" });
    // Nothing goes out before the slot; at it, exactly one publication of the approved revision.
    await runAutopilotPublish(db, row.id, new Date("2031-06-16T16:30:00Z"));
    await runAutopilotPublish(db, row.id, new Date("2031-06-16T16:30:30Z"));
    const pubs = await db.selectFrom("publications").select(["revision_id"]).where("article_id", "=", row.article_id!).execute();
    expect(pubs).toHaveLength(1);
    const approval = await db
      .selectFrom("article_approvals")
      .select("revision_id")
      .where("article_id", "=", row.article_id!)
      .executeTakeFirstOrThrow();
    expect(pubs[0]!.revision_id).toBe(approval.revision_id);
  });

  it("'Approve and publish now' publishes at once, before the slot, through the review page", async () => {
    const user = await site({ review: true, day: "2040-06-16", tomorrow: "2040-06-17" });
    const row = await writtenOn(user, new Date("2040-06-16T07:00:00Z"));
    await runAutopilotReady(db, row.id, new Date("2040-06-16T07:03:00Z"));
    const page = await callRoute<Awaited<ReturnType<typeof reviewRoute.loader>>>({
      middleware: [requireAuth],
      handler: reviewRoute.loader,
      params: { dayId: row.id },
      request: get(`/dashboard/review/${row.id}`, user.cookie),
    });
    expect(page.data).toMatchObject({ canDecide: true, slotAhead: true });
    expect(page.data.view.timeline.map((e) => e.state)).toEqual(["writing", "held"]);
    const res = await callRoute({
      middleware: [requireAuth],
      handler: reviewRoute.action,
      params: { dayId: row.id },
      request: post(`/dashboard/review/${row.id}`, { intent: "approve-now" }, user.cookie),
    });
    expect(redirectTarget(res)).toBe("/dashboard/scheduler");
    expect((await dayOf(user)).state).toBe("scheduled");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", row.article_id!).execute()).toHaveLength(1);
  });

  it("a one-sentence draft is never approved on one click: the page names what is missing and asks to confirm", async () => {
    const user = await site({ review: true, day: "2040-07-16", tomorrow: "2040-07-17" });
    const row = await writtenOn(user, new Date("2040-07-16T07:00:00Z"));
    const stub = '<p>Home espresso machines make coffee.</p><p>Read more: <a href="/a">A</a></p>';
    await db
      .updateTable("articles")
      .set({ source: "offline", content_html: stub, word_count: 26, seo_score: 26 })
      .where("id", "=", row.article_id!)
      .execute();
    await runAutopilotReady(db, row.id, new Date("2040-07-16T07:03:00Z"));
    const page = await callRoute<Awaited<ReturnType<typeof reviewRoute.loader>>>({
      middleware: [requireAuth],
      handler: reviewRoute.loader,
      params: { dayId: row.id },
      request: get(`/dashboard/review/${row.id}`, user.cookie),
    });
    expect(page.data.missing.join(" ")).toMatch(/It has 26 words; the medium length is/);
    const decide = (fields: Record<string, string>) =>
      callRoute<{ notice?: { title: string; description: string } }>({
        middleware: [requireAuth],
        handler: reviewRoute.action,
        params: { dayId: row.id },
        request: post(`/dashboard/review/${row.id}`, fields, user.cookie),
      });
    const refused = await decide({ intent: "approve-now" });
    expect(refused.status).toBe(409);
    expect(refused.data.notice).toMatchObject({ title: "Confirm to approve" });
    expect(refused.data.notice!.description).toContain("It has 26 words");
    expect((await dayOf(user)).state).toBe("held");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", row.article_id!).execute()).toEqual([]);
    // Confirmed by name: the reviewer's choice.
    expect(redirectTarget(await decide({ intent: "approve-now", confirmed: "yes" }))).toBe("/dashboard/scheduler");
    expect((await dayOf(user)).state).toBe("scheduled");
  });
});

describe("one source of truth for when", () => {
  it("a new publishing time moves the day's publish_at and its pending job in the same save, and 'Next publish' follows", async () => {
    const user = await site({ day: "2031-06-23", tomorrow: "2031-06-24" });
    await enqueueDueAutopilot(db, new Date("2031-06-23T07:00:00Z"));
    const first = await dayOf(user);
    await runAutopilotWrite(db, first.id, new Date("2031-06-23T07:00:00Z"));
    expect(await publishJob(first.id)).toEqual({ run_at: "2031-06-23T16:30:00.000Z", status: "queued" });
    // At 10:00 local the customer sets 11:04.
    const now = new Date("2031-06-23T08:00:00Z");
    const moved = await savePublishingSettings(
      db,
      user.siteId,
      { scheduledTime: "11:04", timeZone: ZONE, extraTimes: [] },
      undefined,
      (trx) => movePendingDays(trx, user.siteId, now),
    );
    expect(moved).toEqual([expect.objectContaining({ dayId: first.id, to: `${formatDayDate("2031-06-23")} 11:04` })]);
    expect(describeMoved(moved!)).toBe(`“cold brew at home” now goes out on ${formatDayDate("2031-06-23")} 11:04.`);
    expect((await dayOf(user)).publish_at).toBe("2031-06-23T09:04:00.000Z");
    expect(await publishJob(first.id)).toEqual({ run_at: "2031-06-23T09:04:00.000Z", status: "queued" });
    expect((await autopilotStatus(db, { id: user.siteId, timeZone: ZONE }, now)).nextPublish).toEqual({
      when: `${formatDayDate("2031-06-23")} 11:04`,
      what: "cold brew at home",
    });
    // A new time zone moves it too (11:04 in New York is 15:04Z in summer).
    await savePublishingSettings(
      db,
      user.siteId,
      { scheduledTime: "11:04", timeZone: "America/New_York", extraTimes: [] },
      undefined,
      (trx) => movePendingDays(trx, user.siteId, now),
    );
    expect((await dayOf(user)).publish_at).toBe("2031-06-23T15:04:00.000Z");
    expect((await publishJob(first.id)).run_at).toBe("2031-06-23T15:04:00.000Z");
    // A time already past today: the day's article goes out now, never on the next day.
    await savePublishingSettings(
      db,
      user.siteId,
      { scheduledTime: "03:00", timeZone: "America/New_York", extraTimes: [] },
      undefined,
      (trx) => movePendingDays(trx, user.siteId, now),
    );
    expect((await dayOf(user)).publish_at).toBe(now.toISOString());
  });

  it("saving the Publishing tab says what moved in the toast", async () => {
    const user = await site({ day: "2041-06-23", tomorrow: "2041-06-24" });
    await enqueueDueAutopilot(db, new Date("2041-06-23T07:00:00Z"));
    const first = await dayOf(user);
    await runAutopilotWrite(db, first.id, new Date("2041-06-23T07:00:00Z"));
    const res = await callRoute({
      middleware: [requireAuth],
      handler: settingsAction,
      request: post("/dashboard/settings?tab=publishing", { intent: "publishing", scheduledTime: "20:15", timeZone: ZONE }, user.cookie),
    });
    const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
    const toast = JSON.parse(Buffer.from(decodeURIComponent(raw!).split(".")[0]!, "base64").toString("utf8")) as Record<string, string>;
    expect(toast).toMatchObject({
      title: "Publishing settings saved!",
      description: `“cold brew at home” now goes out on ${formatDayDate("2041-06-23")} 20:15.`,
    });
    expect((await publishJob(first.id)).run_at).toBe("2041-06-23T18:15:00.000Z");
  });

  it("pausing holds a ready day and cancels its job; resuming checks it again and queues it at its time; skipping a started day sets it aside", async () => {
    const user = await site({ day: "2042-06-02", tomorrow: "2042-06-03" });
    const row = await writtenOn(user, new Date("2042-06-02T07:00:00Z"));
    await runAutopilotReady(db, row.id, new Date("2042-06-02T07:03:00Z"));
    expect((await dayOf(user)).state).toBe("ready");
    const actor = { userId: user.userId, workspaceId: user.workspaceId, ip: null };
    const now = new Date("2042-06-02T08:00:00Z");
    expect(describeMoved(await setAutopilotRunning(db, user.siteId, false, actor, now))).toContain("is held until you resume");
    expect((await dayOf(user)).state).toBe("held");
    expect((await publishJob(row.id)).status).toBe("cancelled");
    await setAutopilotRunning(db, user.siteId, true, actor, now);
    expect((await dayOf(user)).state).toBe("writing");
    expect(await publishJob(row.id)).toEqual({ run_at: "2042-06-02T16:30:00.000Z", status: "queued" });
    await runAutopilotReady(db, row.id, now);
    expect((await dayOf(user)).state).toBe("ready");
    expect(await skipDay(db, { id: user.siteId, timeZone: ZONE }, "2042-06-02", now)).toBe("cold brew at home");
    expect((await dayOf(user)).state).toBe("skipped");
    expect((await publishJob(row.id)).status).toBe("cancelled");
  });

  it("the Content tab's switches move the pending days in the same save: off holds, on resumes, review mode holds a ready day for approval", async () => {
    const user = await site({ day: "2043-06-02", tomorrow: "2043-06-03" });
    const first = await writtenOn(user, new Date("2043-06-02T07:00:00Z"));
    const now = new Date("2043-06-02T08:00:00Z");
    await runAutopilotReady(db, first.id, now);
    expect((await dayOf(user)).state).toBe("ready");
    const form = {
      intent: "content",
      articleLength: "medium",
      brandMentions: "minimal",
      internalLinksCount: "regular",
      externalLinks: "few",
      language: "en-US",
      autoGenTime: "09:00",
    };
    const on = { ...form, autoGeneration: "on", autoPublish: "on", autopilotMinScore: "70" };
    const save = async (fields: Record<string, string>) => {
      const res = await callRoute({
        middleware: [requireAuth],
        handler: settingsAction,
        request: post("/dashboard/settings?tab=content", fields, user.cookie),
      });
      const cookie = (res.headers.get("Set-Cookie") ?? "").split(";")[0]!;
      const { toast } = await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }));
      return { description: toast?.description };
    };
    // Automatic generation off in the Content tab is a pause: the ready day is held, its job cancelled.
    expect((await save({ ...form, autopilotMinScore: "70" })).description).toBe(
      "“cold brew at home” is held until you resume auto-pilot or approve it.",
    );
    expect((await dayOf(user)).state).toBe("held");
    expect((await publishJob(first.id)).status).toBe("cancelled");
    // On again: checked again and queued at its time.
    expect((await save(on)).description).toBe("“cold brew at home” goes out at its time again.");
    expect((await dayOf(user)).state).toBe("writing");
    expect((await publishJob(first.id)).status).toBe("queued");
    await runAutopilotReady(db, first.id, now);
    expect((await dayOf(user)).state).toBe("ready");
    // Review mode on: the ready day is checked again and waits for a person.
    expect((await save({ ...on, reviewMode: "on" })).description).toBe(
      "“cold brew at home” is checked again against these settings before it goes out.",
    );
    await runAutopilotReady(db, first.id, now);
    const held = await dayOf(user);
    expect(held.state).toBe("held");
    expect(JSON.parse(held.reasons)).toContain("Review mode is on: it waits for your approval.");
    // Its publish step at the time does nothing: a held day never goes out on its own.
    await runAutopilotPublish(db, first.id, new Date("2043-06-02T16:30:00Z"));
    expect((await dayOf(user)).state).toBe("held");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", first.article_id!).execute()).toEqual([]);
    // A change the check does not read (the language) leaves the day alone.
    expect((await save({ ...on, reviewMode: "on", language: "de-DE" })).description).toBeUndefined();
    expect((await dayOf(user)).state).toBe("held");
  });

  it("a started day's topic cannot be changed or cleared in the calendar: the page says to skip it", async () => {
    const user = await site({ day: "2044-06-02", tomorrow: "2044-06-03" });
    await enqueueDueAutopilot(db, new Date("2044-06-02T07:00:00Z"));
    const first = await dayOf(user);
    await runAutopilotWrite(db, first.id, new Date("2044-06-02T07:00:00Z"));
    const now = new Date("2044-06-02T08:00:00Z");
    const scheduler = { id: user.siteId, timeZone: ZONE };
    const topic = await db
      .insertInto("topics")
      .values({ id: newId(), site_id: user.siteId, name: "Espresso", created_at: isoNow(), updated_at: isoNow() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(chooseTopic(db, scheduler, { date: "2044-06-02", topicId: topic.id, now })).rejects.toThrow(
      `“cold brew at home” is already being written for ${formatDayDate("2044-06-02")}. Skip the day to set it aside, then choose another day.`,
    );
    await expect(clearDay(db, scheduler, { date: "2044-06-02", now })).rejects.toThrow("Skip the day");
    const item = await db
      .selectFrom("plan_items")
      .select("keyword")
      .where("site_id", "=", user.siteId)
      .where("date", "=", "2044-06-02")
      .executeTakeFirst();
    expect(item?.keyword).toBe("cold brew at home");
    // A day not started yet can still be changed.
    await expect(chooseTopic(db, scheduler, { date: "2044-06-03", topicId: topic.id, now })).resolves.toMatchObject({
      keyword: "Espresso",
    });
    // A skipped day says so.
    await skipDay(db, scheduler, "2044-06-02", now);
    await expect(chooseTopic(db, scheduler, { date: "2044-06-02", topicId: topic.id, now })).rejects.toThrow("was skipped");
  });
});
