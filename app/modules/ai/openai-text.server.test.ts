import OpenAI from "openai";
import { afterAll, beforeAll, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { parsePage } from "#app/modules/onboarding/scan.server";
import { startFakeOpenAi } from "#tests/fakes/openai";
import { HOME_HTML } from "#tests/fakes/test-site";
import { getTextGenerator } from "./providers.server";

const ANSWER = {
  brand_name: "Northwind (from the model)",
  industry: "Specialty Coffee",
  tone_of_voice: "Warm and knowledgeable",
  tags: ["Coffee", "espresso", "coffee", "subscriptions"],
  description: "A roastery shipping fresh coffee.",
  target_audience: "Home baristas who care about freshness.",
  language: "en-GB",
};

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: "sk-test-key" });
  fake.schemaAnswers.set("brand_profile", ANSWER);
  Object.assign(process.env, { OPENAI_API_KEY: "sk-test-key", OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "fake-model" });
  resetEnvForTests();
});
afterAll(async () => {
  for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) delete process.env[name];
  resetEnvForTests();
  await fake.close();
});

const page = () => parsePage(HOME_HTML, "https://northwind.example/");

test("with OPENAI_API_KEY the provider asks the API for a JSON-schema answer", async () => {
  fake.requests.length = 0;
  const provider = await getTextGenerator();
  expect(provider.kind).toBe("openai");
  const brand = await provider.extractBrand(page(), { correlationId: "req-42" });
  expect(brand).toEqual({
    brandName: "Northwind (from the model)",
    industry: "Specialty Coffee",
    toneOfVoice: "Warm and knowledgeable",
    tags: ["coffee", "espresso", "subscriptions"],
    description: "A roastery shipping fresh coffee.",
    targetAudience: "Home baristas who care about freshness.",
    // The page declares en-us; that beats the model's guess.
    language: "en-US",
  });
  const [request] = fake.requests;
  expect(request?.headers.authorization).toBe("Bearer sk-test-key");
  expect(request?.headers["x-request-id"]).toBe("req-42");
  expect(request?.body.model).toBe("fake-model");
  expect(request?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "brand_profile", strict: true } });
  expect(request?.body.messages?.[1]?.content).toContain("Northwind Coffee Roasters");
});

test("a name the model copied with its character references is stored as text ('Clay &amp; Kiln' is 'Clay & Kiln')", async () => {
  fake.schemaAnswers.set("brand_profile", { ...ANSWER, brand_name: "Clay &amp; Kiln Studio", tags: ["Clay &amp; Glaze"] });
  try {
    const brand = await (await getTextGenerator()).extractBrand(page());
    expect(brand.brandName).toBe("Clay & Kiln Studio");
    expect(brand.tags).toEqual(["clay & glaze"]);
  } finally {
    fake.schemaAnswers.set("brand_profile", ANSWER);
  }
});

test("retries a 5xx answer (maxRetries 2)", async () => {
  fake.requests.length = 0;
  fake.failures.push({ status: 500, headers: { "retry-after-ms": "10" } });
  const brand = await (await getTextGenerator()).extractBrand(page());
  expect(brand.brandName).toBe("Northwind (from the model)");
  expect(fake.requests).toHaveLength(2);
});

test("an answer that does not fit the schema is asked for once more, then refused", async () => {
  fake.requests.length = 0;
  fake.schemaAnswers.set("brand_profile", { brand_name: "" });
  try {
    await expect((await getTextGenerator()).extractBrand(page())).rejects.toThrow(/does not match the brand schema/);
    expect(fake.requests).toHaveLength(2);
  } finally {
    fake.schemaAnswers.set("brand_profile", ANSWER);
  }
});

test("the fake speaks the protocol the SDK expects: models, streaming, bad key", async () => {
  const client = new OpenAI({ apiKey: "sk-test-key", baseURL: fake.baseURL, maxRetries: 0 });
  expect((await client.models.list()).data[0]?.id).toBe("fake-model");
  const stream = client.chat.completions.stream({
    model: "m",
    messages: [{ role: "user", content: "hi" }],
    stream_options: { include_usage: true },
  });
  const final = await stream.finalChatCompletion();
  expect(final.choices[0]?.message.content).toMatch(/^Fake completion [0-9a-f]{8}\.$/);
  const wrong = new OpenAI({ apiKey: "sk-wrong", baseURL: fake.baseURL, maxRetries: 0 });
  await expect(wrong.models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
});
