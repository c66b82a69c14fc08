import { z } from "zod";
import { getEnv } from "#app/env.server";
import { createOpenAiClient } from "./openai.server";

/**
 * One small generic call for the free tools: ask the configured
 * OpenAI-compatible API for a list of items under a JSON schema and keep the
 * items that validate. Kept apart from the article writer; the tools fall
 * back to their templates when this throws.
 */

export type JsonSchema = Record<string, unknown>;

export type ListRequest<T> = {
  /** The response_format schema name, e.g. "tool_headlines". */
  name: string;
  instructions: string;
  prompt: string;
  /** JSON schema of one item (strict mode: objects list every property as required). */
  itemSchema: JsonSchema;
  /** Validates (and may normalise) one item; invalid items are dropped. */
  item: z.ZodType<T>;
  /** Fewer valid items than this is a failure. */
  count: number;
  correlationId?: string;
  signal?: AbortSignal;
};

// A visitor waits on the page: one retry, a short timeout.
const TOOL_TIMEOUT_MS = 20_000;

export async function generateList<T>(request: ListRequest<T>): Promise<T[]> {
  const client = createOpenAiClient({ timeout: TOOL_TIMEOUT_MS, maxRetries: 1 });
  const completion = await client.chat.completions.create(
    {
      model: getEnv().OPENAI_MODEL,
      temperature: 0.8,
      messages: [
        { role: "system", content: `${request.instructions} Reply with JSON matching the schema.` },
        { role: "user", content: request.prompt },
      ],
      response_format: {
        type: "json_schema",
        json_schema: {
          name: request.name,
          strict: true,
          schema: {
            type: "object",
            additionalProperties: false,
            required: ["items"],
            properties: { items: { type: "array", items: request.itemSchema } },
          },
        },
      },
    },
    { signal: request.signal, ...(request.correlationId ? { headers: { "X-Request-Id": request.correlationId } } : {}) },
  );
  const message = completion.choices[0]?.message;
  if (message?.refusal) throw new Error(`The AI provider refused: ${message.refusal}`);
  const answer = z.object({ items: z.array(z.unknown()) }).safeParse(JSON.parse(message?.content ?? "null"));
  if (!answer.success) throw new Error(`The AI answer does not match the ${request.name} schema.`);
  const items: T[] = [];
  for (const raw of answer.data.items) {
    const parsed = request.item.safeParse(raw);
    if (parsed.success) items.push(parsed.data);
  }
  if (items.length < request.count) {
    throw new Error(`The AI answer has ${items.length} valid items for ${request.name}; ${request.count} are needed.`);
  }
  return items.slice(0, request.count);
}
