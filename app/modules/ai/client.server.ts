import OpenAI from "openai";
import { getEnv } from "#app/env.server";
import type { z } from "zod";
import type { Prompt } from "./prompts";
import type { CallContext } from "./types";

/**
 * The one way to reach the OpenAI-compatible API: every call site builds its
 * client here (configured key and base URL) with the budget of its kind of
 * work, and structured steps ask through `askJson`. Tests point the base URL
 * at tests/fakes/openai.ts. See docs/decisions/021-ai-interfaces.md.
 */

/** Timeout and retries per kind of work; the SDK retries 429/5xx itself, honouring retry-after. */
export const AI_BUDGETS = {
  /** The onboarding scan. */
  brand: { timeout: 30_000, maxRetries: 2 },
  /** A visitor of a free tool waits on the page: one retry, a short timeout. */
  tool: { timeout: 20_000, maxRetries: 1 },
  /** Article steps, rewrites, keyword ideas and images; each request sets its own timeout (REQUEST_TIMEOUTS). */
  article: { timeout: 120_000, maxRetries: 3 },
} as const;

/** Per-request timeouts of article work: long prose streams need longer than a small JSON answer. */
export const REQUEST_TIMEOUTS = { json: 60_000, prose: 120_000, image: 180_000 } as const;

export function createOpenAiClient(budget: keyof typeof AI_BUDGETS) {
  const env = getEnv();
  return new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, ...AI_BUDGETS[budget] });
}

/** Errors no retry can fix: a bad request, key or model. */
export function isPermanentAiError(error: unknown) {
  return error instanceof OpenAI.APIError && error.status !== undefined && [400, 401, 403, 404, 422].includes(error.status);
}

/** Token usage and timing of one finished call, to the caller's hooks. */
export function reportCall(
  ctx: CallContext | undefined,
  name: string,
  startedAt: number,
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null,
) {
  if (usage) ctx?.onUsage?.({ promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 });
  ctx?.onCall?.({ name, startedAt, endedAt: performance.now() });
}

/** A JSON-schema answer validated with zod; a bad answer is asked for once more, then refused. */
export async function askJson<T>(
  client: OpenAI,
  name: string,
  schema: object,
  prompt: Prompt,
  parser: z.ZodType<T>,
  ctx?: CallContext,
): Promise<T> {
  let lastProblem = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const startedAt = performance.now();
    const completion = await client.chat.completions.create(
      {
        model: getEnv().OPENAI_MODEL,
        temperature: 0.4,
        messages: [
          { role: "system", content: prompt.system },
          { role: "user", content: prompt.user },
        ],
        response_format: { type: "json_schema", json_schema: { name, strict: true, schema: schema as Record<string, unknown> } },
      },
      { signal: ctx?.signal, timeout: REQUEST_TIMEOUTS.json },
    );
    reportCall(ctx, name, startedAt, completion.usage);
    const content = completion.choices[0]?.message.content ?? "";
    try {
      const parsed = parser.safeParse(JSON.parse(content));
      if (parsed.success) return parsed.data;
      lastProblem = parsed.error.issues[0]?.message ?? "invalid";
    } catch {
      lastProblem = "not JSON";
    }
  }
  throw new Error(`The model's answer does not match the ${name} schema (${lastProblem}).`);
}
