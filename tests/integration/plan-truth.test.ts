import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { enqueueDueAutopilot, runAutopilotWrite } from "#app/modules/autopilot/autopilot.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { loader } from "#app/routes/dashboard/plan/route";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import { replaceSitePages } from "#app/modules/research/site-pages.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The plan knows what exists (decision 070): a planned day whose keyword an article already serves (written after
 * the day was planned, live on any platform) is shown as competing with it, and auto-pilot gives that day the next
 * candidate with a reason that says why instead of writing the same search twice.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const ZONE = "Europe/Berlin";
const DAY = "2031-07-07";

async function potterySite() {
  const user = await makeUser(db, { workspace: { plan: "pro", trial_ends_at: "2020-01-01T00:00:00.000Z" }, site: { timezone: ZONE } });
  await db
    .updateTable("brand_settings")
    .set({
      brand_name: "Clay & Kiln Studio",
      industry: "Pottery studio",
      tags: JSON.stringify(["pottery classes", "glazing"]),
      updated_at: isoNow(),
    })
    .where("site_id", "=", user.siteId)
    .execute();
  await replaceSitePages(db, user.siteId, [
    {
      url: "https://clay.test/classes/wheel-throwing",
      kind: "product",
      title: "Wheel Throwing Class",
      summary: "",
      facts: [],
      faq: [],
      fetchedAt: isoNow(),
    },
    {
      url: "https://clay.test/shop/stoneware-mugs",
      kind: "product",
      title: "Stoneware Mugs",
      summary: "",
      facts: [],
      faq: [],
      fetchedAt: isoNow(),
    },
  ]);
  await db
    .updateTable("content_settings")
    .set({ auto_generation: 1, auto_gen_time: "09:00", auto_publish: 1 })
    .where("site_id", "=", user.siteId)
    .execute();
  await db
    .updateTable("publishing_settings")
    .set({ scheduled_time: "18:30", daily_times: "[]" })
    .where("site_id", "=", user.siteId)
    .execute();
  return user;
}

async function planDay(user: TestUser, date: string, keyword: string) {
  const id = newId();
  await db
    .insertInto("plan_items")
    .values({
      id,
      site_id: user.siteId,
      date,
      keyword,
      title: "",
      topic_id: null,
      article_id: null,
      rationale: "Planned before.",
      created_at: isoNow(),
    })
    .execute();
  return id;
}

describe("the plan knows what exists", () => {
  it("shows a planned day as competing with an article written since that serves the same search", async () => {
    const user = await potterySite();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    const id = await planDay(user, tomorrow, "how to glaze pottery");
    // Written after the plan (from the write screen), live: the stored flag knew nothing of it.
    await makeArticle(db, user.siteId, {
      title: "Glazing Pottery at Home",
      target_keyword: "Pottery glazing: how to",
      status: "published",
    });
    const view = await callRoute<{ items: Array<{ id: string; conflict: { kind: string; label: string } | null }> }>({
      middleware: [requireAuth],
      handler: loader,
      request: get("/dashboard/plan", user.cookie),
    });
    const item = view.data.items.find((i) => i.id === id)!;
    expect(item.conflict).toMatchObject({ kind: "article", label: "Glazing Pottery at Home" });
  });

  it("auto-pilot plans the next candidate for a day whose keyword an article already serves, and says why", async () => {
    const user = await potterySite();
    const id = await planDay(user, DAY, "how to glaze pottery");
    await makeArticle(db, user.siteId, { title: "How to Glaze Pottery", target_keyword: "how to glaze pottery", status: "published" });
    const at = new Date(`${DAY}T07:00:00Z`);
    await enqueueDueAutopilot(db, at);
    const day = await db.selectFrom("autopilot_days").selectAll().where("site_id", "=", user.siteId).executeTakeFirstOrThrow();
    await runAutopilotWrite(db, day.id, at);
    const item = await db.selectFrom("plan_items").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(item.keyword).not.toBe("how to glaze pottery");
    expect(item.rationale).toMatch(
      /^“how to glaze pottery” is already served by your article “How to Glaze Pottery”, so this day plans the next candidate\. /,
    );
    const written = await db.selectFrom("autopilot_days").select(["keyword"]).where("id", "=", day.id).executeTakeFirstOrThrow();
    expect(written.keyword).toBe(item.keyword);
  });

  it("describing the business anew offers to re-plan the days not yet started; a save that changes nothing of it does not", async () => {
    const user = await potterySite();
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await planDay(user, tomorrow, "espresso at home");
    const save = (description: string) =>
      callRoute({
        middleware: [requireAuth],
        handler: settingsAction,
        request: post(
          "/dashboard/settings?tab=brand",
          {
            intent: "brand",
            brandName: "Clay & Kiln Studio",
            industry: "Pottery studio",
            description,
            targetAudience: "Adults new to pottery",
            toneOfVoice: "Warm",
            language: "en-US",
            tags: "pottery classes, glazing",
            internalLinks: "",
          },
          user.cookie,
        ),
      });
    const first = await save("Pottery classes and handmade stoneware.");
    expect(redirectTarget(first.response!)).toBe("/dashboard/settings?tab=brand&replan=1");
    const offered = await callRoute<{ replanDays: number }>({
      middleware: [requireAuth],
      handler: settingsLoader,
      request: get("/dashboard/settings?tab=brand&replan=1", user.cookie),
    });
    expect(offered.data.replanDays).toBe(1);
    const again = await save("Pottery classes and handmade stoneware.");
    expect(redirectTarget(again.response!)).toBe("/dashboard/settings?tab=brand");
  });
});
