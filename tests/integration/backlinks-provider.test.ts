import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { requestContext } from "#app/context";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { action, loader } from "#app/routes/dashboard/backlinks/route";
import type { FormReply } from "#app/utils/form-reply";
import { startFakeDataForSeoBacklinks } from "#tests/fakes/dataforseo-backlinks";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, get, newContext, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * "Backlinks to your site" through the page's loader and action: without a provider
 * the page says no data source is connected and shows no figures; with the local
 * DataForSEO fake, "Fetch backlink data" stores the answer per site, Refresh is
 * limited to once an hour, a provider error leaves a reference (the request's
 * correlation id) and the last good figures, and nothing crosses sites.
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeDataForSeoBacklinks>>;
type LoaderData = Awaited<ReturnType<typeof loader>>;

const ENV = ["DATAFORSEO_BACKLINKS_LOGIN", "DATAFORSEO_BACKLINKS_PASSWORD", "DATAFORSEO_BACKLINKS_API_URL", "TEST_ALLOW_PRIVATE_HOSTS"];
function connectProvider() {
  Object.assign(process.env, {
    DATAFORSEO_BACKLINKS_LOGIN: fake.login,
    DATAFORSEO_BACKLINKS_PASSWORD: fake.password,
    DATAFORSEO_BACKLINKS_API_URL: fake.url,
    TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fake.port}`,
  });
  resetEnvForTests();
}

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeDataForSeoBacklinks();
  fake.targets.set("northwind.example", {
    summary: { backlinks: 1250, referring_domains: 48, referring_main_domains: 41, rank: 312, broken_backlinks: 3 },
    backlinks: [
      {
        domain_from: "coffee-news.example",
        url_from: "https://coffee-news.example/reviews/best-beans-2026",
        url_to: "https://northwind.example/beans",
        anchor: "single-origin beans",
        dofollow: true,
        domain_from_rank: 410,
        first_seen: "2026-03-26 02:46:50 +00:00",
        last_seen: "2026-11-01 10:00:00 +00:00",
      },
    ],
  });
});
afterEach(() => {
  for (const key of ENV) delete process.env[key];
  resetEnvForTests();
});
afterAll(() => fake.close());

const view = async (cookie: string) =>
  (await callRoute<LoaderData>({ middleware: [requireAuth], handler: loader, request: get("/dashboard/backlinks", cookie) })).data.toSite;
const refresh = (cookie: string, requestId = "req-refresh") => {
  const context = newContext();
  context.set(requestContext, { nonce: "n", requestId, ip: "203.0.113.7" });
  return callRoute<FormReply>({
    middleware: [requireAuth],
    handler: action,
    request: post("/dashboard/backlinks", { intent: "refresh-backlinks" }, cookie),
    context,
  });
};

describe("without a backlink-data provider", () => {
  it("says no data source is connected, shows no figures and asks nobody", async () => {
    const a = await makeUser(db, { site: { url: "https://www.northwind.example" } });
    fake.requests.length = 0;
    expect(await view(a.cookie)).toEqual({ state: "not_connected", snapshot: null });
    const res = await refresh(a.cookie);
    expect(res.status).toBe(400);
    expect(res.data.notice?.title).toBe("No backlink data source is connected.");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("with the DataForSEO fake", () => {
  it("fetches on request, keeps the answer per site, and refreshes at most once an hour", async () => {
    connectProvider();
    const a = await makeUser(db, { site: { url: "https://www.northwind.example/blog" } });
    expect(await view(a.cookie)).toMatchObject({ state: "ready", provider: "DataForSEO", target: "northwind.example", snapshot: null });

    fake.requests.length = 0;
    const first = await refresh(a.cookie);
    expect(redirectTarget(first)).toBe("/dashboard/backlinks");
    expect(fake.requests.map((r) => r.path).sort()).toEqual(["/v3/backlinks/backlinks/live", "/v3/backlinks/summary/live"]);

    const shown = await view(a.cookie);
    expect(shown).toMatchObject({ state: "ready", retryAfterMinutes: 60 });
    expect(shown.snapshot?.summary).toEqual({
      backlinks: 1250,
      referringDomains: 48,
      referringMainDomains: 41,
      rank: 312,
      brokenBacklinks: 3,
    });
    expect(shown.snapshot?.fetchedAt).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/);
    expect(shown.snapshot?.links).toEqual([
      expect.objectContaining({
        domainFrom: "coffee-news.example",
        anchor: "single-origin beans",
        dofollow: true,
        firstSeen: "26 Mar 2026",
      }),
    ]);
    expect(shown.snapshot?.error).toBeNull();

    // A page view costs no request; a second Refresh within the hour is refused without asking the provider.
    fake.requests.length = 0;
    await view(a.cookie);
    const again = await refresh(a.cookie);
    expect(again.status).toBe(429);
    expect(again.data.notice?.title).toBe("Backlink data was fetched recently. You can refresh it again in 60 minutes.");
    expect(fake.requests).toHaveLength(0);

    // An hour later it asks again.
    await db
      .updateTable("backlink_data")
      .set({ requested_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where("site_id", "=", a.siteId)
      .execute();
    expect(redirectTarget(await refresh(a.cookie))).toBe("/dashboard/backlinks");
    expect(fake.requests).toHaveLength(2);

    // Another site sees none of it.
    const b = await makeUser(db, { site: { url: "https://other.example" } });
    expect(await view(b.cookie)).toMatchObject({ state: "ready", target: "other.example", snapshot: null });
  });

  it("a provider error keeps the last good figures and leaves a reference; a site without an address is asked for one", async () => {
    connectProvider();
    const a = await makeUser(db, { site: { url: "https://northwind.example" } });
    expect(redirectTarget(await refresh(a.cookie))).toBe("/dashboard/backlinks");
    await db
      .updateTable("backlink_data")
      .set({ requested_at: new Date(Date.now() - 2 * 60 * 60_000).toISOString() })
      .where("site_id", "=", a.siteId)
      .execute();

    await expect.poll(() => fake.failures.length).toBe(0);
    fake.failures.push({ statusCode: 40204, message: "Access denied." }, { statusCode: 40204, message: "Access denied." });
    const failed = await refresh(a.cookie, "req-ab12cd34");
    expect(failed.status).toBe(502);
    expect(failed.data.notice?.title).toBe("We could not get backlink data just now.");
    expect(failed.data.notice?.description).toContain("reference req-ab12cd34");
    // Customers never see the provider's own codes.
    expect(JSON.stringify(failed.data.notice)).not.toMatch(/40204|DataForSEO|DATAFORSEO/);

    const shown = await view(a.cookie);
    expect(shown.snapshot?.summary?.backlinks).toBe(1250);
    expect(shown.snapshot?.error).toMatchObject({ id: "req-ab12cd34" });

    const c = await makeUser(db, { site: { url: null } });
    expect(await view(c.cookie)).toEqual({ state: "no_address", snapshot: null });
    expect((await refresh(c.cookie)).data.notice?.title).toBe("Scan your website first, so Inkpilot knows its address.");
  });
});
