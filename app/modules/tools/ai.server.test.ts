import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { testDb } from "#tests/setup/db";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { startFakeOpenAi } from "#tests/fakes/openai";
import {
  KEYWORD_DATA_FAILED,
  NO_KEYWORD_DATA,
  RATE_LIMITED_NOTICE,
  runContentOutline,
  runHeadlines,
  runKeywordResearch,
  runSeoTitles,
  runSocialCaptions,
  toolFormMethod,
} from "./ai.server";
import { headlines, socialCaptions } from "./templates";

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
let dataforseo: Awaited<ReturnType<typeof startFakeDataForSeo>>;
const ENV = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "OPENAI_MODEL",
  "DATAFORSEO_LOGIN",
  "DATAFORSEO_PASSWORD",
  "DATAFORSEO_API_URL",
  "TEST_ALLOW_PRIVATE_HOSTS",
];

const AI_HEADLINES = [
  "Email Marketing That Converts: A Field Guide",
  "Why Your Newsletter Gets Ignored (and How to Fix It)",
  "9 Email Marketing Habits of Fast-Growing Brands",
  "The Welcome Email Playbook",
  "How to Write Subject Lines People Open",
  "Email Marketing on a Small Budget",
  "What 1,000 Campaigns Taught Us About Timing",
  "Segmentation Made Simple",
];

let ipCounter = 0;
const ctx = (providers = true) => ({ ip: `10.20.0.${++ipCounter}`, requestId: `req-${ipCounter}`, providers });

