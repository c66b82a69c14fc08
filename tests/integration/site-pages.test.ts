import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { runNextJob, type RunnableJob } from "#app/modules/jobs/runner.server";
import { READ_SITE_PAGES_JOB, readSitePagesJob, requestSitePagesRead } from "#app/modules/onboarding/site-pages-job.server";
import { listSitePages } from "#app/modules/research/site-pages.server";
import { readSitePages, SITE_READ_LIMITS } from "#app/modules/research/site-reader.server";
import { isoNow } from "#app/utils/time";
import { startTestSite, type TestSite } from "#tests/fakes/test-site";
import { testDb } from "#tests/setup/db";
import { makeTopic, makeUser } from "#tests/setup/factories";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";
import { requireAuth } from "#app/modules/auth/guards.server";
import { action as settingsAction, loader as settingsLoader } from "#app/routes/dashboard/settings/route";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * The site's own pages as research (docs/decisions/058-research.md): read
 * after the onboarding scan through the SSRF guard, within bounds, stored
 * with their kind, facts and FAQ; then the first plan is made from them.
 */

let db: DB;
let site: TestSite;
beforeAll(async () => {
  db = await testDb();
  site = await startTestSite();
  allowPrivateHosts(`127.0.0.1:${site.port}`);
});
afterAll(async () => {
  forgetPrivateHosts();
  await site.close();
});

const SHOP = "https://shop.test";
const doc = (title: string, body: string, head = "") =>
  `<html><head><title>${title}</title>${head}</head><body><main>${body}</main></body></html>`;

async function shopUser(links: string[]) {
  const user = await makeUser(db, { site: { url: `${SHOP}/` } });
  await db
    .updateTable("brand_settings")
    .set({ internal_links: JSON.stringify(links), brand_name: "Shop", updated_at: isoNow() })
    .where("site_id", "=", user.siteId)
    .execute();
  return user;
}

describe("reading the site's pages", () => {
  it("reads the home page and the scan's links, follows a category to its products, and stores what they say", async () => {
    const user = await shopUser([`${SHOP}/shop/brewing-gear`, `${SHOP}/faq`, `${SHOP}/gone`]);
    const pages: Record<string, string> = {
      [`${SHOP}/`]: doc("Shop", "<h1>Welcome</h1><p>Roasted in Rotterdam since 2015, shipped within 2 days.</p>"),
      [`${SHOP}/shop/brewing-gear`]: doc(
        "Brewing Gear",
        '<h1>Brewing Gear</h1><a href="/shop/kettle">Kettle</a><a href="/shop/v60">V60</a><a href="/shop/scale">Scale</a>',
      ),
      [`${SHOP}/shop/kettle`]: doc("Gooseneck Kettle | Shop", "<h1>Gooseneck Kettle</h1><p>Holds 1 litre and heats from 40 to 100 °C.</p>"),
      [`${SHOP}/shop/v60`]: doc("V60 Dripper | Shop", "<h1>V60 Dripper</h1><p>The dripper costs €24.</p>"),
      [`${SHOP}/faq`]: doc("FAQ", "<h1>FAQ</h1><h2>How long does cold brew last?</h2><p>Up to 2 weeks in the fridge.</p>"),
    };
    const asked: string[] = [];
    const result = await readSitePages(db, user.siteId, {
      fetchPage: async (url) => {
        asked.push(url);
        return pages[url] ? { url, html: pages[url] } : null;
      },
    });
    expect(result).toMatchObject({ stored: true, read: 5, failed: 2 });
    expect(asked).toContain(`${SHOP}/shop/scale`);
    const stored = await listSitePages(db, user.siteId);
    expect(stored.find((p) => p.url === `${SHOP}/shop/kettle`)).toMatchObject({
      kind: "product",
      title: "Gooseneck Kettle",
      facts: ["Holds 1 litre and heats from 40 to 100 °C."],
    });
    expect(stored.find((p) => p.url === `${SHOP}/shop/brewing-gear`)?.kind).toBe("category");
    expect(stored.find((p) => p.url === `${SHOP}/faq`)?.faq).toEqual([
      { question: "How long does cold brew last?", answer: "Up to 2 weeks in the fridge." },
    ]);
  });

  it("reads at most the page limit, only the site's own origin, and keeps the old pages when nothing could be read", async () => {
    const many = Array.from({ length: 40 }, (_, i) => `<a href="/shop/p${i}">P${i}</a>`).join("");
    const user = await shopUser([`${SHOP}/collections`, "https://elsewhere.test/x"]);
    const asked: string[] = [];
    await readSitePages(db, user.siteId, {
      fetchPage: async (url) => {
        asked.push(url);
        return { url, html: url.endsWith("/collections") ? doc("All", many) : doc("P", "<h1>Product</h1><p>It weighs 250 g.</p>") };
      },
    });
    expect(asked.length).toBe(SITE_READ_LIMITS.pages);
    expect(asked.some((u) => u.startsWith("https://elsewhere.test"))).toBe(false);
    const before = await listSitePages(db, user.siteId);
    expect(before.length).toBeGreaterThan(10);
    const failed = await readSitePages(db, user.siteId, { fetchPage: async () => Promise.reject(new Error("down")) });
    expect(failed).toMatchObject({ stored: false, read: 0 });
    expect(await listSitePages(db, user.siteId)).toHaveLength(before.length);
  });

  it("runs as a job after the scan through the SSRF guard, then makes the first plan", async () => {
    const user = await makeUser(db, { site: { url: `${site.url}/` } });
    await db
      .updateTable("brand_settings")
      .set({
        internal_links: JSON.stringify([`${site.url}/shop`, `${site.url}/about`]),
        brand_name: "Northwind Coffee Roasters",
        updated_at: isoNow(),
      })
      .where("site_id", "=", user.siteId)
      .execute();
    await makeTopic(db, user.siteId, { name: "Brewing", keywords: JSON.stringify(["moka pot", "steaming milk"]) });
    expect(await requestSitePagesRead(db, user.siteId, { plan: true })).toBe(true);
    // A second request within the minute is refused: one read at a time.
    expect(await requestSitePagesRead(db, user.siteId, { plan: true })).toBe(false);
    await runNextJob(db, { [READ_SITE_PAGES_JOB]: readSitePagesJob as RunnableJob }, { leaseMs: 60_000, pollMs: 1_000 });
    const stored = await listSitePages(db, user.siteId);
    expect(stored.map((p) => p.url)).toContain(`${site.url}/shop`);
    const plan = await db.selectFrom("plan_items").selectAll().where("site_id", "=", user.siteId).execute();
    expect(plan.map((p) => p.keyword)).toEqual(expect.arrayContaining(["how to use a moka pot", "how to steam milk"]));
  });
});

