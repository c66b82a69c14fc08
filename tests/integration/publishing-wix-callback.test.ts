import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import type * as Adapters from "#app/modules/publishing/adapters.server";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { wixAdapter } from "#app/modules/publishing/platforms/wix/adapter.server";
import { listConnections } from "#app/modules/publishing/connections.server";
import { finishWixInstall } from "#app/modules/publishing/platforms/wix/callback.server";
import { clearWixTokenCache, startWixInstall } from "#app/modules/publishing/platforms/wix/install.server";
import { startWixFake, type WixFake } from "#tests/fakes/wix";
import { testDb } from "#tests/setup/db";
import { makeUser, type TestUser } from "#tests/setup/factories";

// The lead registers wixAdapter in the registry; until then this file does it for connectPlatform.
vi.mock("#app/modules/publishing/platforms/registry", async (importOriginal) => {
  const original = await importOriginal<typeof Adapters>();
  return { ...original, getAdapter: (platform: string) => (platform === "wix" ? wixAdapter : original.getAdapter(platform as never)) };
});

let fake: WixFake;
let db: DB;
let user: TestUser;
const appUrl = "https://app.inkpilot.test";

beforeAll(async () => {
  fake = await startWixFake();
  Object.assign(process.env, fake.env, { TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fake.port}` });
  resetEnvForTests();
  db = await testDb();
  user = await makeUser(db);
});

afterAll(() => fake.close());

beforeEach(async () => {
  fake.reset();
  clearWixTokenCache();
  await db.deleteFrom("cms_connections").where("site_id", "=", user.siteId).where("platform", "=", "wix").execute();
});

async function callbackQuery(popup: boolean) {
  const { url } = await startWixInstall(db, { siteId: user.siteId, userId: user.userId, appUrl, popup });
  const response = await fetch(url, { redirect: "manual" });
  return new URL(response.headers.get("location")!).searchParams;
}

describe("the Wix callback", () => {
  test("popup install: connects (creating the author member with the owner's email) and sends the popup to /wix-installed", async () => {
    fake.settings({ members: 0 });
    const outcome = await finishWixInstall(db, { siteId: user.siteId, userId: user.userId }, await callbackQuery(true));
    expect(outcome).toMatchObject({ ok: true, popup: true, needsAttention: false, redirectTo: "/wix-installed?status=connected" });
    expect(fake.members().map((m) => m.loginEmail)).toEqual([user.email]);
    const [connection] = (await listConnections(db, user.siteId)).filter((c) => c.platform === "wix");
    expect(connection).toMatchObject({
      status: "connected",
      name: "Fake Wix Site",
      config: { instanceId: fake.instanceId(), memberCreated: true },
    });
    expect(connection!.doctor.map((c) => c.state)).toEqual(["pass", "pass", "pass", "pass"]);
  });

  test("full-page install lands on the Integrations tab; a Blog-less site is kept as needing attention", async () => {
    fake.settings({ blogInstalled: false });
    const outcome = await finishWixInstall(db, { siteId: user.siteId, userId: user.userId }, await callbackQuery(false));
    expect(outcome).toMatchObject({ ok: true, popup: false, needsAttention: true });
    expect(outcome.redirectTo).toMatch(/^\/dashboard\/settings\?tab=integrations&connected=wix#connection-/);
    const [connection] = (await listConnections(db, user.siteId)).filter((c) => c.platform === "wix");
    expect(connection!.status).toBe("needs_attention");
  });

  test("a denied install tells the popup with a code; a replayed callback is refused", async () => {
    fake.settings({ denyInstall: true });
    const denied = await finishWixInstall(db, { siteId: user.siteId, userId: user.userId }, await callbackQuery(true));
    expect(denied).toMatchObject({ ok: false, popup: true, code: "denied", redirectTo: "/wix-installed?status=error&code=denied" });

    fake.settings({ denyInstall: false });
    const query = await callbackQuery(false);
    await finishWixInstall(db, { siteId: user.siteId, userId: user.userId }, query);
    const replay = await finishWixInstall(db, { siteId: user.siteId, userId: user.userId }, query);
    expect(replay).toMatchObject({ ok: false, code: "state", redirectTo: "/dashboard/settings?tab=integrations&error=wix_state" });
  });
});
