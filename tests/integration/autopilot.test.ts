import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { enqueueDueAutopilot, runAutopilotPublish, runAutopilotWrite } from "#app/modules/autopilot/autopilot.server";
import { monthKey } from "#app/modules/articles/quota.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { newId } from "#app/utils/crypto.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import * as reviewRoute from "#app/routes/dashboard/review";
import * as schedulerRoute from "#app/routes/dashboard/scheduler/route";
import { addDays, formatDayDate, isoNow, zonedDate } from "#app/utils/time";
import { whileAiProviderConfigured } from "#tests/setup/ai-provider";
import { testDb } from "#tests/setup/db";
import { addMember, makeArticle, makePublication, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Auto-pilot: the tick makes one row per site and local
 * day once the generation time has passed (two ticks, concurrent calls and a
 * catch-up after downtime act once), the write step starts the planned keyword
 * through the pipeline, the publish step gates and publishes or holds with
 * reasons and a mail; the plan's quota stops it with its own words.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const ZONE = "Europe/Berlin";

async function autopilotSite(options: { plan?: "trial" | "pro"; day: string; keyword?: string; autoPublish?: boolean; zone?: string }) {
  const user = await makeUser(db, {
    workspace: { plan: options.plan ?? "pro", trial_ends_at: "2020-01-01T00:00:00.000Z" },
    site: { timezone: options.zone ?? ZONE },
  });
  await db
    .updateTable("content_settings")
    .set({ auto_generation: 1, auto_gen_time: "09:00", auto_publish: options.autoPublish === false ? 0 : 1, autopilot_min_score: 70 })
    .where("site_id", "=", user.siteId)
    .execute();
  await db
    .updateTable("publishing_settings")
    .set({ scheduled_time: "18:30", daily_times: "[]" })
    .where("site_id", "=", user.siteId)
    .execute();
  if (options.keyword !== "")
    await db
      .insertInto("plan_items")
      .values({
        id: newId(),
        site_id: user.siteId,
        date: options.day,
        keyword: options.keyword ?? "cold brew at home",
        topic_id: null,
        article_id: null,
        created_at: isoNow(),
      })
      .execute();
  return user;
}
const daysOf = (user: TestUser) => db.selectFrom("autopilot_days").selectAll().where("site_id", "=", user.siteId).execute();
const writeJobs = (dayId: string) =>
  db.selectFrom("jobs").select(["id", "run_at"]).where("name", "=", "autopilot-write").where("payload", "like", `%${dayId}%`).execute();

describe("the tick", () => {
  it("acts once the local generation time has passed, once per day, whatever the number of ticks or callers", async () => {
    const user = await autopilotSite({ day: "2030-07-01" });
    // 08:59 in Berlin (summer, UTC+2): not yet.
    await enqueueDueAutopilot(db, new Date("2030-07-01T06:59:00Z"));
    expect(await daysOf(user)).toEqual([]);
    // 09:00: due. Two concurrent callers and a later tick make one row and one job.
    await Promise.all([
      enqueueDueAutopilot(db, new Date("2030-07-01T07:00:00Z")),
      enqueueDueAutopilot(db, new Date("2030-07-01T07:00:30Z")),
    ]);
    await enqueueDueAutopilot(db, new Date("2030-07-01T07:01:00Z"));
    const days = await daysOf(user);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ day: "2030-07-01", state: "writing" });
    expect(await writeJobs(days[0]!.id)).toHaveLength(1);
  });

  it("after downtime it catches up the day once, never a missed earlier day twice", async () => {
    const user = await autopilotSite({ day: "2030-07-02" });
    // The server was down at 09:00; the first tick comes at 15:00 local.
    await enqueueDueAutopilot(db, new Date("2030-07-02T13:00:00Z"));
    await enqueueDueAutopilot(db, new Date("2030-07-02T13:01:00Z"));
    expect((await daysOf(user)).map((d) => d.day)).toEqual(["2030-07-02"]);
  });

  it("follows the site's clock across the daylight-saving change (Europe, last Sunday of March)", async () => {
    const user = await autopilotSite({ day: "2031-03-30" });
    // 30 March 2031: clocks go forward at 02:00 in Berlin; 09:00 local is 07:00 UTC.
    await enqueueDueAutopilot(db, new Date("2031-03-30T06:59:00Z"));
    expect(await daysOf(user)).toEqual([]);
    await enqueueDueAutopilot(db, new Date("2031-03-30T07:00:00Z"));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date("2031-03-30T07:00:00Z"));
    const written = (await daysOf(user))[0]!;
    // 18:30 local on a summer-time day is 16:30 UTC.
    expect(written.publish_at).toBe("2031-03-30T16:30:00.000Z");
  });
});

