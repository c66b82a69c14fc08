import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Postmark: POST /email with the server-token header, Postmark's error
 * bodies, armable failures, and /__fake endpoints for tests to read what was sent.
 * A message counts as delivered only once its 200 answer was written.
 */
export type FakeMail = { MessageID: string; From: string; To: string; Subject: string; HtmlBody?: string; TextBody?: string; Tag?: string; Metadata?: Record<string, string> };

export async function startFakePostmark({ port = 0, token = "fake-postmark-token" } = {}) {
  const delivered: FakeMail[] = [];
  const inactive = new Set<string>();
  const failures: Array<{ status: number; body: unknown }> = [];
  let holdMs = 0;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/messages" && req.method === "GET") return sendJson(res, 200, delivered);
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      delivered.length = 0;
      inactive.clear();
      failures.length = 0;
      holdMs = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/fail-next" && req.method === "POST") {
      failures.push(JSON.parse(await readBody(req)) as { status: number; body: unknown });
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/inactive" && req.method === "POST") {
      inactive.add((JSON.parse(await readBody(req)) as { email: string }).email.toLowerCase());
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/hold" && req.method === "POST") {
      holdMs = (JSON.parse(await readBody(req)) as { ms: number }).ms;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname !== "/email" || req.method !== "POST") return sendJson(res, 404, { ErrorCode: 404, Message: "Not found" });

    if (req.headers["x-postmark-server-token"] !== token) {
      return sendJson(res, 401, { ErrorCode: 10, Message: "Request does not contain a valid Server token." });
    }
    const armed = failures.shift();
    if (armed) return sendJson(res, armed.status, armed.body);
    let message: Partial<FakeMail>;
    try {
      message = JSON.parse(await readBody(req)) as Partial<FakeMail>;
    } catch {
      return sendJson(res, 422, { ErrorCode: 402, Message: "Received invalid JSON input." });
    }
    if (!message.From || !message.To || (!message.HtmlBody && !message.TextBody)) {
      return sendJson(res, 422, { ErrorCode: 300, Message: "Invalid email request: From, To and a body are required." });
    }
    const blocked = message.To.split(",").map((t) => t.trim().toLowerCase()).filter((t) => inactive.has(t));
    if (blocked.length) {
      return sendJson(res, 422, {
        ErrorCode: 406,
        Message: `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${blocked.join(", ")}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
      });
    }
    if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
    const MessageID = crypto.randomUUID();
    const body = { To: message.To, SubmittedAt: new Date().toISOString(), MessageID, ErrorCode: 0, Message: "OK" };
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body), () => {
      if (!res.socket?.destroyed || res.writableFinished) delivered.push({ ...(message as FakeMail), MessageID });
    });
  });
  const handle = await listen(server, port);
  return { ...handle, token, delivered, inactive, failures };
}
