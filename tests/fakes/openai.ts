import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local OpenAI-compatible server (see integrations.md section 12):
 * POST /v1/chat/completions (JSON and SSE streaming, json_schema answers from
 * canned objects per schema name), GET /v1/models, bearer auth, armable
 * failures, and /__fake endpoints for tests. The `/v1` prefix is optional so
 * either base URL style works.
 */

type ChatMessage = { role: string; content: string | null };
type ChatRequest = {
  model?: string;
  messages?: ChatMessage[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; schema?: unknown; strict?: boolean } };
};
export type ArmedFailure = { status: number; body?: unknown; headers?: Record<string, string> };

function openAiError(status: number, message: string, type: string, code: string | null = null) {
  return { status, body: { error: { message, type, param: null, code } } };
}

/** Deterministic plain text for a prompt, so tests can assert on it. */
export function fakeCompletionText(messages: ChatMessage[]) {
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
    if (path === "/models" && req.method === "GET") {
      return sendJson(res, 200, { object: "list", data: [{ id: "fake-model", object: "model", created: 0, owned_by: "fake" }] });
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
    const armed = failures.shift();
    if (armed) return sendJson(res, armed.status, armed.body ?? openAiError(armed.status, "Armed failure", "server_error").body, armed.headers);
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
      content = JSON.stringify(schemaAnswers.get(name));
    } else {
      content = fakeCompletionText(body.messages);
    }
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
      frame(chunk({ role: "assistant", content: "" }, null));
      for (const piece of content.match(/.{1,16}/gs) ?? []) frame(chunk({ content: piece }, null));
      frame(chunk({}, "stop"));
      if (body.stream_options?.include_usage) frame({ id, object: "chat.completion.chunk", created, model, choices: [], usage });
      res.end("data: [DONE]\n\n");
      return;
    }
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
  return { ...handle, baseURL: `${handle.url}/v1`, requests, failures, schemaAnswers };
}
