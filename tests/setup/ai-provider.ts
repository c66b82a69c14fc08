import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { startFakeOpenAi } from "#tests/fakes/openai";

/**
 * For tests of what an AI provider's articles cost: the file runs as if OPENAI_API_KEY were set (only a
 * provider's articles count against the plan), pointed at a closed port so a model call the test did not
 * mean to make fails loudly instead of reaching the internet.
 */
export function asIfAiProviderConfigured() {
  beforeAll(() => {
    Object.assign(process.env, { OPENAI_API_KEY: "sk-quota-tests", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    resetEnvForTests();
  });
  afterAll(() => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    resetEnvForTests();
  });
}

/** Runs `fn` as if a provider were configured (see above), then puts the environment back. */
export async function whileAiProviderConfigured<T>(fn: () => Promise<T>): Promise<T> {
  Object.assign(process.env, { OPENAI_API_KEY: "sk-quota-tests", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
  resetEnvForTests();
  try {
    return await fn();
  } finally {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    resetEnvForTests();
  }
}

type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;

/**
 * For tests of the writer through the real OpenAI SDK: the file starts a local fake OpenAI server
 * (tests/fakes/openai.ts) and runs with the app pointed at it. Returns the fake, once the file's beforeAll has run.
 */
export function withFakeOpenAi(apiKey = "sk-test"): () => FakeOpenAi {
  let fake: FakeOpenAi | undefined;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey });
    Object.assign(process.env, { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: "fake-model" });
    resetEnvForTests();
  });
  afterAll(async () => {
    for (const name of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_MODEL"]) delete process.env[name];
    resetEnvForTests();
    await fake?.close();
  });
  return () => fake!;
}
