import { afterAll, beforeAll, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { testDb } from "#tests/setup/db";
import type { ToolState } from "#app/routes/tools/tool-route.server";
import * as headlineRoute from "#app/routes/tools/headline-generator";
import * as readabilityRoute from "#app/routes/tools/readability-checker";
import { headlines } from "#app/modules/tools/templates";
import { startFakeOpenAi } from "#tests/fakes/openai";
import { callRoute, get, newContext, post } from "#tests/setup/route-harness";

/** The tool routes: GET answers from templates, POST through the AI provider, validation on the server. */

let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
const AI = Array.from({ length: 8 }, (_, i) => `AI headline number ${i + 1} about coffee`);

beforeAll(async () => {
  // The visitors' limits are counted in the database (app/modules/auth/limit-store.server.ts).
  await testDb();
  openai = await startFakeOpenAi({ apiKey: "sk-route" });
  openai.schemaAnswers.set("tool_headlines", { items: AI });
  Object.assign(process.env, { OPENAI_API_KEY: "sk-route", OPENAI_BASE_URL: openai.baseURL, OPENAI_MODEL: "fake-model" });
  resetEnvForTests();
});
afterAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) delete process.env[name];
  resetEnvForTests();
  await openai.close();
});

type State = ToolState<string[]>;

test("the bare page has no result; the form posts when an AI provider is configured", async () => {
  const res = await callRoute<State>({ handler: headlineRoute.loader, request: get("/tools/headline-generator") });
  expect(res.status).toBe(200);
  expect(res.data).toEqual({ method: "post", reply: null, answer: null });
});

test("a linkable GET answers from templates without calling the AI", async () => {
  openai.requests.length = 0;
  const res = await callRoute<State>({ handler: headlineRoute.loader, request: get("/tools/headline-generator?topic=coffee") });
  expect(res.data.answer).toEqual({ result: headlines("coffee"), source: "templates", notice: null });
  expect(openai.requests).toHaveLength(0);
});

test("a POST goes through the AI provider, rate limited by the visitor's IP", async () => {
  openai.requests.length = 0;
  const res = await callRoute<State>({
    handler: headlineRoute.action,
    request: post("/tools/headline-generator", { topic: "coffee" }),
    context: newContext("10.77.0.1"),
  });
  expect(res.status).toBe(200);
  expect(res.data.answer).toEqual({ result: AI, source: "ai", notice: null });
  expect(openai.requests).toHaveLength(1);
});

test("a filled honeypot gets templates, never an AI call", async () => {
  openai.requests.length = 0;
  const res = await callRoute<State>({
    handler: headlineRoute.action,
    request: post("/tools/headline-generator", { topic: "coffee", website: "spam.example" }),
  });
  expect(res.data.answer?.source).toBe("templates");
  expect(openai.requests).toHaveLength(0);
});

test("blank input is refused with 400 and the spec's message, nothing generated", async () => {
  openai.requests.length = 0;
  const res = await callRoute<State>({ handler: headlineRoute.action, request: post("/tools/headline-generator", { topic: "  " }) });
  expect(res.status).toBe(400);
  expect(res.data).toMatchObject({
    reply: { result: { error: { topic: ["Please enter a topic"] }, initialValue: { topic: "  " } } },
    answer: null,
  });
  expect(openai.requests).toHaveLength(0);

  const text = await callRoute<State>({ handler: readabilityRoute.action, request: post("/tools/readability-checker", { text: "" }) });
  expect(text.status).toBe(400);
  expect(text.data).toMatchObject({ reply: { result: { error: { text: ["Please paste some text to check"] } } } });
});
