import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { startGeneration, startRegeneration } from "#app/modules/generation/service.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { DAY, isoNow } from "#app/utils/time";
import { asIfAiProviderConfigured } from "#tests/setup/ai-provider";
import { testDb } from "#tests/setup/db";
import { createArticle, deleteArticle } from "./mutations.server";
import {
  assertCanStartAiArticle,
  countAiArticle,
  getUsageSummary,
  isQuotaError,
  monthKey,
  QuotaError,
  recordAiArticleStarted,
  usageState,
} from "./quota.server";

/**
 * The quota rule (docs/product.md "Plans and limits", docs/decisions/035): only
 * articles the AI engine writes count, once, when their generation starts.
 */

let db: DB;

beforeAll(async () => {
  db = await testDb();
});
asIfAiProviderConfigured();

async function account(plan: "trial" | "pro" = "trial", trialEndsIn = 7 * DAY) {
  const created = await createAccount(db, { email: `${newId()}@example.com`, passwordHash: null, emailVerified: true });
  await db
    .updateTable("workspaces")
    .set({ plan, trial_ends_at: new Date(Date.now() + trialEndsIn).toISOString() })
    .where("id", "=", created.workspaceId)
    .execute();
  return created;
}

type Account = Awaited<ReturnType<typeof account>>;

async function secondSite(workspaceId: string) {
  const siteId = newId();
  const now = isoNow();
  await db
    .insertInto("sites")
    .values({ id: siteId, workspace_id: workspaceId, name: "Second", url: null, slug: siteId, created_at: now, updated_at: now })
    .execute();
  return siteId;
}

/** A draft written by hand, the way the write screen saves one. */
function manualDraft(a: Account, title = "One line", siteId = a.siteId) {
  return createArticle(db, {
    workspaceId: a.workspaceId,
    siteId,
    authorId: a.userId,
    title,
    contentHtml: "<p>A line.</p>",
    source: "manual",
  });
}

/** An article the AI engine starts writing (the write screen's panel and the generator both call this). */
function aiArticle(a: Account, siteId = a.siteId) {
  return startGeneration(db, { workspaceId: a.workspaceId, siteId, userId: a.userId, keyword: `keyword ${newId()}` });
}

async function trialUsed(workspaceId: string) {
  const row = await db.selectFrom("workspaces").select("trial_articles_used").where("id", "=", workspaceId).executeTakeFirstOrThrow();
  return row.trial_articles_used;
}

