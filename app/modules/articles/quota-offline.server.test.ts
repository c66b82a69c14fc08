import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { startGeneration, startRegeneration } from "#app/modules/generation/service.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { testDb } from "#tests/setup/db";
import { createArticle } from "./mutations.server";
import { getUsageSummary } from "./quota.server";

/** Without an AI provider the offline writer drafts articles, and its drafts cost the customer nothing. */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

describe("the offline writer's drafts", () => {
  it("never count against the trial, so a trial's three articles stay for the AI provider", async () => {
    const a = await createAccount(db, { email: `${newId()}@example.com`, passwordHash: null, emailVerified: true });
    const tenant = { workspaceId: a.workspaceId, siteId: a.siteId, userId: a.userId };
    for (let i = 0; i < 4; i++) await startGeneration(db, { ...tenant, keyword: `home espresso machine ${i}` });
    const draft = await createArticle(db, { ...tenant, authorId: a.userId, title: "By hand", contentHtml: "<p>Mine.</p>" });
    await startRegeneration(db, tenant, draft.id);
    const summary = await getUsageSummary(db, a.workspaceId, a.siteId);
    expect(summary.trial).toMatchObject({ used: 0, active: true });
    expect(summary.monthly.used).toBe(0);
    expect(summary.blocked).toBeNull();
    expect(await db.selectFrom("usage_events").select("id").where("site_id", "=", a.siteId).execute()).toEqual([]);
  });
});
