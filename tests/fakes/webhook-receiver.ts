import crypto from "node:crypto";
import http from "node:http";
import { Webhook } from "standardwebhooks";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A customer's webhook receiver (docs/decisions/033): accepts POSTs on any path,
 * verifies the Standard Webhooks signature with the secret the test gives it (the
 * official `standardwebhooks` library, as a customer would), dedupes on
 * `webhook-id` the way the docs tell receivers to, and can be armed to fail:
 * 500 / 410 / 429 with Retry-After / 301 / a malformed 200 / "timeout" (never
 * answer) / "lose-response" (accept the delivery, then drop the socket) / "hold" (accept
 * it, then never answer).
 *
 * Controls:
 * - GET  /__fake/requests   every request: method, path, headers, raw body, verified, webhookId, duplicate, answered
 * - GET  /__fake/posts      accepted distinct deliveries by webhook-id (type, payload, attempts)
 * - POST /__fake/fail-next  {status: number | "timeout" | "lose-response" | "hold", body?, headers?, count?}
 * - POST /__fake/secret     {secret} to verify with (after the app generated one)
 * - POST /__fake/answer-url {on: boolean}: answer {"url": "<fake>/posts/<slug>"} and serve the HTML there
 * - POST /__fake/reset
 */

type ReceivedRequest = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  bodySize: number;
  webhookId: string | null;
  verified: boolean;
  verifyError: string | null;
  duplicate: boolean;
  /** The status answered, "timeout" or "lost". */
  answered: number | "timeout" | "lost";
  at: string;
};

export type AcceptedDelivery = {
  webhookId: string;
  type: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  verified: boolean;
  attempts: number;
  firstAt: string;
};

type Failure = { status: number | "timeout" | "lose-response" | "hold"; body?: unknown; headers?: Record<string, string>; count?: number };

