import { beforeAll, describe, expect, test } from "vitest";
import type { DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { gettingStarted } from "#app/modules/onboarding/checklist.server";
import { loader as homeLoader } from "#app/routes/dashboard/articles/route";
import { action as onboardingAction } from "#app/routes/dashboard/onboarding/route";
import { action as writeAction } from "#app/routes/dashboard/write/route";
import { testDb } from "#tests/setup/db";
import { makeArticle, makePublication, makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The articles page's 'Getting started' checklist (docs/decisions/035): each
 * step ticks itself from the site's real data, and the only thing stored is
 * the user's dismissal, posted by a plain form.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const stepsOf = async (user: TestUser) =>
  Object.fromEntries((await gettingStarted(db, { userId: user.userId, siteId: user.siteId })).steps.map((s) => [s.id, s.done]));

type HomeData = Exclude<Awaited<ReturnType<typeof homeLoader>>, Response>;
const home = (user: TestUser, path = "/dashboard") =>
  callRoute<HomeData>({ middleware: [requireAuth], handler: homeLoader, request: get(path, user.cookie) });

describe("Getting started checklist", () => {
  test("shows only once onboarding is over, on /dashboard and /dashboard/articles", async () => {
    const fresh = await makeUser(db);
    expect((await gettingStarted(db, { userId: fresh.userId, siteId: fresh.siteId })).show).toBe(false);
    await callRoute({
      middleware: [requireAuth],
      handler: onboardingAction,
      request: post("/dashboard/onboarding", { intent: "skip" }, fresh.cookie),
    });
    for (const path of ["/dashboard", "/dashboard/articles"]) {
      const res = await home(fresh, path);
      expect(res.data.checklist.show).toBe(true);
      expect(res.data.checklist.steps.map((s) => s.id)).toEqual(["brand", "article", "destination", "published"]);
    }
  });

  test("each step ticks itself from the site's data, and links to where it is done", async () => {
    const user = await makeUser(db, { onboarded: true });
    const other = await makeUser(db, { onboarded: true });
    // The hosted blog is every site's default destination: connected from the start.
    expect(await stepsOf(user)).toEqual({ brand: false, article: false, destination: true, published: false });

    const { steps } = await gettingStarted(db, { userId: user.userId, siteId: user.siteId });
    expect(steps.find((s) => s.id === "brand")).toMatchObject({
      href: "/dashboard/settings?tab=brand",
      alternative: { href: "/dashboard?onboarding=scan" },
    });
    expect(steps.find((s) => s.id === "article")?.href).toBe("/dashboard/write");
    // The hosted blog is ready, in those words, and the customer's own site is still offered.
    const destination = steps.find((s) => s.id === "destination")!;
    expect(destination).toMatchObject({
      title: "Your hosted blog is ready",
      action: "View your blog",
      alternative: { href: "/dashboard/settings?tab=integrations", action: "Connect your own site" },
      offerWhenDone: true,
    });
    expect(destination.href).toMatch(/^\/b\/./);
    expect(steps.find((s) => s.id === "published")?.href).toBe("/dashboard/write");

    await db.updateTable("brand_settings").set({ brand_name: "Northwind" }).where("site_id", "=", user.siteId).execute();
    expect((await stepsOf(user)).brand).toBe(true);

    // An article without content is not 'written'; a saved one with content is, by hand too.
    await makeArticle(db, user.siteId, { title: "Empty", content_html: "", word_count: 0 });
    expect((await stepsOf(user)).article).toBe(false);
    const saved = await callRoute({
      middleware: [requireAuth],
      handler: writeAction,
      request: post("/dashboard/write", { title: "By hand", content: "<p>Two words.</p>", contentFormat: "html" }, user.cookie),
    });
    const articleId = new URL(redirectTarget(saved)!, "http://x").searchParams.get("edit")!;
    expect((await stepsOf(user)).article).toBe(true);
    const afterWrite = await gettingStarted(db, { userId: user.userId, siteId: user.siteId });
    expect(afterWrite.steps.find((s) => s.id === "published")?.href).toBe(`/dashboard/write?edit=${articleId}&publish=1`);

    // Only a live, published publication counts.
    await makePublication(db, user.siteId, articleId, { status: "failed" });
    expect((await stepsOf(user)).published).toBe(false);
    const setPublication = (mode: "draft" | "live", status: "published" | "failed") =>
      db.updateTable("publications").set({ mode, status }).where("article_id", "=", articleId).execute();
    await setPublication("draft", "published");
    expect((await stepsOf(user)).published).toBe(false);
    await setPublication("live", "published");
    expect((await stepsOf(user)).published).toBe(true);

    // Every step done: the list hides itself.
    expect((await gettingStarted(db, { userId: user.userId, siteId: user.siteId })).show).toBe(false);

    // The customer's own site, once connected, is 'Connect a destination' done.
    await db
      .insertInto("cms_connections")
      .values({
        id: crypto.randomUUID(),
        site_id: user.siteId,
        platform: "webhook",
        credentials_encrypted: null,
        last_error: null,
        last_checked_at: null,
        created_by: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const connected = (await gettingStarted(db, { userId: user.userId, siteId: user.siteId })).steps.find((s) => s.id === "destination");
    expect(connected).toMatchObject({ title: "Connect a destination", done: true, action: "Open integrations" });

    // A disconnected destination is not one.
    await db.updateTable("cms_connections").set({ status: "disconnected" }).where("site_id", "=", user.siteId).execute();
    expect((await stepsOf(user)).destination).toBe(false);

    // Nothing of one site ticks another's.
    expect(await stepsOf(other)).toEqual({ brand: false, article: false, destination: true, published: false });
  });

  test("'Dismiss' posts a plain form: hidden for that user for good, back to the page it was on", async () => {
    const user = await makeUser(db, { onboarded: true });
    const teammate = await makeUser(db, { onboarded: true });
    const result = await callRoute({
      middleware: [requireAuth],
      handler: onboardingAction,
      request: post("/dashboard/onboarding", { intent: "dismiss-checklist", returnTo: "/dashboard/articles?status=draft" }, user.cookie),
    });
    expect(redirectTarget(result)).toBe("/dashboard/articles?status=draft");
    expect((await home(user)).data.checklist.show).toBe(false);
    const row = await db.selectFrom("users").select("getting_started_dismissed_at").where("id", "=", user.userId).executeTakeFirstOrThrow();
    expect(row.getting_started_dismissed_at).not.toBeNull();
    expect((await home(teammate)).data.checklist.show).toBe(true);

    // Signed out: sign in first, nothing stored.
    const anonymous = await callRoute({
      middleware: [requireAuth],
      handler: onboardingAction,
      request: post("/dashboard/onboarding", { intent: "dismiss-checklist" }),
    });
    expect(redirectTarget(anonymous)).toMatch(/^\/signin/);
  });
});
