import { afterAll, beforeAll, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { startFakeDataForSeo } from "#tests/fakes/dataforseo";
import { KeywordDataError, createDataForSeoProvider, difficultyFrom, getKeywordDataProvider } from "./keyword-data.server";

let fake: Awaited<ReturnType<typeof startFakeDataForSeo>>;
const provider = () => createDataForSeoProvider({ login: fake.login, password: fake.password, baseUrl: fake.url });

beforeAll(async () => {
  fake = await startFakeDataForSeo();
  // Vendor calls go through the outbound guard, which lets a private address through only when listed.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
  fake.metrics.set("standing desk", { search_volume: 201000, competition: "HIGH", competition_index: 100, cpc: 1.72 });
  fake.metrics.set("best standing desk", { search_volume: 40500, competition: "MEDIUM", competition_index: 52, cpc: 0.98 });
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await fake.close();
});

test("posts the keywords with Basic auth and maps the answer", async () => {
  fake.requests.length = 0;
  const metrics = await provider().metrics(
    ["Standing desk", "best standing desk", "standing desk for very tall people who work from home every day"],
    {
      correlationId: "req-7",
    },
  );
  const [request] = fake.requests;
  expect(request?.headers.authorization).toBe(`Basic ${Buffer.from("fake-login:fake-password").toString("base64")}`);
  expect(request?.headers["x-request-id"]).toBe("req-7");
  // Lowercased and deduplicated; Google Ads refuses phrases over 10 words, so they are not sent.
  expect(request?.body).toEqual([{ keywords: ["standing desk", "best standing desk"], location_code: 2840, language_code: "en" }]);
  expect(metrics.get("standing desk")).toEqual({ keyword: "standing desk", volume: 201000, difficulty: "Hard", cpc: 1.72 });
  expect(metrics.get("best standing desk")).toEqual({ keyword: "best standing desk", volume: 40500, difficulty: "Medium", cpc: 0.98 });
});

test("keywords the provider has no figures for come back as nulls, never made up", async () => {
  const metrics = await provider().metrics(["obscure phrase nobody searches"]);
  expect(metrics.get("obscure phrase nobody searches")).toEqual({
    keyword: "obscure phrase nobody searches",
    volume: null,
    difficulty: null,
    cpc: null,
  });
});

test("errors: wrong credentials, a failed task, a server error", async () => {
  const wrong = createDataForSeoProvider({ login: "x", password: "y", baseUrl: fake.url });
  await expect(wrong.metrics(["standing desk"])).rejects.toThrow(/HTTP 401.*not authorized/);
  fake.failures.push({ statusCode: 40501, message: "Invalid Field: 'location_code'." });
  await expect(provider().metrics(["standing desk"])).rejects.toThrow(
    new KeywordDataError("DataForSEO task error 40501: Invalid Field: 'location_code'.", { statusCode: 40501 }),
  );
  fake.failures.push({ httpStatus: 500 });
  await expect(provider().metrics(["standing desk"])).rejects.toBeInstanceOf(KeywordDataError);
});

test("difficulty from the competition index, else the competition level", () => {
  expect([0, 33, 34, 66, 67, 100].map((i) => difficultyFrom(i))).toEqual(["Easy", "Easy", "Medium", "Medium", "Hard", "Hard"]);
  expect(difficultyFrom(null, "LOW")).toBe("Easy");
  expect(difficultyFrom(null, null)).toBeNull();
});

test("the provider exists only when DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD are set", () => {
  resetEnvForTests();
  expect(getKeywordDataProvider()).toBeNull();
  Object.assign(process.env, { DATAFORSEO_LOGIN: "l", DATAFORSEO_PASSWORD: "p" });
  resetEnvForTests();
  expect(getKeywordDataProvider()?.name).toBe("DataForSEO");
  delete process.env.DATAFORSEO_LOGIN;
  delete process.env.DATAFORSEO_PASSWORD;
  resetEnvForTests();
});
