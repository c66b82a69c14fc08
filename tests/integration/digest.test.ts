import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { planDigests, sendDigest } from "#app/modules/autopilot/digest.server";
import { reviewView } from "#app/modules/autopilot/review.server";
import { getSchedulerView } from "#app/modules/scheduler/scheduler.server";
import { action as accountAction } from "#app/routes/dashboard/settings/account";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, post, redirectTarget } from "#tests/setup/route-harness";

/** The auto-pilot digest: chosen per workspace in the account settings, daily or weekly, only when something happened. */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

async function day(user: TestUser, date: string, state: "held" | "published" | "written", title: string) {
  const articleId = await makeArticle(db, user.siteId, { title });
  await db
    .insertInto("autopilot_days")
    .values({
      id: newId(),
      site_id: user.siteId,
      day: date,
      keyword: title.toLowerCase(),
      plan_item_id: null,
      article_id: articleId,
      generation_id: null,
      publish_at: null,
      state,
      reasons: JSON.stringify(state === "held" ? ["Its SEO score is 40, below your minimum of 70."] : []),
      notified_at: null,
      created_at: isoNow(),
      updated_at: isoNow(),
    })
    .execute();
}
const digestJobs = (userId: string) =>
  db.selectFrom("jobs").select("payload").where("name", "=", "send-digest").where("payload", "like", `%${userId}%`).execute();

describe("digest", () => {
  it("is chosen in the account settings per workspace", async () => {
    const user = await makeUser(db);
    const res = await callRoute({
      middleware: [requireAuth],
      handler: accountAction,
      request: post("/dashboard/account", { intent: "digest", digest: "daily" }, user.cookie),
    });
    expect(redirectTarget(res)).toBe("/dashboard/account");
    const row = await db.selectFrom("memberships").select("digest").where("user_id", "=", user.userId).executeTakeFirstOrThrow();
    expect(row.digest).toBe("daily");
    const bad = await callRoute({
      middleware: [requireAuth],
      handler: accountAction,
      request: post("/dashboard/account", { intent: "digest", digest: "hourly" }, user.cookie),
    });
    expect(bad.status).toBe(400);
    expect((await db.selectFrom("memberships").select("digest").where("user_id", "=", user.userId).executeTakeFirstOrThrow()).digest).toBe(
      "daily",
    );
  });

  it("is planned daily for daily members and on Mondays for weekly ones, never for those who switched it off", async () => {
    const daily = await makeUser(db);
    const weekly = await makeUser(db);
    const off = await makeUser(db);
    await db.updateTable("memberships").set({ digest: "daily" }).where("user_id", "=", daily.userId).execute();
    await db.updateTable("memberships").set({ digest: "off" }).where("user_id", "=", off.userId).execute();
    await planDigests(db, "2030-01-08"); // a Tuesday
    expect(await digestJobs(daily.userId)).toHaveLength(1);
    expect(await digestJobs(weekly.userId)).toHaveLength(0);
    await planDigests(db, "2030-01-14"); // a Monday
    await planDigests(db, "2030-01-14"); // twice: still one each
    expect(await digestJobs(daily.userId)).toHaveLength(2);
    expect(await digestJobs(weekly.userId)).toHaveLength(1);
    expect(await digestJobs(off.userId)).toHaveLength(0);
  });

  it("lists what needs attention, what was published and what waits, with links; nothing happened, nothing is sent", async () => {
    const user = await makeUser(db);
    await day(user, "2030-02-03", "held", "Weak one");
    await day(user, "2030-02-04", "published", "Good one");
    await day(user, "2030-02-05", "written", "Draft one");
    await day(user, "2030-01-01", "published", "Too old");
    expect(await sendDigest(db, { userId: user.userId, workspaceId: user.workspaceId, since: "2030-02-03", until: "2030-02-10" })).toBe(
      true,
    );
    const mail = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text"])
      .where("to_address", "=", user.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/^Auto-pilot digest for /);
    expect(mail.text).toContain("Needs your attention (1):");
    expect(mail.text).toContain("Weak one (Its SEO score is 40, below your minimum of 70.)");
    expect(mail.text).toContain("/dashboard/review/");
    expect(mail.text).toContain("Published (1):");
    expect(mail.text).toContain("Written, waiting as drafts (1):");
    expect(mail.text).not.toContain("Too old");

    const quiet = await makeUser(db);
    expect(await sendDigest(db, { userId: quiet.userId, workspaceId: quiet.workspaceId, since: "2030-02-03", until: "2030-02-10" })).toBe(
      false,
    );
  });

  it("its numbers are the scheduler's: each line's state is its day page's, and 'Published' is what the Past tab shows", async () => {
    const user = await makeUser(db);
    const states = ["published", "published", "held", "failed", "skipped", "written", "scheduled", "approved"] as const;
    const ids: string[] = [];
    for (const [i, state] of states.entries()) {
      const date = `2030-03-0${i + 2}`;
      const articleId = await makeArticle(db, user.siteId, { title: `Day ${i} ${state}` });
      if (state === "published")
        await db
          .updateTable("articles")
          .set({ status: "published", published_at: `${date}T16:30:00.000Z` })
          .where("id", "=", articleId)
          .execute();
      const id = newId();
      ids.push(id);
      await db
        .insertInto("autopilot_days")
        .values({
          id,
          site_id: user.siteId,
          day: date,
          keyword: `day ${i}`,
          plan_item_id: null,
          article_id: articleId,
          generation_id: null,
          publish_at: `${date}T16:30:00.000Z`,
          state,
          reasons: JSON.stringify(
            state === "held" || state === "failed" ? [`Reason of day ${i}.`] : state === "skipped" ? ["Skipped by you."] : [],
          ),
          notified_at: null,
          created_at: isoNow(),
          updated_at: isoNow(),
        })
        .execute();
    }
    await sendDigest(db, { userId: user.userId, workspaceId: user.workspaceId, since: "2030-03-02", until: "2030-03-10" });
    const { text } = await db.selectFrom("mail_outbox").select("text").where("to_address", "=", user.email).executeTakeFirstOrThrow();
    const count = (title: string) => Number(new RegExp(`${title} \\((\\d+)\\):`).exec(text)?.[1] ?? 0);
    expect(count("Needs your attention")).toBe(2);
    expect(count("Published")).toBe(2);
    expect(count("On their way")).toBe(2);
    expect(count("Written, waiting as drafts")).toBe(1);
    expect(count("Skipped")).toBe(1);
    // Every line links to its own day, and that day's page shows the state the digest filed it under.
    const sectionStates: Record<string, string[]> = {
      "Needs your attention": ["held", "failed"],
      Published: ["published"],
      "On their way": ["writing", "ready", "approved", "scheduled"],
      "Written, waiting as drafts": ["written"],
      Skipped: ["skipped"],
    };
    let section = "";
    let linked = 0;
    for (const line of text.split("\n")) {
      const heading = /^(.+) \(\d+\):$/.exec(line.trim());
      if (heading) section = heading[1]!;
      const dayId = /^• .*\/dashboard\/review\/([\w-]+)$/.exec(line.trim())?.[1];
      if (!dayId) continue;
      const view = await reviewView(db, user.siteId, dayId);
      expect(sectionStates[section]).toContain(view?.state);
      linked += 1;
    }
    expect(linked).toBe(states.length);
    // 'Published' counts exactly the articles the scheduler's Past tab lists as published for those days.
    const past = await getSchedulerView(db, { id: user.siteId, timeZone: "UTC" }, { tab: "past" });
    expect(past.past.filter((a) => a.outcome === "published")).toHaveLength(count("Published"));
  });
});