const events = async (siteId: string) => (await db.selectFrom("usage_events").select("id").where("site_id", "=", siteId).execute()).length;

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("what counts", () => {
  it("a hand-written draft never counts, on any plan state", async () => {
    const a = await account();
    await manualDraft(a);
    await manualDraft(a);
    expect(await trialUsed(a.workspaceId)).toBe(0);
    expect(await events(a.siteId)).toBe(0);
    expect((await getUsageSummary(db, a.workspaceId, a.siteId)).trial).toMatchObject({ used: 0, active: true });
  });

  it("a manual draft is still saved on a trial whose 3 AI articles are used, and after it expired", async () => {
    const a = await account();
    for (let i = 0; i < 3; i++) await aiArticle(a);
    expect((await getUsageSummary(db, a.workspaceId, a.siteId)).blocked?.code).toBe("trial_limit");
    await expect(manualDraft(a, "Written by hand")).resolves.toMatchObject({ title: "Written by hand", source: "manual" });
    expect(await trialUsed(a.workspaceId)).toBe(3);

    const expired = await account("trial", -1000);
    await expect(manualDraft(expired)).resolves.toMatchObject({ status: "draft" });
  });

  it("an AI article counts once, when its generation starts", async () => {
    const a = await account();
    const { articleId } = await aiArticle(a);
    expect(await trialUsed(a.workspaceId)).toBe(1);
    const rows = await db.selectFrom("usage_events").select(["article_id", "kind"]).where("site_id", "=", a.siteId).execute();
    expect(rows).toEqual([{ article_id: articleId, kind: "article_created" }]);
  });

  it("regenerating an AI article does not count again, even at the limit", async () => {
    const a = await account();
    const first = await aiArticle(a);
    await aiArticle(a);
    await aiArticle(a);
    expect(await trialUsed(a.workspaceId)).toBe(3);
    // Let the first generation end so a regeneration can start.
    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", first.generationId).execute();
    const regen = await startRegeneration(db, { workspaceId: a.workspaceId, siteId: a.siteId, userId: a.userId }, first.articleId);
    expect(regen).not.toBeNull();
    expect(await trialUsed(a.workspaceId)).toBe(3);
    expect(await events(a.siteId)).toBe(3);
  });

  it("a hand-written draft the engine rewrites counts once, then never again", async () => {
    const a = await account();
    const draft = await manualDraft(a);
    const tenant = { workspaceId: a.workspaceId, siteId: a.siteId, articleId: draft.id };
    expect(await countAiArticle(db, tenant)).toEqual({ counted: true });
    expect(await countAiArticle(db, tenant)).toEqual({ counted: false });
    expect(await trialUsed(a.workspaceId)).toBe(1);

    // At the limit, rewriting another hand-written draft with AI is refused like a new AI article.
    await aiArticle(a);
    await aiArticle(a);
    const other = await manualDraft(a, "Another");
    const error = await rejection(countAiArticle(db, { ...tenant, articleId: other.id }));
    expect(error).toMatchObject({ code: "trial_limit" });
  });

  it("deleting an AI article gives nothing back", async () => {
    const a = await account();
    const ids = [(await aiArticle(a)).articleId, (await aiArticle(a)).articleId, (await aiArticle(a)).articleId];
    for (const id of ids) expect(await deleteArticle(db, a.siteId, id)).toBe(true);
    const error = await rejection(aiArticle(a));
    expect(error).toMatchObject({ code: "trial_limit" });
  });
});

describe("trial", () => {
  it("allows 3 AI articles, then refuses with 'Trial Limit Reached' and leaves nothing behind", async () => {
    const a = await account();
    for (let i = 0; i < 3; i++) await aiArticle(a);
    const error = await rejection(aiArticle(a));
    expect(isQuotaError(error)).toBe(true);
    expect(error).toMatchObject({ code: "trial_limit", title: "Trial Limit Reached" });
    expect((error as QuotaError).message).toBe("You've used all 3 articles of your free trial. Upgrade to Pro to keep writing.");
    expect(await db.selectFrom("articles").select("id").where("site_id", "=", a.siteId).execute()).toHaveLength(3);
    const summary = await getUsageSummary(db, a.workspaceId, a.siteId);
    expect(summary.trial).toMatchObject({ active: false, used: 3, max: 3 });
  });

  it("refuses AI articles after the end date with 'Trial Expired'", async () => {
    const a = await account("trial", -1000);
    const error = await rejection(aiArticle(a));
    expect(error).toMatchObject({
      code: "trial_expired",
      title: "Trial Expired",
      message: "Your free trial has ended. Please upgrade to continue using Inkpilot.",
    });
    expect(await db.selectFrom("articles").select("id").where("site_id", "=", a.siteId).execute()).toHaveLength(0);
    const summary = await getUsageSummary(db, a.workspaceId, a.siteId);
    expect(summary.trial).toMatchObject({ active: false, daysRemaining: 0 });
  });

  it("counts the trial across the workspace's sites and rounds days up", async () => {
    const a = await account("trial", 2 * DAY + 1000);
    const other = await secondSite(a.workspaceId);
    await aiArticle(a);
    await aiArticle(a, other);
    const summary = await getUsageSummary(db, a.workspaceId, a.siteId);
    expect(summary.trial).toMatchObject({ active: true, used: 2, daysRemaining: 3 });
    expect(summary.blocked).toBeNull();
    await aiArticle(a, other);
    await expect(aiArticle(a)).rejects.toBeInstanceOf(QuotaError);
  });
});