describe("the tick in the US", () => {
  it("follows the site's clock across the daylight-saving change (US, second Sunday of March)", async () => {
    const user = await autopilotSite({ day: "2031-03-09", zone: "America/New_York" });
    // 9 March 2031: clocks go forward at 02:00 in New York; 09:00 local is 13:00 UTC (EDT), not 14:00.
    await enqueueDueAutopilot(db, new Date("2031-03-09T12:59:00Z"));
    expect(await daysOf(user)).toEqual([]);
    await enqueueDueAutopilot(db, new Date("2031-03-09T13:00:00Z"));
    const [day] = await daysOf(user);
    expect(day!.day).toBe("2031-03-09");
    await runAutopilotWrite(db, day!.id, new Date("2031-03-09T13:00:00Z"));
    expect((await daysOf(user))[0]!.publish_at).toBe("2031-03-09T22:30:00.000Z");
  });
});

describe("writing and publishing", () => {
  it("writes the planned keyword (the offline writer's draft costs nothing), then publishes a good article to the default destination", async () => {
    const user = await autopilotSite({ day: "2030-08-01" });
    await enqueueDueAutopilot(db, new Date("2030-08-01T07:00:00Z"));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date("2030-08-01T07:00:00Z"));
    await runAutopilotWrite(db, day!.id, new Date("2030-08-01T07:00:05Z"));
    const written = (await daysOf(user))[0]!;
    expect(written).toMatchObject({ keyword: "cold brew at home", state: "writing", publish_at: "2030-08-01T16:30:00.000Z" });
    // Without an AI provider the offline writer drafts the article, which never counts against the plan.
    const usage = await db.selectFrom("usage_events").select("id").where("site_id", "=", user.siteId).execute();
    expect(usage).toHaveLength(0);
    const publishJobs = await db
      .selectFrom("jobs")
      .select("run_at")
      .where("name", "=", "autopilot-publish")
      .where("payload", "like", `%${day!.id}%`)
      .execute();
    expect(publishJobs).toEqual([{ run_at: "2030-08-01T16:30:00.000Z" }]);

    // The writer finished a good article (as the AI provider would write it).
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", written.generation_id!).execute();
    await db
      .updateTable("articles")
      .set({
        status: "draft",
        source: "ai",
        title: "Cold brew at home",
        content_html: "<p>Good text.</p>",
        word_count: 1400,
        seo_score: 88,
      })
      .where("id", "=", written.article_id!)
      .execute();
    await runAutopilotPublish(db, day!.id, new Date("2030-08-01T16:30:00Z"));
    expect((await daysOf(user))[0]).toMatchObject({ state: "scheduled", reasons: "[]" });
    const publication = await db
      .selectFrom("publications")
      .select(["status", "mode"])
      .where("article_id", "=", written.article_id!)
      .executeTakeFirstOrThrow();
    expect(publication).toMatchObject({ mode: "live" });
    // A second run of the step (a retry, a second worker) publishes nothing more.
    await runAutopilotPublish(db, day!.id, new Date("2030-08-01T16:31:00Z"));
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", written.article_id!).execute()).toHaveLength(1);
  });

  it("holds a weak article with its reasons and mails the owner once", async () => {
    const user = await autopilotSite({ day: "2030-08-02" });
    await enqueueDueAutopilot(db, new Date("2030-08-02T07:00:00Z"));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date("2030-08-02T07:00:00Z"));
    const written = (await daysOf(user))[0]!;
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", written.generation_id!).execute();
    await db
      .updateTable("articles")
      .set({
        status: "draft",
        source: "offline",
        title: "Cold brew",
        content_html: "<p>Lorem ipsum [insert price]</p>",
        word_count: 300,
        seo_score: 41,
      })
      .where("id", "=", written.article_id!)
      .execute();
    await runAutopilotPublish(db, day!.id, new Date("2030-08-02T16:30:00Z"));
    await runAutopilotPublish(db, day!.id, new Date("2030-08-02T16:31:00Z"));
    const held = (await daysOf(user))[0]!;
    expect(held.state).toBe("held");
    const reasons = JSON.parse(held.reasons) as string[];
    console.info(reasons);
    expect(reasons.join(" ")).toMatch(/offline writer/);
    expect(reasons.join(" ")).toMatch(/SEO score is 41, below your minimum of 70/);
    expect(reasons.join(" ")).toMatch(/300 words/);
    expect(reasons.join(" ")).toMatch(/placeholder text/);
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", written.article_id!).execute()).toEqual([]);
    const mails = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text"])
      .where("to_address", "=", user.email)
      .where("subject", "like", "Auto-pilot%")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("below your minimum of 70");
  });

  it("with strict links on, an article whose external link is not verified is held", async () => {
    const user = await autopilotSite({ day: "2030-08-06" });
    await db.updateTable("content_settings").set({ autopilot_strict_links: 1 }).where("site_id", "=", user.siteId).execute();
    await enqueueDueAutopilot(db, new Date("2030-08-06T07:00:00Z"));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date("2030-08-06T07:00:00Z"));
    const written = (await daysOf(user))[0]!;
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", written.generation_id!).execute();
    await db
      .updateTable("articles")
      .set({ status: "draft", source: "ai", title: "Cold brew", content_html: "<p>Good.</p>", word_count: 1400, seo_score: 90 })
      .where("id", "=", written.article_id!)
      .execute();
    await db
      .insertInto("links")
      .values({
        id: newId(),
        site_id: user.siteId,
        article_id: written.article_id!,
        url: "https://example.org/source",
        kind: "external",
        http_status: null,
        final_url: null,
        checked_at: null,
        last_error: null,
        created_at: isoNow(),
        attempted_at: null,
        failure: null,
      })
      .execute();
    await runAutopilotPublish(db, day!.id, new Date("2030-08-06T16:30:00Z"));
    const held = (await daysOf(user))[0]!;
    expect(held.state).toBe("held");
    expect(held.reasons).toContain("not verified working");
  });

  it("without automatic publishing the article waits as a draft", async () => {
    const user = await autopilotSite({ day: "2030-08-03", autoPublish: false });
    await enqueueDueAutopilot(db, new Date("2030-08-03T07:00:00Z"));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date("2030-08-03T07:00:00Z"));
    const written = (await daysOf(user))[0]!;
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", written.generation_id!).execute();
    await runAutopilotPublish(db, day!.id, new Date("2030-08-03T16:30:00Z"));
    expect((await daysOf(user))[0]!.state).toBe("written");
  });

  it("a day with nothing planned is skipped and says why", async () => {
    const user = await autopilotSite({ day: "2030-08-04", keyword: "" });
    await enqueueDueAutopilot(db, new Date("2030-08-04T07:00:00Z"));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date("2030-08-04T07:00:00Z"));
    const skipped = (await daysOf(user))[0]!;
    expect(skipped.state).toBe("skipped");
    expect(skipped.reasons).toContain("Nothing was planned for this day");
  });

  it("the quota running out mid-month stops auto-pilot with the plan's words and a mail", async () => {
    // Only a provider's articles count, so only then can the quota run out.
    await whileAiProviderConfigured(async () => {
      const user = await autopilotSite({ day: "2030-08-05" });
      const month = monthKey(new Date());
      await db
        .insertInto("usage_events")
        .values(
          Array.from({ length: 50 }, () => ({
            workspace_id: user.workspaceId,
            site_id: user.siteId,
            article_id: null,
            month,
            kind: "article_created" as const,
            created_at: isoNow(),
          })),
        )
        .execute();
      await enqueueDueAutopilot(db, new Date("2030-08-05T07:00:00Z"));
      const [day] = await daysOf(user);
      await runAutopilotWrite(db, day!.id);
      const held = (await daysOf(user))[0]!;
      expect(held.state).toBe("held");
      expect(held.reasons).toContain("Monthly limit reached");
      expect(held.article_id).toBeNull();
      expect(
        await db
          .selectFrom("mail_outbox")
          .select("id")
          .where("to_address", "=", user.email)
          .where("subject", "like", "Auto-pilot%")
          .execute(),
      ).toHaveLength(1);
    });
  });
});

