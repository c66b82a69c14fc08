import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local OpenAI-compatible server (see docs/decisions/033):
 * POST /v1/chat/completions (JSON and SSE streaming, json_schema answers from
 * canned objects per schema name), GET /v1/models, bearer auth, armable
 * failures, and /__fake endpoints for tests. The `/v1` prefix is optional so
 * either base URL style works.
 */

type ChatMessage = { role: string; content: string | null };
export type ChatRequest = {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema?: unknown; strict?: boolean } };
};
type ArmedFailure = { status: number; body?: unknown; headers?: Record<string, string> };
/** Streaming pace for benchmarks: time to the first token, then tokens per second (~4 characters a token). */
type FakePace = { latencyMs: number; tokensPerSecond: number; imageMs?: number };
/** A 1x1 transparent PNG, the image every /images/generations call returns. */
const TINY_PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

function openAiError(status: number, message: string, type: string, code: string | null = null) {
  return { status, body: { error: { message, type, param: null, code } } };
}

/** Deterministic plain text for a prompt, so tests can assert on it. */
function fakeCompletionText(messages: ChatMessage[]) {
  const last = messages.filter((m) => m.role === "user").at(-1)?.content ?? "";
  const digest = crypto.createHash("sha256").update(last).digest("hex").slice(0, 8);
  return `Fake completion ${digest}.`;
}

