import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { DAY, isoNow } from "#app/utils/time";
import { testDb } from "#tests/setup/db";
import {
  assertCanCreateArticle,
  getUsageSummary,
  isQuotaError,
  monthKey,
  QuotaError,
  recordArticleCreated,
  usageState,
} from "./quota.server";

let db: DB;

beforeAll(async () => {
  db = await testDb();
});

async function account(plan: "trial" | "pro" = "trial", trialEndsIn = 7 * DAY) {
  const created = await createAccount(db, { email: `${newId()}@example.com`, passwordHash: null, emailVerified: true });
  await db
    .updateTable("workspaces")
    .set({ plan, trial_ends_at: new Date(Date.now() + trialEndsIn).toISOString() })
    .where("id", "=", created.workspaceId)
    .execute();
  return created;
}

async function secondSite(workspaceId: string) {
  const siteId = newId();
  const now = isoNow();
  await db
    .insertInto("sites")
    .values({ id: siteId, workspace_id: workspaceId, name: "Second", url: null, slug: siteId, created_at: now, updated_at: now })
    .execute();
  return siteId;
}

/** Creates an article the way the write screen and the engine do: check, insert, record, in one transaction. */
async function createArticle(workspaceId: string, siteId: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    await assertCanCreateArticle(trx, workspaceId, siteId, { now });
    const id = newId();
    const stamp = isoNow(now);
    await trx
      .insertInto("articles")
      .values({ id, site_id: siteId, author_id: null, title: "T", slug: id, created_at: stamp, updated_at: stamp })
      .execute();
    await recordArticleCreated(trx, { workspaceId, siteId, articleId: id }, { now });
    return id;
  });
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("trial", () => {
  it("allows 3 articles, then refuses with 'Trial Limit Reached'", async () => {
    const { workspaceId, siteId } = await account();
    for (let i = 0; i < 3; i++) await createArticle(workspaceId, siteId);
    const error = await rejection(createArticle(workspaceId, siteId));
    expect(isQuotaError(error)).toBe(true);
    expect(error).toMatchObject({ code: "trial_limit", title: "Trial Limit Reached" });
    expect((error as QuotaError).message).toBe("You've used all 3 articles of your free trial. Upgrade to Pro to keep writing.");
    expect(await db.selectFrom("articles").select("id").where("site_id", "=", siteId).execute()).toHaveLength(3);
    const summary = await getUsageSummary(db, workspaceId, siteId);
    expect(summary.trial).toMatchObject({ active: false, used: 3, max: 3 });
  });

  it("refuses after the end date with 'Trial Expired'", async () => {
    const { workspaceId, siteId } = await account("trial", -1000);
    const error = await rejection(createArticle(workspaceId, siteId));
    expect(error).toMatchObject({
      code: "trial_expired",
      title: "Trial Expired",
      message: "Your free trial has ended. Please upgrade to continue using Inkpilot.",
    });
    const summary = await getUsageSummary(db, workspaceId, siteId);
    expect(summary.trial).toMatchObject({ active: false, daysRemaining: 0 });
  });

  it("counts the trial across the workspace's sites and rounds days up", async () => {
    const { workspaceId, siteId } = await account("trial", 2 * DAY + 1000);
    const other = await secondSite(workspaceId);
    await createArticle(workspaceId, siteId);
    await createArticle(workspaceId, other);
    const summary = await getUsageSummary(db, workspaceId, siteId);
    expect(summary.trial).toMatchObject({ active: true, used: 2, daysRemaining: 3 });
    expect(summary.blocked).toBeNull();
    await createArticle(workspaceId, other);
    await expect(createArticle(workspaceId, siteId)).rejects.toBeInstanceOf(QuotaError);
  });

  it("deleting an article does not give the quota back", async () => {
    const { workspaceId, siteId } = await account();
    const ids = [
      await createArticle(workspaceId, siteId),
      await createArticle(workspaceId, siteId),
      await createArticle(workspaceId, siteId),
    ];
    await db.deleteFrom("articles").where("id", "in", ids).execute();
    await expect(createArticle(workspaceId, siteId)).rejects.toMatchObject({ code: "trial_limit" });
  });
});