describe("with the worker", () => {
  let worker: ReturnType<typeof startWorker>;
  beforeAll(() => {
    worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 20 });
  });
  afterAll(async () => {
    await worker.stop();
  });

  it("the offline writer's article is written by the real pipeline and held for approval, never published on its own", async () => {
    const user = await autopilotSite({ day: "2030-09-01" });
    await enqueueDueAutopilot(db, new Date("2030-09-01T07:00:00Z"));
    const [day] = await daysOf(user);
    const deadline = Date.now() + 20_000;
    for (;;) {
      const row = (await daysOf(user))[0]!;
      if (row.generation_id) {
        const generation = await db
          .selectFrom("generations")
          .select("status")
          .where("id", "=", row.generation_id)
          .executeTakeFirstOrThrow();
        if (generation.status !== "running") break;
      }
      if (Date.now() > deadline) throw new Error("the generation did not finish");
      await new Promise((r) => setTimeout(r, 50));
    }
    await runAutopilotPublish(db, day!.id, new Date("2030-09-01T16:30:00Z"));
    const held = (await daysOf(user))[0]!;
    expect(held.state).toBe("held");
    expect(held.reasons).toContain("offline writer");
    // Without research the offline writer writes a few honest words, not filler: the gate says it is too short.
    const reasons = JSON.parse(held.reasons) as string[];
    expect(reasons.some((r) => /^It has \d+ words; the medium length is 1200-1600\.$/.test(r))).toBe(true);
    const article = await db
      .selectFrom("articles")
      .select(["source", "status", "target_keyword"])
      .where("id", "=", held.article_id!)
      .executeTakeFirstOrThrow();
    expect(article).toMatchObject({ source: "offline", status: "draft", target_keyword: "cold brew at home" });
  });
});

