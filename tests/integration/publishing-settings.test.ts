import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { getPublishingSettings } from "#app/modules/publishing/schedule.server";
import { nextFreeSlots } from "#app/modules/publishing/slots.server";
import { action, loader } from "#app/routes/dashboard/settings/route";
import type { FormReply } from "#app/utils/form-reply";
import { zonedParts } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The Publishing tab: the schedule in the site's time zone,
 * extra daily times, the default destination, and Apply to Existing Drafts,
 * which schedules real publications on the next free slots.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const URL_ = "/dashboard/settings?tab=publishing";
const save = (user: TestUser, fields: Record<string, string>) =>
  callRoute<FormReply>({
    middleware: [requireAuth],
    handler: action,
    request: post(URL_, { intent: "publishing", ...fields }, user.cookie),
  });
const apply = (user: TestUser) =>
  callRoute<FormReply>({ middleware: [requireAuth], handler: action, request: post(URL_, { intent: "apply-drafts" }, user.cookie) });
const toastOf = (res: { headers: Headers }) => {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  return raw
    ? (JSON.parse(Buffer.from(decodeURIComponent(raw).split(".")[0]!, "base64").toString("utf8")) as Record<string, string>)
    : null;
};
const hosted = (siteId: string) =>
  db.selectFrom("cms_connections").select("id").where("site_id", "=", siteId).where("platform", "=", "hosted").executeTakeFirstOrThrow();

