import { afterAll, beforeAll } from "vitest";
import { resetEnvForTests } from "#app/env.server";

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
