import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { addDays, zonedDate } from "#app/utils/time";
import { action, loader } from "#app/routes/dashboard/scheduler/route";
import type { FormReply } from "#app/utils/form-reply";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeTopic, makeUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The scheduler's loader and action as the server calls them: choosing saves
 * one plan item per day (re-choosing replaces it), clearing removes it, bad
 * dates and foreign topics are refused with nothing changed, and each account
 * only sees and touches its own site.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

const TZ = "Pacific/Auckland";

function toastOf(res: { headers: Headers }) {
  const raw = /__toast=([^;]+)/.exec(res.headers.get("Set-Cookie") ?? "")?.[1];
  if (!raw) return null;
  const signed = decodeURIComponent(raw);
  return JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8")) as {
    title: string;
    description?: string;
  };
}

type View = Awaited<ReturnType<typeof loader>>;
const load = (cookie: string, query = "") =>
  callRoute<View>({ middleware: [requireAuth], handler: loader, request: get(`/dashboard/scheduler${query}`, cookie) });
const act = (cookie: string, fields: Record<string, string>) =>
  callRoute<FormReply>({ middleware: [requireAuth], handler: action, request: post("/dashboard/scheduler", fields, cookie) });
const planItems = (siteId: string) => db.selectFrom("plan_items").selectAll().where("site_id", "=", siteId).orderBy("date").execute();

const today = () => zonedDate(new Date(), TZ);

