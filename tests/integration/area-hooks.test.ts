import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { afterSiteCountChange } from "#app/modules/workspaces/site-count-hooks.server";
import { wireAreaHooks } from "#app/worker/hooks.server";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";

/** The cross-area reactions server start-up registers (app/worker/hooks.server.ts), which no module imports itself. */

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_hooks",
  STRIPE_WEBHOOK_SECRET: "whsec_hooks",
  STRIPE_PRICE_MONTHLY: "price_month",
  STRIPE_PRICE_YEARLY: "price_year",
};

let db: DB;

beforeAll(async () => {
  db = await testDb();
  Object.assign(process.env, STRIPE);
  resetEnvForTests();
});

afterAll(() => {
  for (const name of Object.keys(STRIPE)) delete process.env[name];
  resetEnvForTests();
});

const quantitySyncs = (workspaceId: string) =>
  db.selectFrom("jobs").select("payload").where("name", "=", "sync-site-quantity").where("tenant_key", "=", workspaceId).execute();

describe("area hooks", () => {
  it("once wired, a change of a workspace's site count queues billing's quantity sync, once however often it is wired", async () => {
    const user = await makeUser(db);
    await afterSiteCountChange(db, user.workspaceId);
    expect(await quantitySyncs(user.workspaceId)).toEqual([]);
    wireAreaHooks();
    wireAreaHooks();
    await afterSiteCountChange(db, user.workspaceId);
    expect(await quantitySyncs(user.workspaceId)).toEqual([{ payload: JSON.stringify({ workspaceId: user.workspaceId }) }]);
  });
});
