import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv, resetEnvForTests } from "#app/env.server";
import { createArticle, getArticle } from "#app/modules/articles/mutations.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { AI_DAILY_CREDITS, AI_BURST_LIMIT } from "#app/modules/billing/plans";
import { chargeAiAction, dayKey, isAiLimitError } from "#app/modules/billing/ai-meter.server";
import { readToast, toastMiddleware } from "#app/utils/toast.server";
import { action as generatorAction } from "#app/routes/dashboard/generator/route";
import { action as aiAction } from "#app/routes/dashboard/write/ai";
import { armArticleAnswers } from "#tests/fakes/article-answers";
import { startFakeOpenAi } from "#tests/fakes/openai";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute, post, redirectTarget } from "#tests/setup/route-harness";

/**
 * Every AI action beside creating an article is metered per
 * site per day by plan, and limited per user in bursts, before the model is
 * called. Against the fake OpenAI server, so a refused action provably never
 * reaches the model.
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeOpenAi({ apiKey: "sk-meter" });
  armArticleAnswers(fake, "cold brew");
  Object.assign(process.env, { OPENAI_API_KEY: "sk-meter", OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "fake-model" });
  resetEnvForTests();
});
afterAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) delete process.env[name];
  resetEnvForTests();
  await fake.close();
});

const CONTENT = "<h2>Why cold brew</h2><p>It is smooth and sweet.</p><h2>How to make it</h2><p>Steep coarse coffee overnight.</p>";

async function account(plan: "trial" | "pro" = "trial") {
  const ids = await makeUser(db, { workspace: { plan } });
  const article = await createArticle(db, {
    workspaceId: ids.workspaceId,
    siteId: ids.siteId,
    authorId: ids.userId,
    title: "Cold brew at home",
    targetKeyword: "cold brew",
    contentHtml: CONTENT,
  });
  return { ...ids, articleId: article.id };
}
type Account = Awaited<ReturnType<typeof account>>;

async function expireTrial(workspaceId: string) {
  await db
    .updateTable("workspaces")
    .set({ trial_ends_at: new Date(Date.now() - 60_000).toISOString() })
    .where("id", "=", workspaceId)
    .execute();
}

const ai = (fields: Record<string, string>, cookie: string) =>
  callRoute({ middleware: [requireAuth], handler: aiAction, request: post("/dashboard/write/ai", fields, cookie) });
type GeneratorResult = { notice: { title: string; description?: string } | null; research?: unknown; image?: unknown };
const generator = (fields: Record<string, string>, cookie: string) =>
  callRoute<GeneratorResult>({
    middleware: [toastMiddleware, requireAuth],
    handler: generatorAction,
    request: post("/dashboard/generator", fields, cookie),
  });

async function toastOf(res: { headers: Headers }) {
  const cookie = /__toast=[^;]+/.exec(res.headers.get("Set-Cookie") ?? "")?.[0];
  if (!cookie) return null;
  return (await readToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast;
}

/** Everything an AI action could change for an account: the article, generations, usage, image files, model calls. */
async function snapshot(user: Account) {
  const article = await getArticle(db, user.siteId, user.articleId);
  const generations = await db.selectFrom("generations").select("id").where("article_id", "=", user.articleId).execute();
  const usage = await db.selectFrom("ai_usage").selectAll().where("site_id", "=", user.siteId).execute();
  const dir = path.join(getEnv().dataDir, "uploads/articles");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(user.siteId)) : [];
  return { article, generations, usage, files, modelCalls: fake.requests.length };
}

const TRIAL_EXPIRED = { title: "Trial Expired", description: "Your free trial has ended. Please upgrade to continue using Inkpilot." };
const DAILY_LIMIT = "Daily AI limit reached";