beforeAll(async () => {
  // The visitors' limits are counted in the database (app/modules/auth/limit-store.server.ts).
  await testDb();
  openai = await startFakeOpenAi({ apiKey: "sk-tools" });
  dataforseo = await startFakeDataForSeo();
  Object.assign(process.env, {
    OPENAI_API_KEY: "sk-tools",
    OPENAI_BASE_URL: openai.baseURL,
    OPENAI_MODEL: "fake-model",
    DATAFORSEO_LOGIN: dataforseo.login,
    DATAFORSEO_PASSWORD: dataforseo.password,
    DATAFORSEO_API_URL: dataforseo.url,
    // Vendor calls go through the outbound guard, which lets a private address through only when listed.
    TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${dataforseo.port}`,
  });
  resetEnvForTests();
});
afterAll(async () => {
  for (const name of ENV) delete process.env[name];
  resetEnvForTests();
  await openai.close();
  await dataforseo.close();
});
beforeEach(() => {
  openai.requests.length = 0;
  openai.failures.length = 0;
  dataforseo.requests.length = 0;
  openai.schemaAnswers.set("tool_headlines", { items: AI_HEADLINES });
});

test("forms post when a provider is configured", () => {
  expect(toolFormMethod("text")).toBe("post");
  expect(toolFormMethod("keyword-research")).toBe("post");
});

test("a posted submission asks the AI provider with a strict JSON schema", async () => {
  const c = ctx();
  const answer = await runHeadlines({ topic: "email marketing" }, c);
  expect(answer).toEqual({ result: AI_HEADLINES, source: "ai", notice: null });
  const [request] = openai.requests;
  expect(request?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "tool_headlines", strict: true } });
  expect(request?.body.messages?.[1]?.content).toContain("email marketing");
  expect(request?.headers["x-request-id"]).toBe(c.requestId);
});

test("a GET (no providers) answers from templates without calling the API", async () => {
  const answer = await runHeadlines({ topic: "email marketing" }, ctx(false));
  expect(answer).toEqual({ result: headlines("email marketing"), source: "templates", notice: null });
  expect(openai.requests).toHaveLength(0);
});

test("any AI failure falls back to templates", async () => {
  // Two 500s: the first try and the one retry.
  openai.failures.push({ status: 500, headers: { "retry-after-ms": "1" } }, { status: 500, headers: { "retry-after-ms": "1" } });
  expect(await runHeadlines({ topic: "email marketing" }, ctx())).toMatchObject({
    source: "templates",
    result: headlines("email marketing"),
  });

  // Too few valid items (captions over the 280-character Twitter limit are dropped).
  openai.schemaAnswers.set("tool_social_captions", { items: ["Short and fine #ok", "x".repeat(300), "y".repeat(290)] });
  const captions = await runSocialCaptions({ topic: "coffee", platform: "twitter", tone: "casual" }, ctx());
  expect(captions).toMatchObject({ source: "templates", result: socialCaptions("coffee", "twitter", "casual") });

  // Not JSON of the schema at all.
  openai.schemaAnswers.set("tool_content_outline", { sections: [] });
  expect(await runContentOutline({ topic: "coffee", type: "video" }, ctx())).toMatchObject({ source: "templates" });
});

test("over 30 AI calls per IP in 10 minutes, answers come from templates with a notice", async () => {
  const c = ctx();
  for (let i = 0; i < 30; i++) expect((await runHeadlines({ topic: "email marketing" }, c)).source).toBe("ai");
  const limited = await runHeadlines({ topic: "email marketing" }, c);
  expect(limited).toEqual({ result: headlines("email marketing"), source: "templates", notice: RATE_LIMITED_NOTICE });
  expect(openai.requests).toHaveLength(30);
  // Another visitor is not affected.
  expect((await runHeadlines({ topic: "email marketing" }, ctx())).source).toBe("ai");
});

test("AI SEO titles get the brand suffix and scores from our rules, best first", async () => {
  openai.schemaAnswers.set("tool_seo_titles", {
    items: [
      "CRM Software: 7 Proven Picks for Small Teams",
      "Choosing CRM Software",
      "The Complete CRM Software Guide",
      "CRM Software Compared",
      "Best CRM Software in Plain English",
    ],
  });
  const answer = await runSeoTitles({ keyword: "crm software", brand: "Acme" }, ctx());
  expect(answer.source).toBe("ai");
  expect(answer.result.every((t) => t.title.endsWith(" | Acme"))).toBe(true);
  expect(answer.result[0]).toMatchObject({ title: "CRM Software: 7 Proven Picks for Small Teams | Acme", score: 100 });
  expect(answer.result.map((t) => t.score)).toEqual([...answer.result.map((t) => t.score)].sort((a, b) => b - a));
});

test("keyword research: AI ideas plus figures from the keyword-data provider", async () => {
  openai.schemaAnswers.set("tool_keyword_ideas", {
    items: [
      "standing desk for tall people",
      "standing desk mat",
      "is a standing desk healthy",
      "electric standing desk",
      "standing desk setup",
    ],
  });
  dataforseo.metrics.set("standing desk", { search_volume: 201000, competition: "HIGH", competition_index: 100, cpc: 1.72 });
  const answer = await runKeywordResearch({ topic: "Standing desk" }, ctx());
  expect(answer.source).toBe("ai");
  expect(answer.result.dataSource).toBe("DataForSEO");
  const rows = answer.result.groups.flatMap((g) => g.items);
  expect(rows.find((r) => r.keyword === "standing desk")?.metrics).toMatchObject({
    keyword: "standing desk",
    volume: 201000,
    difficulty: 100,
    cpc: 1.72,
  });
  // A keyword the provider does not know has no figures: none is guessed.
  expect(rows.find((r) => r.keyword === "standing desk mat")).toMatchObject({ source: "ai", metrics: null });
  expect(dataforseo.requests).toHaveLength(1);
});

test("keyword research: a failing provider shows no figures and says so", async () => {
  dataforseo.failures.push({ httpStatus: 500 });
  const answer = await runKeywordResearch({ topic: "standing desk" }, ctx());
  expect(answer.result).toMatchObject({ dataSource: null, dataNotice: KEYWORD_DATA_FAILED });
  expect(answer.result.groups.flatMap((g) => g.items).every((r) => r.metrics === null)).toBe(true);
});

test("keyword research without a provider configured never shows figures", async () => {
  delete process.env.DATAFORSEO_LOGIN;
  resetEnvForTests();
  try {
    openai.failures.push({ status: 400 });
    const answer = await runKeywordResearch({ topic: "standing desk" }, ctx());
    expect(answer.result).toMatchObject({ dataSource: null, dataNotice: NO_KEYWORD_DATA, aiIdeas: false });
    expect(answer.source).toBe("templates");
    expect(answer.result.groups.flatMap((g) => g.items).every((r) => r.metrics === null)).toBe(true);
    expect(dataforseo.requests).toHaveLength(0);
  } finally {
    process.env.DATAFORSEO_LOGIN = dataforseo.login;
    resetEnvForTests();
  }
});