export async function startFakeOpenAi({ port = 0, apiKey }: { port?: number; apiKey?: string } = {}) {
  const requests: Array<{ path: string; body: ChatRequest; headers: http.IncomingHttpHeaders }> = [];
  const failures: ArmedFailure[] = [];
  /** Canned structured answers keyed by response_format.json_schema.name. */
  const schemaAnswers = new Map<string, unknown>();
  let created = 1732190000;
  /** Optional plain-text answer per request (e.g. long sections); undefined falls back to fakeCompletionText. */
  const hooks: { text?: (body: ChatRequest) => string | undefined; pace?: FakePace; imageAs?: "b64_json" | "url" } = {};
  /** Start and end of every answered request, for concurrency assertions. */
  const timings: Array<{ path: string; name: string; startedAt: number; endedAt: number }> = [];
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname.replace(/^\/v1(?=\/)/, "");
    if (path === "/__fake/requests" && req.method === "GET") return sendJson(res, 200, requests);
    if (path === "/__fake/reset" && req.method === "POST") {
      requests.length = 0;
      failures.length = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (path === "/__fake/fail-next" && req.method === "POST") {
      failures.push(JSON.parse(await readBody(req)) as ArmedFailure);
      return sendJson(res, 200, { ok: true });
    }
    if (path === "/__fake/schema-answer" && req.method === "POST") {
      const { name, answer } = JSON.parse(await readBody(req)) as { name: string; answer: unknown };
      schemaAnswers.set(name, answer);
      return sendJson(res, 200, { ok: true });
    }

    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
    if (!token || (apiKey && token !== apiKey)) {
      const e = openAiError(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key");
      return sendJson(res, e.status, e.body);
    }
    if (path === "/__fake/image.png" && req.method === "GET") {
      const png = Buffer.from(TINY_PNG_BASE64, "base64");
      res.writeHead(200, { "Content-Type": "image/png", "Content-Length": String(png.length) });
      return res.end(png);
    }
    if (path === "/images/generations" && req.method === "POST") {
      const startedAt = performance.now();
      const body = JSON.parse(await readBody(req)) as ChatRequest & { prompt?: string };
      requests.push({ path, body, headers: req.headers });
      const armed = failures.shift();
      if (armed)
        return sendJson(res, armed.status, armed.body ?? openAiError(armed.status, "Armed failure", "server_error").body, armed.headers);
      if (hooks.pace) await sleep(hooks.pace.imageMs ?? hooks.pace.latencyMs);
      timings.push({ path, name: "image", startedAt, endedAt: performance.now() });
      const item = hooks.imageAs === "url" ? { url: `${handle.url}/__fake/image.png` } : { b64_json: TINY_PNG_BASE64 };
      return sendJson(res, 200, { created: created++, data: [item] });
    }
    if (path === "/models" && req.method === "GET") {
      return sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "fake" }] });
    }
    if (path === "/embeddings" && req.method === "POST") {
      // Deterministic vectors: each lower-cased word hashed into one of 64 dimensions, so shared words mean similar vectors.
      const body = JSON.parse(await readBody(req)) as { input: string | string[]; model: string };
      requests.push({ path, body: body as unknown as ChatRequest, headers: req.headers });
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      const data = inputs.map((text, index) => {
        const vector = Array.from({ length: 64 }, () => 0);
        for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
          let h = 0;
          for (const c of word) h = (h * 31 + c.charCodeAt(0)) % 64;
          vector[h]! += 1;
        }
        return { object: "embedding", index, embedding: vector };
      });
      return sendJson(res, 200, { object: "list", data, model: body.model, usage: { prompt_tokens: 0, total_tokens: 0 } });
    }
    if (path !== "/chat/completions" || req.method !== "POST") {
      const e = openAiError(404, `Unknown request URL: ${req.method} ${req.url}.`, "invalid_request_error", "unknown_url");
      return sendJson(res, e.status, e.body);
    }

    let body: ChatRequest;
    try {
      body = JSON.parse(await readBody(req)) as ChatRequest;
    } catch {
      const e = openAiError(400, "We could not parse the JSON body of your request.", "invalid_request_error");
      return sendJson(res, e.status, e.body);
    }
    requests.push({ path, body, headers: req.headers });
    const startedAt = performance.now();
    const armed = failures.shift();
    if (armed)
      return sendJson(res, armed.status, armed.body ?? openAiError(armed.status, "Armed failure", "server_error").body, armed.headers);
    if (!body.model || !Array.isArray(body.messages) || body.messages.length === 0) {
      const e = openAiError(400, "'model' and 'messages' are required.", "invalid_request_error");
      return sendJson(res, e.status, e.body);
    }

    let content: string;
    if (body.response_format?.type === "json_schema") {
      const name = body.response_format.json_schema?.name ?? "";
      if (!schemaAnswers.has(name)) {
        const e = openAiError(400, `The fake has no canned answer for schema '${name}'.`, "invalid_request_error");
        return sendJson(res, e.status, e.body);
      }
      const answer = schemaAnswers.get(name);
      // An answer may be computed from the request (e.g. links chosen from the prompt's list).
      content = JSON.stringify(typeof answer === "function" ? (answer as (b: ChatRequest) => unknown)(body) : answer);
    } else {
      content = hooks.text?.(body) ?? fakeCompletionText(body.messages);
    }
    const callName = body.response_format?.json_schema?.name ?? "text";
    const id = `chatcmpl-${crypto.randomUUID().slice(0, 12)}`;
    const model = body.model;
    created += 1;
    const usage = { prompt_tokens: 12, completion_tokens: Math.ceil(content.length / 4), total_tokens: 12 + Math.ceil(content.length / 4) };

    if (body.stream) {
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
      const frame = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
      });
      const pace = hooks.pace;
      if (pace) await sleep(pace.latencyMs);
      frame(chunk({ role: "assistant", content: "" }, null));
      // Paced streams send ~4 tokens (16 characters) per frame at the configured rate.
      for (const piece of content.match(/.{1,16}/gs) ?? []) {
        if (pace) await sleep((4 / pace.tokensPerSecond) * 1000);
        frame(chunk({ content: piece }, null));
      }
      frame(chunk({}, "stop"));
      timings.push({ path, name: callName, startedAt, endedAt: performance.now() });
      if (body.stream_options?.include_usage) frame({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
      res.end("data: [DONE]\n\n");
      return;
    }
    if (hooks.pace) await sleep(hooks.pace.latencyMs + (usage.completion_tokens / hooks.pace.tokensPerSecond) * 1000);
    timings.push({ path, name: callName, startedAt, endedAt: performance.now() });
    return sendJson(res, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, finish_reason: "stop", logprobs: null }],
      usage,
    });
  });
  const handle = await listen(server, port);
  return { ...handle, baseURL: `${handle.url}/v1`, requests, failures, schemaAnswers, hooks, timings };
}