describe("scheduler", () => {
  it("lists 90 days from today in the site's zone at the site's time, with zero badges", async () => {
    const a = await makeUser(db, { email: "sched-view@example.com", site: { timezone: TZ } });
    await db
      .insertInto("publishing_settings")
      .values({ site_id: a.siteId, scheduled_time: "09:05", updated_at: isoNow() })
      .onConflict((oc) => oc.column("site_id").doUpdateSet({ scheduled_time: "09:05" }))
      .execute();
    const res = await load(a.cookie);
    expect(res.status).toBe(200);
    expect(res.data.days).toHaveLength(90);
    expect(res.data.days[0]).toMatchObject({ date: today(), label: "Today", planned: null, articles: [] });
    expect(res.data.days[1]!.label).toBe("Tomorrow");
    expect(res.data.timeText).toBe("9:05 AM");
    expect(res.data.counts).toEqual({ coming: 0, past: 0 });
    expect(res.data.choose).toBeNull();
  });

  it("offers the fallback topics, then brand tags, then the site's topics", async () => {
    const a = await makeUser(db, { email: "sched-choices@example.com", site: { timezone: TZ } });
    const date = addDays(today(), 3);
    let res = await load(a.cookie, `?choose=${date}`);
    expect(res.data.choose).toMatchObject({
      date,
      source: "fallback",
      choices: [{ name: "Content strategy" }, { name: "SEO tips" }, { name: "Industry news" }],
    });
    await db
      .updateTable("brand_settings")
      .set({ tags: JSON.stringify(["hiking", "camping"]) })
      .where("site_id", "=", a.siteId)
      .execute();
    res = await load(a.cookie, `?choose=${date}`);
    expect(res.data.choose).toMatchObject({
      source: "tags",
      choices: [
        { topicId: null, name: "hiking" },
        { topicId: null, name: "camping" },
      ],
    });
    const id = await makeTopic(db, a.siteId, { name: "Coffee brewing" });
    res = await load(a.cookie, `?choose=${date}`);
    expect(res.data.choose).toMatchObject({ source: "topics", choices: [{ topicId: id, name: "Coffee brewing" }] });
    // Outside the window there is no dialog.
    expect((await load(a.cookie, `?choose=${addDays(today(), 90)}`)).data.choose).toBeNull();
  });

  it("choose saves a plan item, re-choose replaces it, clear removes it", async () => {
    const a = await makeUser(db, { email: "sched-choose@example.com", site: { timezone: TZ } });
    const coffee = await makeTopic(db, a.siteId, { name: "Coffee brewing" });
    const tea = await makeTopic(db, a.siteId, { name: "Tea rituals" });
    const date = addDays(today(), 2);

    let res = await act(a.cookie, { intent: "choose", date, topicId: coffee });
    expect(redirectTarget(res)).toBe("/dashboard/scheduler");
    const [y, m, d] = date.split("-");
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    expect(toastOf(res)).toMatchObject({
      title: "Topic selected",
      description: `“Coffee brewing” is scheduled for ${d} ${months[Number(m) - 1]} ${y} at 6:30 PM`,
    });
    expect(await planItems(a.siteId)).toMatchObject([{ date, keyword: "Coffee brewing", topic_id: coffee, status: "planned" }]);

    res = await act(a.cookie, { intent: "choose", date, topicId: tea });
    expect(redirectTarget(res)).toBe("/dashboard/scheduler");
    expect(await planItems(a.siteId)).toMatchObject([{ date, keyword: "Tea rituals", topic_id: tea }]);

    const view = await load(a.cookie);
    expect(view.data.days[2]!.planned).toEqual({ keyword: "Tea rituals", topicId: tea });
    expect(view.data.counts.coming).toBe(1);

    res = await act(a.cookie, { intent: "clear", date });
    expect(redirectTarget(res)).toBe("/dashboard/scheduler");
    expect(toastOf(res)?.title).toBe("Topic cleared");
    expect(await planItems(a.siteId)).toEqual([]);
  });

  it("saves a fallback or tag topic by name, but not a made-up name", async () => {
    const a = await makeUser(db, { email: "sched-names@example.com", site: { timezone: TZ } });
    const date = today();
    expect(redirectTarget(await act(a.cookie, { intent: "choose", date, topic: "SEO tips" }))).toBe("/dashboard/scheduler");
    expect(await planItems(a.siteId)).toMatchObject([{ keyword: "SEO tips", topic_id: null }]);
    const res = await act(a.cookie, { intent: "choose", date, topic: "Something else" });
    expect(res.status).toBe(400);
    expect(await planItems(a.siteId)).toMatchObject([{ keyword: "SEO tips" }]);
  });

  it("refuses dates outside the 90 days and foreign topics, changing nothing", async () => {
    const a = await makeUser(db, { email: "sched-refuse-a@example.com", site: { timezone: TZ } });
    const b = await makeUser(db, { email: "sched-refuse-b@example.com", site: { timezone: TZ } });
    const own = await makeTopic(db, a.siteId, { name: "Own topic" });
    const foreign = await makeTopic(db, b.siteId, { name: "Foreign topic" });
    const date = addDays(today(), 5);
    await act(a.cookie, { intent: "choose", date, topicId: own });
    const before = await planItems(a.siteId);

    const refused: Record<string, string>[] = [
      { intent: "choose", date: addDays(today(), -1), topicId: own },
      { intent: "choose", date: addDays(today(), 90), topicId: own },
      { intent: "choose", date: "2026-02-30", topicId: own },
      { intent: "choose", date, topicId: foreign },
      { intent: "clear", date: addDays(today(), 90) },
      { intent: "delete", date },
    ];
    for (const fields of refused) {
      const res = await act(a.cookie, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.data.notice?.title).toBe("Could not update the schedule");
      expect(res.data.notice?.description).toBeTruthy();
    }
    expect(await planItems(a.siteId)).toEqual(before);
    expect(await planItems(b.siteId)).toEqual([]);
  });

  it("keeps sites apart: badges, days, past list and clear", async () => {
    const a = await makeUser(db, { email: "sched-tenancy-a@example.com", site: { timezone: TZ } });
    const b = await makeUser(db, { email: "sched-tenancy-b@example.com", site: { timezone: TZ } });
    const topic = await makeTopic(db, a.siteId, { name: "A's topic" });
    const date = addDays(today(), 1);
    await act(a.cookie, { intent: "choose", date, topicId: topic });
    const now = Date.now();
    await makeArticle(db, a.siteId, {
      title: "A scheduled",
      slug: "a-scheduled",
      status: "scheduled",
      scheduled_at: new Date(now + 3 * 86_400_000).toISOString(),
    });
    await makeArticle(db, a.siteId, {
      id: "a-old",
      title: "A older",
      slug: "a-older",
      status: "published",
      published_at: new Date(now - 5 * 86_400_000).toISOString(),
    });
    await makeArticle(db, a.siteId, {
      id: "a-new",
      title: "A newer",
      slug: "a-newer",
      status: "published",
      published_at: new Date(now - 86_400_000).toISOString(),
    });
    await makeArticle(db, a.siteId, { title: "A draft", slug: "a-draft", status: "draft" });

    const viewA = await load(a.cookie, "?tab=past");
    expect(viewA.data.counts).toEqual({ coming: 2, past: 2 });
    expect(viewA.data.past.map((p) => p.id)).toEqual(["a-new", "a-old"]);
    const comingA = await load(a.cookie);
    expect(comingA.data.days.flatMap((d) => d.articles.map((x) => x.title))).toEqual(["A scheduled"]);

    const viewB = await load(b.cookie, "?tab=past");
    expect(viewB.data.counts).toEqual({ coming: 0, past: 0 });
    expect(viewB.data.past).toEqual([]);
    expect((await load(b.cookie)).data.days.every((d) => d.planned === null && d.articles.length === 0)).toBe(true);

    // B clearing the same date touches only B's (empty) plan.
    await act(b.cookie, { intent: "clear", date });
    expect(await planItems(a.siteId)).toHaveLength(1);
  });

  it("the past tab pages through the published or failed articles, 25 at a time, newest first, with each live address or error", async () => {
    const a = await makeUser(db, { email: "sched-past-order@example.com", site: { timezone: TZ } });
    const start = Date.UTC(2026, 0, 1);
    const at = (i: number) => new Date(start + i * 3_600_000).toISOString();
    const expected: Array<{ id: string; when: string }> = [];
    for (let i = 0; i < 130; i++) {
      const id = `past-${String(i).padStart(3, "0")}`;
      const kind = i % 5;
      // Published with a date; failed (ordered by its last update); a draft and a dateless 'published' row are not past.
      if (kind === 0 || kind === 1) {
        await makeArticle(db, a.siteId, { id, slug: id, status: "published", published_at: at(i), updated_at: at(200 - i) });
        expected.push({ id, when: at(i) });
      } else if (kind === 2) {
        await makeArticle(db, a.siteId, { id, slug: id, status: "failed", updated_at: at(i) });
        expected.push({ id, when: at(i) });
      } else if (kind === 3) await makeArticle(db, a.siteId, { id, slug: id, status: "draft", updated_at: at(500 + i) });
      else await makeArticle(db, a.siteId, { id, slug: id, status: "published", published_at: null, updated_at: at(500 + i) });
    }
    const live = await makePublication(db, a.siteId, "past-125");
    await db.updateTable("publications").set({ remote_url: "https://example.com/live" }).where("id", "=", live).execute();
    const failed = await makePublication(db, a.siteId, "past-127", { status: "failed" });
    await db.updateTable("publications").set({ last_error: "The site answered 500." }).where("id", "=", failed).execute();

    const view = await load(a.cookie, "?tab=past");
    expected.sort((x, y) => (x.when < y.when ? 1 : x.when > y.when ? -1 : 0));
    expect(view.data.counts.past).toBe(expected.length);
    expect(view.data.past.map((p) => p.id)).toEqual(expected.slice(0, 25).map((e) => e.id));
    expect(view.data.pastPage).toEqual({ page: 1, pageCount: Math.ceil(expected.length / 25), first: 1 });
    const third = await load(a.cookie, "?tab=past&page=3");
    expect(third.data.past.map((p) => p.id)).toEqual(expected.slice(50, 75).map((e) => e.id));
    // A page past the end shows the last one; a page that is not a number shows the first.
    const last = await load(a.cookie, "?tab=past&page=99");
    expect(last.data.pastPage.page).toBe(Math.ceil(expected.length / 25));
    expect(last.data.past.map((p) => p.id)).toEqual(expected.slice((last.data.pastPage.page - 1) * 25).map((e) => e.id));
    expect((await load(a.cookie, "?tab=past&page=x")).data.past[0]!.id).toBe(expected[0]!.id);
    expect(view.data.past.find((p) => p.id === "past-125")).toMatchObject({
      outcome: "published",
      liveUrl: "https://example.com/live",
      error: null,
    });
    expect(view.data.past.find((p) => p.id === "past-127")).toMatchObject({
      outcome: "failed",
      liveUrl: null,
      error: "The site answered 500.",
    });
  });

  it("needs a signed-in user", async () => {
    const res = await callRoute({ middleware: [requireAuth], handler: loader, request: get("/dashboard/scheduler") });
    expect(redirectTarget(res)).toMatch(/^\/signin/);
  });
});
