import crypto from "node:crypto";
import http from "node:http";
import { listen, readBody, sendJson } from "./http-fake";

/**
 * A local Postmark: POST /email with the server-token header, Postmark's error
 * bodies, armable failures, the outbound message search (GET /messages/outbound
 * with count, offset, recipient, tag and metadata_<key> filters, Postmark's
 * response shape), and /__fake endpoints for tests to read what was sent.
 * A message counts as delivered only once its 200 answer was written, except
 * with an armed "no answer" (/__fake/no-answer-next): then it is recorded and
 * the connection is dropped ("drop") or left without an answer ("hang"), as when
 * Postmark accepted a mail but the answer never arrived. /__fake/search-lag
 * hides a message from search until it is that many ms old.
 */
export type FakeMail = {
  MessageID: string;
  From: string;
  To: string;
  Subject: string;
  HtmlBody?: string;
  TextBody?: string;
  Tag?: string;
  Metadata?: Record<string, string>;
  MessageStream?: string;
  ReceivedAt: string;
};

/** Postmark reports times in US Eastern time with an offset and seven fraction digits; EST is close enough here. */
function easternTime(at: number) {
  return `${new Date(at - 5 * 3_600_000).toISOString().slice(0, 23)}0000-05:00`;
}

/** One entry of GET /messages/outbound, as Postmark returns it (no bodies). */
function searchEntry(mail: FakeMail) {
  const recipients = mail.To.split(",").map((t) => t.trim());
  return {
    Tag: mail.Tag ?? "",
    MessageID: mail.MessageID,
    MessageStream: mail.MessageStream ?? "outbound",
    To: recipients.map((Email) => ({ Email, Name: null })),
    Cc: [],
    Bcc: [],
    Recipients: recipients,
    ReceivedAt: mail.ReceivedAt,
    From: mail.From,
    Subject: mail.Subject,
    Attachments: [],
    Status: "Sent",
    TrackOpens: false,
    TrackLinks: "None",
    Metadata: mail.Metadata ?? {},
    Sandboxed: false,
  };
}

export async function startFakePostmark({ port = 0, token = "fake-postmark-token" } = {}) {
  const delivered: FakeMail[] = [];
  const inactive = new Set<string>();
  const failures: Array<{ status: number; body: unknown }> = [];
  const noAnswer: Array<"drop" | "hang"> = [];
  const hung = new Set<http.ServerResponse>();
  const recordedAt = new Map<string, number>();
  let holdMs = 0;
  let searchLagMs = 0;
  const releaseHung = () => {
    for (const res of hung) res.socket?.destroy();
    hung.clear();
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (url.pathname === "/__fake/messages" && req.method === "GET") return sendJson(res, 200, delivered);
    if (url.pathname === "/__fake/reset" && req.method === "POST") {
      delivered.length = 0;
      inactive.clear();
      failures.length = 0;
      noAnswer.length = 0;
      releaseHung();
      holdMs = 0;
      searchLagMs = 0;
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/no-answer-next" && req.method === "POST") {
      noAnswer.push((JSON.parse(await readBody(req)) as { mode: "drop" | "hang" }).mode);
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/search-lag" && req.method === "POST") {
      searchLagMs = (JSON.parse(await readBody(req)) as { ms: number }).ms;
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
    const isSend = url.pathname === "/email" && req.method === "POST";
    const isSearch = url.pathname === "/messages/outbound" && req.method === "GET";
    if (!isSend && !isSearch) return sendJson(res, 404, { ErrorCode: 404, Message: "Not found" });

    if (req.headers["x-postmark-server-token"] !== token) {
      return sendJson(res, 401, { ErrorCode: 10, Message: "Request does not contain a valid Server token." });
    }
    if (isSearch) {
      // Postmark's query parameters are case-insensitive; metadata_<key> keeps the key's case.
      const query = new Map<string, string>();
      for (const [key, value] of url.searchParams) query.set(key.startsWith("metadata_") ? key : key.toLowerCase(), value);
      const count = Number(query.get("count"));
      const offset = Number(query.get("offset"));
      if (
        !query.has("count") ||
        !query.has("offset") ||
        !Number.isInteger(count) ||
        !Number.isInteger(offset) ||
        count < 1 ||
        count > 500 ||
        offset < 0 ||
        count + offset > 10_000
      ) {
        return sendJson(res, 422, {
          ErrorCode: 0,
          Message: "The 'count' and 'offset' parameters are required; count is at most 500 and count + offset at most 10000.",
        });
      }
      const now = Date.now();
      const matches = delivered
        .filter((m) => now - (recordedAt.get(m.MessageID) ?? 0) >= searchLagMs)
        .filter((m) => {
          const recipient = query.get("recipient");
          if (
            recipient &&
            !m.To.toLowerCase()
              .split(",")
              .some((t) => t.trim() === recipient.toLowerCase())
          )
            return false;
          if (query.has("tag") && (m.Tag ?? "") !== query.get("tag")) return false;
          if (query.has("messagestream") && (m.MessageStream ?? "outbound") !== query.get("messagestream")) return false;
          for (const [key, value] of query) {
            if (key.startsWith("metadata_") && m.Metadata?.[key.slice("metadata_".length)] !== value) return false;
          }
          return true;
        })
        .reverse();
      return sendJson(res, 200, { TotalCount: matches.length, Messages: matches.slice(offset, offset + count).map(searchEntry) });
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
    const blocked = message.To.split(",")
      .map((t) => t.trim().toLowerCase())
      .filter((t) => inactive.has(t));
    if (blocked.length) {
      return sendJson(res, 422, {
        ErrorCode: 406,
        Message: `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${blocked.join(", ")}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
      });
    }
    if (holdMs) await new Promise((resolve) => setTimeout(resolve, holdMs));
    const MessageID = crypto.randomUUID();
    const record = () => {
      recordedAt.set(MessageID, Date.now());
      delivered.push({ ...(message as FakeMail), MessageID, ReceivedAt: easternTime(Date.now()) });
    };
    const silent = noAnswer.shift();
    if (silent) {
      // Accepted, but the client never hears about it.
      record();
      if (silent === "drop") res.socket?.destroy();
      else hung.add(res);
      return;
    }
    const body = { To: message.To, SubmittedAt: new Date().toISOString(), MessageID, ErrorCode: 0, Message: "OK" };
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body), () => {
      if (!res.socket?.destroyed || res.writableFinished) record();
    });
  });
  const handle = await listen(server, port);
  return {
    ...handle,
    close: () => {
      releaseHung();
      return handle.close();
    },
    token,
    delivered,
    inactive,
    failures,
  };
}