export async function startWebhookReceiver({ port = 0, secret = `whsec_${crypto.randomBytes(32).toString("base64")}` } = {}) {
  let currentSecret = secret;
  let answerWithUrl = false;
  const requests: ReceivedRequest[] = [];
  const deliveries = new Map<string, AcceptedDelivery>();
  const failures: Failure[] = [];
  const hung = new Set<http.ServerResponse>();
  let baseUrl = "";

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname.startsWith("/__fake/")) return control(url.pathname, req, res);
    if (req.method === "GET" && url.pathname.startsWith("/posts/")) return servePost(decodeURIComponent(url.pathname.slice(7)), res);
    if (req.method !== "POST") return sendJson(res, 405, { error: "POST only" });

    const body = await readBody(req);
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers[key] = value;
    const webhookId = headers["webhook-id"] ?? null;
    let verified = false;
    let verifyError: string | null = null;
    try {
      new Webhook(currentSecret).verify(body, headers);
      verified = true;
    } catch (error) {
      verifyError = error instanceof Error ? error.message : String(error);
    }
    const known = webhookId ? deliveries.get(webhookId) : undefined;
    const entry: ReceivedRequest = {
      method: req.method,
      path: url.pathname + url.search,
      headers,
      body,
      bodySize: Buffer.byteLength(body),
      webhookId,
      verified,
      verifyError,
      duplicate: Boolean(known),
      answered: 200,
      at: new Date().toISOString(),
    };
    requests.push(entry);

    const failure = failures[0];
    if (failure) {
      failure.count = (failure.count ?? 1) - 1;
      if (failure.count <= 0) failures.shift();
    }
    if (failure?.status === "timeout") {
      entry.answered = "timeout";
      hung.add(res);
      res.on("close", () => hung.delete(res));
      return;
    }
    if (failure && failure.status !== "lose-response" && failure.status !== "hold") {
      entry.answered = failure.status;
      const headers = { ...failure.headers };
      if (failure.status >= 300 && failure.status < 400) headers.Location ??= `${baseUrl}/moved${url.pathname}`;
      if (typeof failure.body === "string") {
        res.writeHead(failure.status, { "Content-Type": "text/plain", ...headers });
        return res.end(failure.body);
      }
      return sendJson(res, failure.status, failure.body ?? { error: `armed ${failure.status}` }, headers);
    }

    // A receiver that checks signatures turns bad ones away and keeps nothing.
    if (!verified) {
      entry.answered = 401;
      return sendJson(res, 401, { error: "invalid signature", detail: verifyError });
    }
    let payload: AcceptedDelivery["payload"];
    try {
      payload = JSON.parse(body) as AcceptedDelivery["payload"];
    } catch {
      entry.answered = 400;
      return sendJson(res, 400, { error: "body is not JSON" });
    }
    if (known) known.attempts++;
    else if (webhookId) {
      deliveries.set(webhookId, { webhookId, type: payload.type, payload, verified, attempts: 1, firstAt: entry.at });
    }
    if (failure?.status === "lose-response") {
      entry.answered = "lost";
      res.socket?.destroy();
      return;
    }
    if (failure?.status === "hold") {
      // Accepted, but the answer never leaves: the sender stays waiting (or dies waiting).
      entry.answered = "timeout";
      hung.add(res);
      res.on("close", () => hung.delete(res));
      return;
    }
    const slug = typeof payload.data?.slug === "string" ? payload.data.slug : null;
    return sendJson(res, 200, {
      ok: true,
      duplicate: Boolean(known),
      ...(answerWithUrl && slug ? { url: `${baseUrl}/posts/${encodeURIComponent(slug)}` } : {}),
    });
  });

  /** The newest accepted version of an article, as a page (so a live-URL check has something to read). */
  function servePost(slug: string, res: http.ServerResponse) {
    const latest = [...deliveries.values()].reverse().find((d) => d.payload.data?.slug === slug);
    if (!latest) return sendJson(res, 404, { error: "no such post" });
    const data = latest.payload.data as { title?: string; meta_description?: string; html?: string };
    const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html><head><title>${escape(data.title ?? "")}</title>` +
        `<meta name="description" content="${escape(data.meta_description ?? "")}"></head><body>${data.html ?? ""}</body></html>`,
    );
  }

  async function control(path: string, req: http.IncomingMessage, res: http.ServerResponse) {
    if (path === "/__fake/requests" && req.method === "GET") return sendJson(res, 200, requests);
    if (path === "/__fake/posts" && req.method === "GET") return sendJson(res, 200, [...deliveries.values()]);
    if (req.method !== "POST") return sendJson(res, 404, { error: "unknown control" });
    const input = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    if (path === "/__fake/fail-next") {
      failures.push(input as Failure);
      return sendJson(res, 200, { ok: true });
    }
    if (path === "/__fake/secret") {
      currentSecret = String(input.secret);
      return sendJson(res, 200, { ok: true });
    }
    if (path === "/__fake/answer-url") {
      answerWithUrl = Boolean(input.on);
      return sendJson(res, 200, { ok: true });
    }
    if (path === "/__fake/reset") {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    return sendJson(res, 404, { error: "unknown control" });
  }

  function releaseHung() {
    for (const res of hung) res.socket?.destroy();
    hung.clear();
  }

  function reset() {
    requests.length = 0;
    deliveries.clear();
    failures.length = 0;
    answerWithUrl = false;
    currentSecret = secret;
    releaseHung();
  }

  const listening = await listen(server, port);
  baseUrl = listening.url;
  const endpoint = `${listening.url}/hooks/inkpilot`;
  return {
    url: listening.url,
    port: listening.port,
    /** The address to connect the app's webhook to. */
    endpoint,
    /** The secret the fake verifies with until told otherwise; paste it as the connection's secret. */
    get secret() {
      return currentSecret;
    },
    setSecret(value: string) {
      currentSecret = value;
    },
    answerWithUrl(on: boolean) {
      answerWithUrl = on;
    },
    failNext(failure: Failure) {
      failures.push(failure);
    },
    requests: () => [...requests],
    posts: () => [...deliveries.values()],
    reset,
    close: async () => {
      releaseHung();
      server.closeAllConnections();
      await listening.close();
    },
    credentials: { url: endpoint, secret },
    hint:
      `Webhook receiver: connect "Webhook" with URL ${endpoint} and secret ${secret} ` +
      `(needs TEST_ALLOW_PRIVATE_HOSTS=127.0.0.1:${listening.port}); deliveries at ${listening.url}/__fake/posts`,
  };
}