describe("pro monthly quota", () => {
  const june = new Date("2031-06-15T12:00:00Z");

  async function seedUsage(workspaceId: string, siteId: string, count: number, at: Date) {
    for (let i = 0; i < count; i++) await recordArticleCreated(db, { workspaceId, siteId, articleId: null }, { now: at });
  }

  it("allows 50 per site per month, then refuses with the spec's text", async () => {
    const { workspaceId, siteId } = await account("pro");
    await seedUsage(workspaceId, siteId, 49, june);
    await createArticle(workspaceId, siteId, june);
    const error = await rejection(createArticle(workspaceId, siteId, june));
    expect(error).toMatchObject({
      code: "monthly_limit",
      title: "Monthly limit reached",
      message: "You've reached your monthly limit of 50 articles. Upgrade to Pro for unlimited articles.",
    });
  });

  it("counts each site on its own", async () => {
    const { workspaceId, siteId } = await account("pro");
    const other = await secondSite(workspaceId);
    await seedUsage(workspaceId, siteId, 50, june);
    await expect(assertCanCreateArticle(db, workspaceId, siteId, { now: june })).rejects.toBeInstanceOf(QuotaError);
    await expect(assertCanCreateArticle(db, workspaceId, other, { now: june })).resolves.toBeUndefined();
  });

  it("starts afresh at the UTC month boundary", async () => {
    const { workspaceId, siteId } = await account("pro");
    await seedUsage(workspaceId, siteId, 50, new Date("2031-06-30T23:59:59.999Z"));
    await expect(assertCanCreateArticle(db, workspaceId, siteId, { now: new Date("2031-06-30T23:59:59.999Z") })).rejects.toBeInstanceOf(
      QuotaError,
    );
    await expect(assertCanCreateArticle(db, workspaceId, siteId, { now: new Date("2031-07-01T00:00:00.000Z") })).resolves.toBeUndefined();
    expect(monthKey(new Date("2031-07-01T00:00:00.000Z"))).toBe("2031-07");
  });

  it("does not touch the trial counter", async () => {
    const { workspaceId, siteId } = await account("pro");
    await createArticle(workspaceId, siteId);
    const row = await db.selectFrom("workspaces").select("trial_articles_used").where("id", "=", workspaceId).executeTakeFirstOrThrow();
    expect(row.trial_articles_used).toBe(0);
  });

  it("rolls back the record when the transaction fails", async () => {
    const { workspaceId, siteId } = await account("pro");
    await expect(
      db.transaction().execute(async (trx) => {
        await recordArticleCreated(trx, { workspaceId, siteId, articleId: null });
        throw new Error("insert failed");
      }),
    ).rejects.toThrow("insert failed");
    expect((await getUsageSummary(db, workspaceId, siteId)).monthly.used).toBe(0);
  });
});

describe("usage summary states", () => {
  it("is ok below 80%, warning from 80%, limit at 50", async () => {
    expect(usageState(0, 50)).toBe("ok");
    expect(usageState(39, 50)).toBe("ok");
    expect(usageState(40, 50)).toBe("warning");
    expect(usageState(49, 50)).toBe("warning");
    expect(usageState(50, 50)).toBe("limit");
    expect(usageState(51, 50)).toBe("limit");
  });

  it("reports the site's month with percent and state", async () => {
    const { workspaceId, siteId } = await account("pro");
    const now = new Date("2031-03-10T00:00:00Z");
    for (let i = 0; i < 41; i++) await recordArticleCreated(db, { workspaceId, siteId, articleId: null }, { now });
    const summary = await getUsageSummary(db, workspaceId, siteId, { now });
    expect(summary.plan).toBe("pro");
    expect(summary.monthly).toEqual({ used: 41, max: 50, percent: 82, state: "warning", month: "2031-03" });
    expect(summary.blocked).toBeNull();
  });
});
