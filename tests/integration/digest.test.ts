import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { planDigests, sendDigest } from "#app/modules/autopilot/digest.server";
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
});