describe("the scheduler's auto-pilot controls", () => {
  const schedulerAction = (user: TestUser, fields: Record<string, string>) =>
    callRoute({ middleware: [requireAuth], handler: schedulerRoute.action, request: post("/dashboard/scheduler", fields, user.cookie) });
  const schedulerLoad = (user: TestUser, tab = "coming") =>
    callRoute<Awaited<ReturnType<typeof schedulerRoute.loader>>>({
      middleware: [requireAuth],
      handler: schedulerRoute.loader,
      request: get(`/dashboard/scheduler?tab=${tab}`, user.cookie),
    });

  it("shows 'Next publish' in local time, pauses and resumes, and skips a planned day so nothing is written", async () => {
    const tomorrow = addDays(zonedDate(new Date(), ZONE), 1);
    const user = await autopilotSite({ day: tomorrow });
    const page = await schedulerLoad(user);
    expect(page.data.autopilot.enabled).toBe(true);
    expect(page.data.autopilot.nextPublish).toEqual({ when: `${formatDayDate(tomorrow)} 18:30`, what: "cold brew at home" });

    expect(redirectTarget(await schedulerAction(user, { intent: "pause" }))).toBe("/dashboard/scheduler");
    expect((await schedulerLoad(user)).data.autopilot.enabled).toBe(false);
    await schedulerAction(user, { intent: "resume" });
    expect((await schedulerLoad(user)).data.autopilot.enabled).toBe(true);

    expect(redirectTarget(await schedulerAction(user, { intent: "skip", date: tomorrow }))).toBe("/dashboard/scheduler");
    const item = await db
      .selectFrom("plan_items")
      .select("status")
      .where("site_id", "=", user.siteId)
      .where("date", "=", tomorrow)
      .executeTakeFirstOrThrow();
    expect(item.status).toBe("skipped");
    expect((await schedulerLoad(user)).data.autopilot.nextPublish).toBeNull();
  });

  it("an editor may skip a day but not pause auto-pilot", async () => {
    const tomorrow = addDays(zonedDate(new Date(), ZONE), 1);
    const owner = await autopilotSite({ day: tomorrow });
    const editor = await makeUser(db);
    await addMember(db, editor.userId, owner.workspaceId, "editor");
    await db.deleteFrom("memberships").where("user_id", "=", editor.userId).where("workspace_id", "=", editor.workspaceId).execute();
    expect((await schedulerAction(editor, { intent: "pause" })).status).toBe(403);
    const settings = await db
      .selectFrom("content_settings")
      .select("auto_generation")
      .where("site_id", "=", owner.siteId)
      .executeTakeFirstOrThrow();
    expect(settings.auto_generation).toBe(1);
    expect(redirectTarget(await schedulerAction(editor, { intent: "skip", date: tomorrow }))).toBe("/dashboard/scheduler");
  });

  it("'Scheduled Past' lists published posts with their live link and failures with the reason", async () => {
    const user = await autopilotSite({ day: "2030-10-01" });
    const live = await makeArticle(db, user.siteId, { title: "Live one", status: "published", published_at: "2030-01-01T10:00:00.000Z" });
    await makePublication(db, user.siteId, live);
    await db.updateTable("publications").set({ remote_url: "http://localhost:3000/b/x/live-one" }).where("article_id", "=", live).execute();
    const failed = await makeArticle(db, user.siteId, { title: "Failed one", status: "failed" });
    await makePublication(db, user.siteId, failed, { status: "failed" });
    await db
      .updateTable("publications")
      .set({ last_error: "WordPress answered 401: wrong application password" })
      .where("article_id", "=", failed)
      .execute();
    const past = (await schedulerLoad(user, "past")).data.past;
    expect(past).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: "Live one", outcome: "published", liveUrl: "http://localhost:3000/b/x/live-one" }),
        expect.objectContaining({ title: "Failed one", outcome: "failed", error: "WordPress answered 401: wrong application password" }),
      ]),
    );
  });
});

