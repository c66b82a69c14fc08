import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { RESEARCH_FIXTURES } from "#tests/fixtures/research";
import { createDataForSeoClient, DataForSeoError } from "./dataforseo-client.server";
import { createDataForSeoResearchProvider, getResearchProvider, SERP_PATH, SerpResultSchema, serpFromResult } from "./provider.server";

let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
const config = () => ({ login: fake.login, password: fake.password, baseUrl: fake.url });
const provider = () => createDataForSeoResearchProvider(config());

beforeAll(async () => {
  fake = await startFakeDataForSeo({ fixtures: [RESEARCH_FIXTURES.coffee, RESEARCH_FIXTURES.pottery] });
  // Vendor calls go through the outbound guard, which lets a private address through only when listed.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.failures.length = 0;
  for (const kind of Object.keys(fake.latency)) delete fake.latency[kind as keyof typeof fake.latency];
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await fake.close();
});

test("serp: posts one live task with Basic auth and the correlation id, and maps organic results, 'People also ask' and related searches", async () => {
  const serp = await provider().serp("how to store coffee beans", { correlationId: "req-41" });
  const [request] = fake.requests;
  expect(request?.path).toBe(SERP_PATH);
  expect(request?.headers.authorization).toBe(`Basic ${Buffer.from("fake-login:fake-password").toString("base64")}`);
  expect(request?.headers["x-request-id"]).toBe("req-41");
  expect(request?.body).toEqual([
    { keyword: "how to store coffee beans", location_code: 2840, language_code: "en", device: "desktop", depth: 10 },
  ]);
  expect(serp.keyword).toBe("how to store coffee beans");
  expect(serp.results.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  for (const result of serp.results) {
    expect(result.url).toMatch(/^https:\/\//);
    expect(new URL(result.url).hostname.replace(/^www\./, "")).toBe(result.domain);
    expect(result.title).not.toBe("");
  }
  expect(serp.peopleAlsoAsk).toContain("Is it OK to store coffee beans in the fridge?");
  expect(serp.relatedSearches).toContain("vacuum coffee canister");
});

test("serp: a keyword the engine has no results for (40102) is an empty page, not an error", async () => {
  const serp = await provider().serp("zzqx unknown phrase");
  expect(serp).toEqual({ keyword: "zzqx unknown phrase", results: [], peopleAlsoAsk: [], relatedSearches: [] });
});

test("keyword data: Labs keyword_overview figures for known keywords; unknown ones are absent, never made up", async () => {
  const data = await provider().keywordData(["How to store coffee beans", "Cold brew ratio", "zzqx unknown phrase"]);
  expect(fake.requests[0]?.path).toBe("/v3/dataforseo_labs/google/keyword_overview/live");
  expect(fake.requests[0]?.body).toEqual([
    { keywords: ["how to store coffee beans", "cold brew ratio", "zzqx unknown phrase"], location_code: 2840, language_code: "en" },
  ]);
  expect(data.get("how to store coffee beans")).toEqual({
    keyword: "how to store coffee beans",
    volume: 6600,
    difficulty: 18,
    cpc: 0.85,
    intent: "informational",
  });
  expect(data.get("cold brew ratio")?.volume).toBe(9900);
  expect(data.has("zzqx unknown phrase")).toBe(false);
});

test("the fake's armed metrics override the fixture's figures", async () => {
  fake.metrics.set("coffee scale", { search_volume: 12345, competition: "LOW", competition_index: 7, cpc: 0.11 });
  try {
    expect((await provider().keywordData(["coffee scale"])).get("coffee scale")).toMatchObject({ volume: 12345, difficulty: 7, cpc: 0.11 });
  } finally {
    fake.metrics.delete("coffee scale");
  }
});

test("keyword ideas: Labs keyword_ideas around the seeds, by search volume, limited; unknown seeds give none", async () => {
  const ideas = await provider().keywordIdeas(["coffee beans", "espresso blend"], { limit: 20 });
  expect(fake.requests[0]?.body).toEqual([
    {
      keywords: ["coffee beans", "espresso blend"],
      location_code: 2840,
      language_code: "en",
      limit: 20,
      order_by: ["keyword_info.search_volume,desc"],
    },
  ]);
  expect(ideas).toHaveLength(20);
  const volumes = ideas.map((i) => i.volume ?? 0);
  expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
  const coffeeKeywords = new Set(RESEARCH_FIXTURES.coffee.keywords.map((k) => k.keyword));
  expect(ideas.every((i) => coffeeKeywords.has(i.keyword))).toBe(true);
  expect(await provider().keywordIdeas(["zzqx quantum widgets"])).toEqual([]);
});

test("errors: wrong credentials, an envelope error, a task error, an HTTP error, a time-out", async () => {
  const wrong = createDataForSeoResearchProvider({ login: "x", password: "y", baseUrl: fake.url });
  await expect(wrong.serp("coffee grind size")).rejects.toThrow(/HTTP 401.*not authorized/);

  fake.failures.push({ statusCode: 40210, message: "You don't have enough funds.", envelope: true });
  await expect(provider().keywordData(["coffee grind size"])).rejects.toThrow("DataForSEO error 40210: You don't have enough funds.");

  fake.failures.push({ statusCode: 40501, message: "Invalid Field: 'location_code'.", kind: "serp" });
  const failed = await provider()
    .serp("coffee grind size")
    .catch((error: unknown) => error);
  expect(failed).toBeInstanceOf(DataForSeoError);
  expect(failed).toMatchObject({ statusCode: 40501, message: "DataForSEO task error 40501: Invalid Field: 'location_code'." });

  fake.failures.push({ httpStatus: 500, kind: "labs" });
  await expect(provider().keywordIdeas(["coffee"])).rejects.toThrow(/HTTP 500/);

  fake.latency.serp = 400;
  const impatient = createDataForSeoResearchProvider({ ...config(), timeoutsMs: { serp: 100 } });
  await expect(impatient.serp("coffee grind size")).rejects.toThrow("DataForSEO: timeout");
});

test("the fake speaks the SERP task protocol: task_post, tasks_ready, task_get/advanced", async () => {
  const client = createDataForSeoClient(config());
  fake.latency.serp = 150;
  const posted = await client.postTask("/v3/serp/google/organic/task_post", {
    keyword: "coffee grind size",
    location_code: 2840,
    language_code: "en",
  });
  expect(posted.status_code).toBe(20100);
  const id = posted.id!;
  await expect(client.get(`/v3/serp/google/organic/task_get/advanced/${id}`)).rejects.toMatchObject({ statusCode: 40602 });
  expect(await client.get("/v3/serp/google/organic/tasks_ready")).toEqual([]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const ready = (await client.get("/v3/serp/google/organic/tasks_ready")) as Array<{ id: string; endpoint_advanced: string }>;
  expect(ready.map((t) => t.id)).toEqual([id]);
  const [result] = await client.get(ready[0]!.endpoint_advanced);
  const fromTask = serpFromResult("coffee grind size", SerpResultSchema.parse(result));
  expect(fromTask).toEqual(await provider().serp("coffee grind size"));
  // Collected tasks leave the ready list, as on the real API.
  expect(await client.get("/v3/serp/google/organic/tasks_ready")).toEqual([]);
});

test("the provider exists only when DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are set", () => {
  resetEnvForTests();
  expect(getResearchProvider()).toBeNull();
  Object.assign(process.env, { DATAFORSEO_LOGIN: "l", DATAFORSEO_PASSWORD: "p" });
  resetEnvForTests();
  expect(getResearchProvider()?.name).toBe("DataForSEO");
  delete process.env.DATAFORSEO_LOGIN;
  delete process.env.DATAFORSEO_PASSWORD;
  resetEnvForTests();
});