describe("brand settings: the site's pages", () => {
  const BRAND_TAB = "/dashboard/settings?tab=brand";
  const queued = (siteId: string) =>
    db.selectFrom("jobs").select("id").where("name", "=", READ_SITE_PAGES_JOB).where("payload", "like", `%${siteId}%`).execute();

  it("shows what was read and queues a fresh read from a plain form, at most once a minute", async () => {
    const user = await shopUser([`${SHOP}/shop/kettle`]);
    await readSitePages(db, user.siteId, {
      fetchPage: async (url) => ({ url, html: doc("Kettle", "<h1>Gooseneck Kettle</h1><p>Holds 1 litre.</p>") }),
    });
    const view = await callRoute<Awaited<ReturnType<typeof settingsLoader>>>({
      middleware: [requireAuth],
      handler: settingsLoader,
      request: get(BRAND_TAB, user.cookie),
    });
    expect(view.data.sitePages).toMatchObject({ products: 1, reading: false, hasSite: true });
    expect(view.data.sitePages?.readAtText).toBeTruthy();
    const first = await callRoute({
      middleware: [requireAuth],
      handler: settingsAction,
      request: post(BRAND_TAB, { intent: "site-pages" }, user.cookie),
    });
    expect(first.status).toBe(302);
    expect(redirectTarget(first)).toBe(BRAND_TAB);
    expect(await queued(user.siteId)).toHaveLength(1);
    const again = await callRoute({
      middleware: [requireAuth],
      handler: settingsAction,
      request: post(BRAND_TAB, { intent: "site-pages" }, user.cookie),
    });
    expect(again.status).toBe(302);
    expect(await queued(user.siteId)).toHaveLength(1);
  });

  it("says there is no website to read when the site has no address, and queues nothing", async () => {
    const user = await makeUser(db);
    const res = await callRoute({
      middleware: [requireAuth],
      handler: settingsAction,
      request: post(BRAND_TAB, { intent: "site-pages" }, user.cookie),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain("No website to read");
    expect(await queued(user.siteId)).toHaveLength(0);
  });
});