describe("publishing settings", () => {
  it("saves the date, times and time zone (the site's), and audits the change", async () => {
    const user = await makeUser(db);
    const { id } = await hosted(user.siteId);
    const res = await save(user, {
      scheduledDate: "2030-03-01",
      scheduledTime: "07:15",
      timeZone: "America/New_York",
      "extraTimes[0]": "19:45",
      "extraTimes[1]": "12:00",
      defaultConnectionId: id,
    });
    expect(redirectTarget(res)).toBe(URL_);
    expect(toastOf(res)?.title).toBe("Publishing settings saved!");
    expect(await getPublishingSettings(db, user.siteId)).toEqual({
      scheduledDate: "2030-03-01",
      scheduledTime: "07:15",
      timeZone: "America/New_York",
      extraTimes: ["12:00", "19:45"],
      defaultConnectionId: id,
    });
    const audit = await db.selectFrom("audit_log").select(["action", "detail"]).where("workspace_id", "=", user.workspaceId).execute();
    expect(audit.map((a) => a.action)).toContain("settings.publishing.update");
  });

  it("refuses an unknown zone, a malformed time and a repeated time, changing nothing", async () => {
    const user = await makeUser(db);
    const before = await getPublishingSettings(db, user.siteId);
    const attempts: Array<Record<string, string>> = [
      { scheduledTime: "18:30", timeZone: "Mars/Olympus" },
      { scheduledTime: "25:00", timeZone: "UTC" },
      { scheduledTime: "18:30", timeZone: "UTC", "extraTimes[0]": "18:30" },
    ];
    for (const fields of attempts) {
      const res = await save(user, fields);
      expect(res.status).toBe(400);
      expect(res.data.notice?.title).toBe("Error saving publishing settings");
    }
    expect(await getPublishingSettings(db, user.siteId)).toEqual(before);
  });

  it("'Add new daily time' without JavaScript adds a row to the form and saves nothing", async () => {
    const user = await makeUser(db);
    const res = await save(user, {
      scheduledTime: "18:30",
      timeZone: "UTC",
      __intent__: JSON.stringify({ type: "insert", payload: { name: "extraTimes", defaultValue: "09:00" } }),
    });
    expect(res.status).toBe(200);
    expect(res.data.result.initialValue).toMatchObject({ extraTimes: ["09:00"] });
    expect((await getPublishingSettings(db, user.siteId)).extraTimes).toEqual([]);
  });

  it("Apply to Existing Drafts needs a date and time: the spec's message, nothing scheduled", async () => {
    const user = await makeUser(db);
    await makeArticle(db, user.siteId, { title: "Draft", content_html: "<p>Text</p>" });
    const res = await apply(user);
    expect(res.data.notice).toEqual({
      title: "Missing schedule settings",
      description: "Please set both date and time before applying to drafts.",
    });
    expect(await db.selectFrom("publications").select("id").where("site_id", "=", user.siteId).execute()).toEqual([]);
  });

  it("schedules drafts oldest first on the next free slots, skipping taken ones, as publications to the default destination", async () => {
    const user = await makeUser(db, { site: { timezone: "Europe/Berlin" } });
    await save(user, { scheduledDate: "2031-01-10", scheduledTime: "18:30", timeZone: "Europe/Berlin", "extraTimes[0]": "08:00" });
    const first = await makeArticle(db, user.siteId, { title: "First", content_html: "<p>1</p>", created_at: "2030-01-01T00:00:00.000Z" });
    const second = await makeArticle(db, user.siteId, {
      title: "Second",
      content_html: "<p>2</p>",
      created_at: "2030-01-02T00:00:00.000Z",
    });
    await makeArticle(db, user.siteId, { title: "Empty", content_html: "", created_at: "2030-01-03T00:00:00.000Z" });
    // 10 Jan 08:00 Berlin is already held by a scheduled article.
    await makeArticle(db, user.siteId, { title: "Held", status: "scheduled", scheduled_at: "2031-01-10T07:00:00.000Z" });

    const res = await apply(user);
    expect(toastOf(res)).toMatchObject({ title: "Scheduler applied successfully!" });
    expect(toastOf(res)?.description).toContain("2 drafts scheduled from 10 Jan 2031 18:30");
    const rows = await db
      .selectFrom("articles")
      .select(["id", "status", "scheduled_at"])
      .where("id", "in", [first, second])
      .orderBy("scheduled_at")
      .execute();
    expect(rows).toEqual([
      { id: first, status: "scheduled", scheduled_at: "2031-01-10T17:30:00.000Z" },
      { id: second, status: "scheduled", scheduled_at: "2031-01-11T07:00:00.000Z" },
    ]);
    const publications = await db
      .selectFrom("publications")
      .select(["article_id", "status", "scheduled_for"])
      .where("site_id", "=", user.siteId)
      .execute();
    expect(publications).toHaveLength(2);
    expect(publications.every((p) => p.status === "scheduled")).toBe(true);
    const jobs = await db
      .selectFrom("jobs")
      .select("run_at")
      .where("name", "=", "publish-article")
      .where("run_at", ">=", "2031-01-10")
      .execute();
    expect(jobs.map((j) => j.run_at).sort()).toEqual(["2031-01-10T17:30:00.000Z", "2031-01-11T07:00:00.000Z"]);
  });

  it("keeps the local time across a daylight-saving change (Europe and the US)", async () => {
    for (const [zone, date] of [
      ["Europe/Berlin", "2030-10-26"],
      ["America/New_York", "2030-11-02"],
    ] as const) {
      const user = await makeUser(db, { site: { timezone: zone } });
      const slots = await nextFreeSlots(
        db,
        user.siteId,
        { scheduledDate: date, scheduledTime: "18:30", timeZone: zone, extraTimes: [] },
        3,
        new Date("2030-10-01T00:00:00Z"),
      );
      expect(slots.map((s) => zonedParts(s, zone).time)).toEqual(["18:30", "18:30", "18:30"]);
      // Across the change the UTC instants move by an hour.
      expect(slots[1]!.getTime() - slots[0]!.getTime()).toBe(25 * 3600_000);
    }
  });

  it("the tab shows the settings and the next free times", async () => {
    const user = await makeUser(db);
    await save(user, { scheduledDate: "2031-05-01", scheduledTime: "18:30", timeZone: "UTC" });
    const res = await callRoute<{ publishing: { nextSlots: string[]; destinations: unknown[] } }>({
      middleware: [requireAuth],
      handler: loader,
      request: get(URL_, user.cookie),
    });
    expect(res.data.publishing.nextSlots).toEqual(["01 May 2031 18:30", "02 May 2031 18:30", "03 May 2031 18:30"]);
    expect(res.data.publishing.destinations).toHaveLength(1);
  });
});
