import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { RATE_LIMIT_MESSAGE, RATE_LIMIT_RULES } from "#app/modules/auth/rate-limit.server";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { onboardingState } from "#app/modules/onboarding/state.server";
import { readToast } from "#app/utils/toast.server";
import { action, loader } from "#app/routes/dashboard/onboarding/route";
import { startTestSite, TEST_SITE, type TestSite } from "#tests/fakes/test-site";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";
import { callRoute, get, post, redirectTarget } from "#tests/setup/route-harness";

let db: DB;
let site: TestSite;
let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;

beforeAll(async () => {
  site = await startTestSite();
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port}`;
  resetEnvForTests();
  db = await testDb();
  alice = await makeUser(db, { email: "alice@example.com" });
  bob = await makeUser(db, { email: "bob@example.com" });
  aliceCookie = alice.cookie;
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await site.close();
});

function submit(fields: Record<string, string>, cookie: string | null = aliceCookie) {
  return callRoute({ middleware: [requireAuth], handler: action, request: post("/dashboard/onboarding", fields, cookie ?? undefined) });
}

async function toastOf(result: { headers: Headers }) {
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast;
}

const urlOf = (path: string) => new URL(path, "http://localhost:3000");
const brandOf = (siteId: string) => db.selectFrom("brand_settings").selectAll().where("site_id", "=", siteId).executeTakeFirstOrThrow();
const siteUrlOf = async (siteId: string) =>
  (await db.selectFrom("sites").select("url").where("id", "=", siteId).executeTakeFirstOrThrow()).url;

describe("POST /dashboard/onboarding", () => {
  test("signed-out visitors go to sign in", async () => {
    const result = await submit({ intent: "scan", url: site.url }, null);
    expect(redirectTarget(result)).toMatch(/^\/signin\?redirectTo=/);
  });

  /** The scan step the dialog shows after an answer: its URL field's value and error. */
  async function scanStepAfter(result: { status: number; headers: Headers }) {
    const state = await onboardingState(
      db,
      { user: { onboardingCompleted: false } as never, site: { id: alice.siteId, name: "", url: null, timeZone: "UTC" } },
      urlOf(redirectTarget(result)!),
    );
    return { step: state.step, url: state.url, error: state.error };
  }

  test("a blank URL stays on the scan step with 'Please enter your website URL' on the field, no toast", async () => {
    const result = await submit({ intent: "scan", url: "   " });
    expect(redirectTarget(result)).toBe("/dashboard?onboarding=scan&scanError=required");
    expect(await toastOf(result)).toBeNull();
    expect(await scanStepAfter(result)).toEqual({ step: "scan", url: undefined, error: "Please enter your website URL" });
  });

  test("a failed scan keeps the address and puts its reason on the URL field, changing nothing", async () => {
    const before = await brandOf(alice.siteId);
    for (const url of ["http://127.0.0.1/", "http://169.254.169.254/", `${site.url}/redirect-to-loopback`]) {
      const result = await submit({ intent: "scan", url });
      expect(redirectTarget(result)).toBe(`/dashboard?onboarding=scan&url=${encodeURIComponent(url)}&scanError=blocked_address`);
      expect(await toastOf(result)).toBeNull();
      expect(await scanStepAfter(result)).toEqual({
        step: "scan",
        url,
        error: "That address is not allowed: it points to a private or local network.",
      });
    }
    const missing = await submit({ intent: "scan", url: `${site.url}/missing`, returnTo: "/dashboard/articles?status=draft" });
    expect(redirectTarget(missing)).toBe(
      `/dashboard/articles?status=draft&onboarding=scan&url=${encodeURIComponent(`${site.url}/missing`)}&scanError=http_404`,
    );
    expect((await scanStepAfter(missing)).error).toBe("The website answered with HTTP status 404. Please check the address.");
    expect(await brandOf(alice.siteId)).toEqual(before);
    expect(await siteUrlOf(alice.siteId)).toBeNull();
  });

  test("a forged ?scanError= shows nothing but our own wording", async () => {
    const state = await onboardingState(
      db,
      { user: { onboardingCompleted: false } as never, site: { id: alice.siteId, name: "", url: null, timeZone: "UTC" } },
      urlOf("/dashboard?onboarding=scan&scanError=Call%20555-0100%20to%20unlock"),
    );
    expect(state.error).toBeUndefined();
    expect(state.returnTo).toBe("/dashboard");
  });

  test("'Set up manually' ends onboarding and leads to the Brand tab", async () => {
    const dave = await makeUser(db, { email: "dave@example.com" });
    const result = await submit({ intent: "manual", returnTo: "/dashboard?onboarding=scan&scanError=dns" }, dave.cookie);
    expect(redirectTarget(result)).toBe("/dashboard/settings?tab=brand");
    const user = await db.selectFrom("users").select("onboarding_completed_at").where("id", "=", dave.userId).executeTakeFirstOrThrow();
    expect(user.onboarding_completed_at).not.toBeNull();
  });

  test("a scan fills the signed-in user's site brand settings, and no one else's", async () => {
    const bobBefore = await brandOf(bob.siteId);
    const result = await submit({ intent: "scan", url: `${site.url}/`, returnTo: "/dashboard?tab=all" });
    expect(redirectTarget(result)).toBe("/dashboard?tab=all&onboarding=success");
    expect((await toastOf(result))?.title).toBe("Website Scanned Successfully!");

    const brand = await brandOf(alice.siteId);
    expect(brand).toMatchObject({
      brand_name: TEST_SITE.brandName,
      industry: "Food & Beverage",
      language: "en-US",
      description: TEST_SITE.description,
    });
    expect(JSON.parse(brand.tags)).toContain("coffee");
    expect(JSON.parse(brand.internal_links)).toContain(`${site.url}/shop`);
    expect(await siteUrlOf(alice.siteId)).toBe(`${site.url}/`);
    const renamed = await db.selectFrom("sites").select("name").where("id", "=", alice.siteId).executeTakeFirstOrThrow();
    expect(renamed.name).toBe(TEST_SITE.brandName);
    // Its default-named workspace too: invitations then name the brand, not the sender's email name.
    const workspace = await db.selectFrom("workspaces").select("name").where("id", "=", alice.workspaceId).executeTakeFirstOrThrow();
    expect(workspace.name).toBe(TEST_SITE.brandName);
    expect(await brandOf(bob.siteId)).toEqual(bobBefore);
    // Next, the site's own pages are read and the first plan made from them (tests/integration/site-pages.test.ts).
    const jobs = await db.selectFrom("jobs").select(["name", "payload"]).where("name", "=", "read-site-pages").execute();
    expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toContainEqual({ siteId: alice.siteId, plan: true });
    expect(await siteUrlOf(bob.siteId)).toBeNull();

    // The success step shows what was stored.
    const state = await onboardingState(
      db,
      { user: { onboardingCompleted: false } as never, site: { id: alice.siteId, name: "", url: null, timeZone: "UTC" } },
      urlOf("/dashboard?onboarding=success"),
    );
    expect(state).toMatchObject({ show: true, step: "success", scanned: { brandName: TEST_SITE.brandName, industry: "Food & Beverage" } });
  });

  test("returnTo cannot leave the site", async () => {
    const result = await submit({ intent: "scan", url: "", returnTo: "//evil.example/x" });
    expect(redirectTarget(result)).toBe("/dashboard?onboarding=scan&scanError=required");
  });

  test("finish completes onboarding with 'Setup Complete!'; skip completes it quietly", async () => {
    const finished = await submit({ intent: "finish" });
    expect(redirectTarget(finished)).toBe("/dashboard");
    expect((await toastOf(finished))?.title).toBe("Setup Complete!");
    const user = await db.selectFrom("users").select("onboarding_completed_at").where("id", "=", alice.userId).executeTakeFirstOrThrow();
    expect(user.onboarding_completed_at).not.toBeNull();

    const bobCookie = bob.cookie;
    const skipped = await submit({ intent: "skip", returnTo: "/dashboard?onboarding=scan" }, bobCookie);
    expect(redirectTarget(skipped)).toBe("/dashboard");
    expect(await toastOf(skipped)).toBeNull();
    const bobUser = await db.selectFrom("users").select("onboarding_completed_at").where("id", "=", bob.userId).executeTakeFirstOrThrow();
    expect(bobUser.onboarding_completed_at).not.toBeNull();
  });

  test("scans are rate limited per account, with a clear message and no change", async () => {
    const carol = await makeUser(db, { email: "carol@example.com" });
    const carolCookie = carol.cookie;
    const before = await brandOf(carol.siteId);
    const limit = RATE_LIMIT_RULES.scan.email.points;
    for (let i = 0; i < limit; i++) await submit({ intent: "scan", url: "http://127.0.0.1:1/" }, carolCookie);
    const refused = await submit({ intent: "scan", url: `${site.url}/` }, carolCookie);
    expect(redirectTarget(refused)).toMatch(/scanError=rate_limited$/);
    expect((await scanStepAfter(refused)).error).toBe(RATE_LIMIT_MESSAGE);
    expect(await brandOf(carol.siteId)).toEqual(before);
  });

  test("an unknown intent is a 400; GET goes to the dashboard's dialog", async () => {
    expect((await submit({ intent: "nope" })).status).toBe(400);
    const got = await callRoute({ middleware: [requireAuth], handler: loader, request: get("/dashboard/onboarding", aliceCookie) });
    expect(redirectTarget(got)).toBe("/dashboard?onboarding=welcome");
  });
});

describe("onboardingState", () => {
  const auth = (onboardingCompleted: boolean) => ({
    user: { onboardingCompleted } as never,
    site: { id: "none", name: "", url: null, timeZone: "UTC" },
  });

  test("shows until completed, at the step from the URL", async () => {
    expect(await onboardingState(db, auth(false), urlOf("/dashboard"))).toEqual({ show: true, step: "welcome", returnTo: "/dashboard" });
    expect(await onboardingState(db, auth(false), urlOf("/dashboard?onboarding=scan&url=x.example"))).toMatchObject({
      step: "scan",
      url: "x.example",
    });
    expect(await onboardingState(db, auth(false), urlOf("/dashboard?onboarding=bogus"))).toMatchObject({ show: true, step: "welcome" });
  });

  test("after completion only on request", async () => {
    expect((await onboardingState(db, auth(true), urlOf("/dashboard"))).show).toBe(false);
    expect(await onboardingState(db, auth(true), urlOf("/dashboard?onboarding=1"))).toMatchObject({ show: true, step: "welcome" });
    expect(await onboardingState(db, auth(true), urlOf("/dashboard/topics?x=1&onboarding=scan"))).toMatchObject({
      show: true,
      step: "scan",
      returnTo: "/dashboard/topics?x=1",
    });
  });
});
