import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { action as publishAction } from "#app/routes/dashboard/write/publish";
import { HOSTED_HAS_NO_DRAFTS } from "#app/routes/dashboard/write/publish.server";
import { loader as writeLoader } from "#app/routes/dashboard/write/route";
import { daySlot } from "#app/modules/autopilot/slots.server";
import { zonedToUtc } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The publish dialog's server side: the hosted blog takes no draft (the form without JavaScript can still send
 * one, beside other platforms' drafts), and 'Schedule for…' starts at the next free slot in the site's zone.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

function toastOf(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  return JSON.parse(Buffer.from(decodeURIComponent(raw).split(".")[0]!, "base64").toString("utf8")) as {
    title: string;
    description?: string;
  };
}

const publish = (user: TestUser, articleId: string, fields: Record<string, string>) =>
  callRoute({
    middleware: [requireAuth],
    handler: (args) => publishAction({ ...args, params: { articleId } } as never),
    request: post(`/dashboard/articles/${articleId}/publish`, fields, user.cookie),
  });

async function hostedOf(siteId: string) {
  return db
    .selectFrom("cms_connections")
    .select("id")
    .where("site_id", "=", siteId)
    .where("platform", "=", "hosted")
    .executeTakeFirstOrThrow();
}

describe("the publish dialog", () => {
  it("refuses a draft on the hosted blog with a clear message and sends nothing", async () => {
    const user = await makeUser(db);
    const articleId = await makeArticle(db, user.siteId, { title: "Beans", slug: "beans" });
    const res = await publish(user, articleId, { connectionId: (await hostedOf(user.siteId)).id, mode: "draft", when: "now" });
    expect(toastOf(res)).toMatchObject({ title: "Publish failed", description: HOSTED_HAS_NO_DRAFTS });
    expect(redirectTarget(res)).toBe(`/dashboard/write?edit=${articleId}&publish=1`);
    expect(await db.selectFrom("publications").selectAll().where("article_id", "=", articleId).execute()).toHaveLength(0);
  });

  it("starts 'Schedule for…' at the site's publishing time on the first future day without a scheduled article", async () => {
    const user = await makeUser(db, { site: { timezone: "Europe/Berlin" } });
    const articleId = await makeArticle(db, user.siteId, { title: "Later", slug: "later" });
    const load = async () =>
      (
        await callRoute<{ scheduleSlot: { date: string; time: string } }>({
          middleware: [requireAuth],
          handler: writeLoader,
          request: get(`/dashboard/write?edit=${articleId}&publish=1`, user.cookie),
        })
      ).data.scheduleSlot;
    const first = await load();
    expect(zonedToUtc(first.date, first.time, "Europe/Berlin").getTime()).toBeGreaterThan(Date.now());
    // That day is taken by another scheduled article: the slot moves to the next day.
    await makeArticle(db, user.siteId, {
      title: "Taken",
      slug: "taken",
      status: "scheduled",
      scheduled_at: zonedToUtc(first.date, first.time, "Europe/Berlin").toISOString(),
    });
    const second = await load();
    expect(second.date > first.date).toBe(true);
    expect(second.time).toBe(first.time);
  });
});

describe("one slot engine", () => {
  it("a site with extra publishing times gets the same next slot from the publish dialog and from auto-pilot", async () => {
    const user = await makeUser(db, { site: { timezone: "UTC" } });
    const articleId = await makeArticle(db, user.siteId, { title: "Twice a day", slug: "twice-a-day" });
    // The main time an hour from now and an extra one two hours from now (whole minutes, in UTC).
    const at = (hours: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 + hours * 3_600_000);
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    await db
      .updateTable("publishing_settings")
      .set({ scheduled_time: hhmm(at(1)), daily_times: JSON.stringify([hhmm(at(2))]) })
      .where("site_id", "=", user.siteId)
      .execute();
    const dialogSlot = async () => {
      const res = await callRoute<{ scheduleSlot: { date: string; time: string } }>({
        middleware: [requireAuth],
        handler: writeLoader,
        request: get(`/dashboard/write?edit=${articleId}&publish=1`, user.cookie),
      });
      return zonedToUtc(res.data.scheduleSlot.date, res.data.scheduleSlot.time, "UTC");
    };
    const autopilotSlot = (day: Date) => daySlot(db, user.siteId, day.toISOString().slice(0, 10), new Date());

    const first = await dialogSlot();
    expect(first.toISOString()).toBe(at(1).toISOString());
    expect((await autopilotSlot(first)).toISOString()).toBe(first.toISOString());
    // The main time is taken: both move to the extra time, not to the main time a day later.
    await makeArticle(db, user.siteId, { title: "Taken", slug: "taken-main", status: "scheduled", scheduled_at: first.toISOString() });
    const second = await dialogSlot();
    expect(second.toISOString()).toBe(at(2).toISOString());
    expect((await autopilotSlot(second)).toISOString()).toBe(second.toISOString());
  });
});