describe("review and approvals", () => {
  const decide = (user: TestUser, dayId: string, intent: "approve" | "reject") =>
    callRoute({
      middleware: [requireAuth],
      handler: reviewRoute.action,
      params: { dayId },
      request: post(`/dashboard/review/${dayId}`, { intent }, user.cookie),
    });

  /** A day whose good AI-written article was held because review mode is on. */
  async function heldForReview(date: string) {
    const user = await autopilotSite({ day: date });
    await db.updateTable("content_settings").set({ review_mode: 1 }).where("site_id", "=", user.siteId).execute();
    await enqueueDueAutopilot(db, new Date(`${date}T09:00:00Z`));
    const [day] = await daysOf(user);
    await runAutopilotWrite(db, day!.id, new Date(`${date}T09:00:00Z`));
    const written = (await daysOf(user))[0]!;
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", written.generation_id!).execute();
    await db
      .updateTable("articles")
      .set({
        status: "draft",
        source: "ai",
        title: "Cold brew at home",
        content_html: "<p>Good text.</p>",
        word_count: 1400,
        seo_score: 88,
      })
      .where("id", "=", written.article_id!)
      .execute();
    await runAutopilotPublish(db, day!.id, new Date(`${date}T16:30:00Z`));
    return { user, day: (await daysOf(user))[0]! };
  }

  it("review mode holds a good article for approval; an editor approves it, it is published and the approval names them", async () => {
    const { user, day } = await heldForReview("2030-11-01");
    expect(day.state).toBe("held");
    expect(JSON.parse(day.reasons)).toEqual(["Review mode is on: it waits for your approval."]);
    const mail = await db
      .selectFrom("mail_outbox")
      .select("text")
      .where("to_address", "=", user.email)
      .where("subject", "like", "Auto-pilot%")
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`/dashboard/review/${day.id}`);

    const editor = await makeUser(db, { fullName: "Erin Editor" });
    await addMember(db, editor.userId, user.workspaceId, "editor");
    await db.deleteFrom("memberships").where("user_id", "=", editor.userId).where("workspace_id", "=", editor.workspaceId).execute();
    const res = await decide(editor, day.id, "approve");
    expect(redirectTarget(res)).toBe("/dashboard/scheduler");
    // Approved before its time: it waits for the slot, then goes out.
    expect((await daysOf(user))[0]!.state).toBe("approved");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", day.article_id!).execute()).toEqual([]);
    await runAutopilotPublish(db, day.id, new Date("2030-11-01T16:30:00Z"));
    expect((await daysOf(user))[0]!.state).toBe("scheduled");
    const approvals = await db.selectFrom("article_approvals").selectAll().where("article_id", "=", day.article_id!).execute();
    expect(approvals).toEqual([expect.objectContaining({ user_id: editor.userId, user_name: "Erin Editor", decision: "approved" })]);
    expect(await db.selectFrom("publications").select("status").where("article_id", "=", day.article_id!).execute()).toHaveLength(1);
    // A second decision is refused: the day is no longer waiting.
    expect((await decide(user, day.id, "reject")).status).toBe(409);
  });

  it("rejecting keeps the article a draft and skips the day; another site's review is a 404", async () => {
    const { user, day } = await heldForReview("2030-11-02");
    const other = await makeUser(db);
    expect((await decide(other, day.id, "approve")).status).toBe(404);
    const res = await decide(user, day.id, "reject");
    expect(redirectTarget(res)).toBe("/dashboard/scheduler");
    const after = (await daysOf(user))[0]!;
    expect(after.state).toBe("skipped");
    expect(after.reasons).toContain("Rejected by");
    expect(await db.selectFrom("publications").select("id").where("article_id", "=", day.article_id!).execute()).toEqual([]);
    const article = await db.selectFrom("articles").select("status").where("id", "=", day.article_id!).executeTakeFirstOrThrow();
    expect(article.status).toBe("draft");
  });
});

