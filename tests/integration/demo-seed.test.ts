import { describe, expect, it } from "vitest";
import { DEMO_BLOG_SLUG, seedDemo } from "#app/modules/demo/seed.server";
import { loader as indexLoader } from "#app/routes/hosted-blog/index";
import { testDb } from "#tests/setup/db";
import { callRoute, get } from "#tests/setup/route-harness";

/** A fresh start's demo site publishes to its hosted blog: one post live, one scheduled as a real job. */
describe("demo data", () => {
  it("puts the published demo article on the hosted blog and schedules the next one", async () => {
    const db = await testDb();
    const { siteId } = await seedDemo(db);
    const page = await callRoute({ handler: indexLoader, request: get(`/b/${DEMO_BLOG_SLUG}`), params: { blogSlug: DEMO_BLOG_SLUG } });
    expect(page.status).toBe(200);
    const html = await page.response!.text();
    expect(html).toContain("How to Brew Pour-Over Coffee");
    expect(html).toContain("Northwind Coffee");
    const publications = await db
      .selectFrom("publications")
      .select(["status", "mode"])
      .where("site_id", "=", siteId)
      .orderBy("status")
      .execute();
    expect(publications).toEqual([
      { status: "published", mode: "live" },
      { status: "scheduled", mode: "live" },
    ]);
    const job = await db.selectFrom("jobs").select(["name", "run_at"]).where("name", "=", "publish-article").executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at)).toBeGreaterThan(Date.now());
  });
});