describe("pro monthly quota", () => {
  const june = new Date("2031-06-15T12:00:00Z");

  async function seedUsage(workspaceId: string, siteId: string, count: number, at: Date) {
    for (let i = 0; i < count; i++) await recordAiArticleStarted(db, { workspaceId, siteId, articleId: null }, { now: at });
  }

  it("allows 50 per site per month, then refuses saying when it resets, never 'unlimited'", async () => {
    const a = await account("pro");
    await seedUsage(a.workspaceId, a.siteId, 49, june);
    await assertCanStartAiArticle(db, a.workspaceId, a.siteId, { now: june });
    await seedUsage(a.workspaceId, a.siteId, 1, june);
    const error = await rejection(assertCanStartAiArticle(db, a.workspaceId, a.siteId, { now: june }));
    expect(error).toMatchObject({
      code: "monthly_limit",
      title: "Monthly limit reached",
      message: "You've reached your monthly limit of 50 articles. Your limit resets at the start of next month.",
    });
    expect((error as Error).message.toLowerCase()).not.toContain("unlimited");
    // Hand-written articles are still saved at the limit.
    await expect(manualDraft(a)).resolves.toBeTruthy();
  });

  it("counts each site on its own", async () => {
    const a = await account("pro");
    const other = await secondSite(a.workspaceId);
    await seedUsage(a.workspaceId, a.siteId, 50, june);
    await expect(assertCanStartAiArticle(db, a.workspaceId, a.siteId, { now: june })).rejects.toBeInstanceOf(QuotaError);
    await expect(assertCanStartAiArticle(db, a.workspaceId, other, { now: june })).resolves.toBeUndefined();
  });

  it("starts afresh at the UTC month boundary", async () => {
    const a = await account("pro");
    const lastMoment = new Date("2031-06-30T23:59:59.999Z");
    await seedUsage(a.workspaceId, a.siteId, 50, lastMoment);
    await expect(assertCanStartAiArticle(db, a.workspaceId, a.siteId, { now: lastMoment })).rejects.toBeInstanceOf(QuotaError);
    await expect(
      assertCanStartAiArticle(db, a.workspaceId, a.siteId, { now: new Date("2031-07-01T00:00:00.000Z") }),
    ).resolves.toBeUndefined();
    expect(monthKey(new Date("2031-07-01T00:00:00.000Z"))).toBe("2031-07");
  });

  it("does not touch the trial counter", async () => {
    const a = await account("pro");
    await aiArticle(a);
    expect(await trialUsed(a.workspaceId)).toBe(0);
    expect((await getUsageSummary(db, a.workspaceId, a.siteId)).monthly.used).toBe(1);
  });

  it("rolls back the record when the transaction fails", async () => {
    const a = await account("pro");
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAiArticleStarted(trx, { workspaceId: a.workspaceId, siteId: a.siteId, articleId: null });
        throw new Error("insert failed");
      }),
    ).rejects.toThrow("insert failed");
    expect((await getUsageSummary(db, a.workspaceId, a.siteId)).monthly.used).toBe(0);
  });
});

describe("usage summary states", () => {
  it("is ok below 80%, warning from 80%, limit at 50", () => {
    expect(usageState(0, 50)).toBe("ok");
    expect(usageState(39, 50)).toBe("ok");
    expect(usageState(40, 50)).toBe("warning");
    expect(usageState(49, 50)).toBe("warning");
    expect(usageState(50, 50)).toBe("limit");
    expect(usageState(51, 50)).toBe("limit");
  });

  it("reports the site's month with percent and state", async () => {
    const a = await account("pro");
    const now = new Date("2031-03-10T00:00:00Z");
    await seedUsage(a, now);
    const summary = await getUsageSummary(db, a.workspaceId, a.siteId, { now });
    expect(summary.plan).toBe("pro");
    expect(summary.monthly).toEqual({ used: 41, max: 50, percent: 82, state: "warning", month: "2031-03" });
    expect(summary.blocked).toBeNull();

    async function seedUsage(at: Account, when: Date) {
      for (let i = 0; i < 41; i++)
        await recordAiArticleStarted(db, { workspaceId: at.workspaceId, siteId: at.siteId, articleId: null }, { now: when });
    }
  });
});