describe("two workers on one database", () => {
  it("write and publish a day's article once, whichever worker claims the jobs", async () => {
    const workers = [
      startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 10 }),
      startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 10 }),
    ];
    try {
      const user = await autopilotSite({ day: "2030-12-01" });
      // Both "processes" tick at the same minute.
      await Promise.all([
        enqueueDueAutopilot(db, new Date("2030-12-01T09:00:00Z")),
        enqueueDueAutopilot(db, new Date("2030-12-01T09:00:00Z")),
      ]);
      const deadline = Date.now() + 20_000;
      for (;;) {
        const row = (await daysOf(user))[0];
        if (row?.generation_id) {
          const generation = await db
            .selectFrom("generations")
            .select("status")
            .where("id", "=", row.generation_id)
            .executeTakeFirstOrThrow();
          if (generation.status !== "running") break;
        }
        if (Date.now() > deadline) throw new Error("the day was not written");
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await daysOf(user)).toHaveLength(1);
      expect(await db.selectFrom("articles").select("id").where("site_id", "=", user.siteId).execute()).toHaveLength(1);
      // The offline writer's draft: nothing counted.
      expect(await db.selectFrom("usage_events").select("id").where("site_id", "=", user.siteId).execute()).toHaveLength(0);
      const jobs = await db
        .selectFrom("jobs")
        .select(["name", "status"])
        .where("payload", "like", `%${(await daysOf(user))[0]!.id}%`)
        .execute();
      expect(jobs.filter((j) => j.name === "autopilot-write")).toEqual([{ name: "autopilot-write", status: "succeeded" }]);
      expect(jobs.filter((j) => j.name === "autopilot-publish")).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  });
});