describe("AI meter at every entry point", () => {
  it("an expired trial is refused everywhere with the spec's 'Trial Expired' message, and nothing changes or reaches the model", async () => {
    const user = await account();
    await expireTrial(user.workspaceId);
    const before = await snapshot(user);
    const back = `/dashboard/write?edit=${user.articleId}`;

    const refusedFields: Array<Record<string, string>> = [
      { intent: "regenerate", articleId: user.articleId },
      { intent: "regenerate", articleId: user.articleId, js: "1" },
      { intent: "regenerate-section", articleId: user.articleId, heading: "How to make it" },
      { intent: "edit", articleId: user.articleId, instruction: "Make it shorter" },
    ];
    for (const fields of refusedFields) {
      const res = await ai(fields, user.cookie);
      expect(redirectTarget(res), fields.intent).toBe(back);
      expect(await toastOf(res), fields.intent).toEqual({ type: "error", ...TRIAL_EXPIRED });
    }

    const selection = await ai(
      { intent: "edit-selection", articleId: user.articleId, html: "<p>Steep coarse coffee.</p>", instruction: "Expand" },
      user.cookie,
    );
    expect(selection.status).toBe(403);
    expect(await selection.response!.json()).toEqual({ ok: false, error: TRIAL_EXPIRED.description, html: null });

    const keywords = await generator({ intent: "keywords", topic: "cold brew" }, user.cookie);
    expect(keywords.status).toBe(403);
    expect(keywords.data.notice).toEqual(TRIAL_EXPIRED);
    expect(await toastOf(keywords)).toEqual({ type: "error", title: TRIAL_EXPIRED.title });
    expect(keywords.data.research).toBeUndefined();

    const image = await generator({ intent: "images", prompt: "A glass of cold brew", style: "minimalist" }, user.cookie);
    expect(image.status).toBe(403);
    expect(image.data.notice).toEqual(TRIAL_EXPIRED);
    expect(image.data.image).toBeUndefined();

    expect(await snapshot(user)).toEqual(before);
  });

  it("a trial's daily allowance runs out: the action that would pass it is refused and changes nothing", async () => {
    const user = await account();
    const today = dayKey();
    await db
      .insertInto("ai_usage")
      .values({ site_id: user.siteId, day: today, kind: "edit", units: AI_DAILY_CREDITS.trial - 1, calls: 5, updated_at: today })
      .execute();

    // A regeneration costs more than the one credit left.
    const regen = await ai({ intent: "regenerate", articleId: user.articleId }, user.cookie);
    expect((await toastOf(regen))?.title).toBe(DAILY_LIMIT);
    expect(await db.selectFrom("generations").select("id").where("article_id", "=", user.articleId).execute()).toHaveLength(0);

    const calls = fake.requests.length;
    // An edit is a proposal now (reviewed before it is applied): answered as JSON, charged all the same.
    const edited = await ai({ intent: "edit", articleId: user.articleId, instruction: "Make it friendlier" }, user.cookie);
    expect(((await edited.response!.json()) as { ok: boolean }).ok).toBe(true);
    expect(fake.requests.length).toBeGreaterThan(calls);

    const before = await snapshot(user);
    const refused = await ai({ intent: "edit", articleId: user.articleId, instruction: "Make it shorter" }, user.cookie);
    const toast = await toastOf(refused);
    expect(toast).toMatchObject({ type: "error", title: DAILY_LIMIT });
    expect(toast?.description).toMatch(/renews at midnight UTC.*Upgrade to Pro/);
    const selection = await ai({ intent: "edit-selection", html: "<p>Hi</p>", instruction: "Expand" }, user.cookie);
    expect(selection.status).toBe(429);
    expect((await selection.response!.json()) as { error: string }).toMatchObject({ ok: false, error: toast?.description });
    const keywords = await generator({ intent: "keywords", topic: "iced coffee" }, user.cookie);
    expect(keywords.status).toBe(429);
    expect(keywords.data.notice?.title).toBe(DAILY_LIMIT);
    expect(await snapshot(user)).toEqual(before);

    // Recorded per site and day by kind; another site's allowance is untouched.
    const usage = await db
      .selectFrom("ai_usage")
      .select(["kind", "units", "calls"])
      .where("site_id", "=", user.siteId)
      .where("day", "=", today)
      .execute();
    expect(usage).toEqual([{ kind: "edit", units: AI_DAILY_CREDITS.trial, calls: 6 }]);
    const other = await account();
    const ok = await generator({ intent: "keywords", topic: "iced coffee" }, other.cookie);
    expect(ok.status).toBe(200);
  });

  it("every kind of action is charged: regenerate, section, edit, selection, keywords, image", async () => {
    const user = await account("pro");
    await ai({ intent: "regenerate", articleId: user.articleId }, user.cookie);
    await ai({ intent: "regenerate-section", articleId: user.articleId, heading: "Why cold brew" }, user.cookie);
    await ai({ intent: "edit", articleId: user.articleId, instruction: "Shorter" }, user.cookie);
    await ai({ intent: "edit-selection", html: "<p>Hi</p>", instruction: "Expand" }, user.cookie);
    await generator({ intent: "keywords", topic: "cold brew" }, user.cookie);
    await generator({ intent: "images", prompt: "Cold brew", style: "minimalist" }, user.cookie);
    const usage = await db
      .selectFrom("ai_usage")
      .select(["kind", "units", "calls"])
      .where("site_id", "=", user.siteId)
      .orderBy("kind")
      .execute();
    expect(usage).toEqual([
      { kind: "edit", units: 1, calls: 1 },
      { kind: "edit-selection", units: 1, calls: 1 },
      { kind: "image", units: 2, calls: 1 },
      { kind: "keywords", units: 1, calls: 1 },
      { kind: "regenerate", units: 10, calls: 1 },
      { kind: "regenerate-section", units: 1, calls: 1 },
    ]);
  });

  it("a burst of actions by one user is rate-limited with a clear message; another user is not", async () => {
    const user = await account("pro");
    const fields = { intent: "edit-selection", html: "<p>Cold brew is smooth.</p>", instruction: "Expand" };
    for (let i = 0; i < AI_BURST_LIMIT.actions; i++) expect((await ai(fields, user.cookie)).status).toBe(200);
    const calls = fake.requests.length;
    const limited = await ai(fields, user.cookie);
    expect(limited.status).toBe(429);
    expect(await limited.response!.json()).toEqual({ ok: false, error: "Please wait a minute and try again.", html: null });
    const edit = await ai({ intent: "edit", articleId: user.articleId, instruction: "Shorter" }, user.cookie);
    expect(await toastOf(edit)).toMatchObject({ type: "error", title: "Too many AI requests" });
    expect(fake.requests.length).toBe(calls);
    const usage = await db.selectFrom("ai_usage").select("calls").where("site_id", "=", user.siteId).execute();
    expect(usage).toEqual([{ calls: AI_BURST_LIMIT.actions }]);

    const other = await account("pro");
    expect((await ai(fields, other.cookie)).status).toBe(200);
  });

  it("checks and records atomically: parallel charges never pass the allowance", async () => {
    const user = await account();
    const today = dayKey();
    await db
      .insertInto("ai_usage")
      .values({ site_id: user.siteId, day: today, kind: "keywords", units: AI_DAILY_CREDITS.trial - 3, calls: 1, updated_at: today })
      .execute();
    const tenant = { workspaceId: user.workspaceId, siteId: user.siteId, userId: user.userId };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => chargeAiAction(db, tenant, "keywords")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(results.every((r) => r.status === "fulfilled" || (isAiLimitError(r.reason) && r.reason.code === "daily_limit"))).toBe(true);
    const row = await db.selectFrom("ai_usage").select("units").where("site_id", "=", user.siteId).executeTakeFirstOrThrow();
    expect(row.units).toBe(AI_DAILY_CREDITS.trial);
  });
});
