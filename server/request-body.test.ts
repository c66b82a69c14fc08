import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimitFor, BODY_LIMITS, readBodyWithin } from "./request-body";
import { sameOriginMutations } from "./same-origin";
import type { AddressInfo } from "node:net";

const LIMIT = 4096;
let server: http.Server;
let port: number;
let bytesSeenByHandler = 0;

beforeAll(async () => {
  const app = express();
  app.use(sameOriginMutations("https://app.example"));
  app.post("/echo", async (req, res) => {
    const body = await readBodyWithin(req, res, LIMIT);
    if (body === null) return;
    bytesSeenByHandler = body.length;
    res.json({ bytes: body.length });
  });
  app.post("/resources/cron", (_req, res) => void res.json({ ok: true }));
  app.post("/api/v1/articles", (_req, res) => void res.json({ ok: true }));
  app.post("/api/v1/big", async (req, res) => {
    if ((await readBodyWithin(req, res, LIMIT)) !== null) res.json({ ok: true });
  });
  app.post("/dashboard/api/v1/articles", (_req, res) => void res.json({ ok: true }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; body: string; sentWhenAnswered: number };

/** Streams `chunks` chunks of 1 KB (no Content-Length: chunked), stopping early if the server answers. */
function postChunked(chunks: number, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      { port, host: "127.0.0.1", method: "POST", path: "/echo", headers: { "Content-Type": "application/octet-stream", ...headers } },
      (res) => {
        answered = true;
        const sentWhenAnswered = sent;
        let body = "";
        res.on("data", (chunk: Buffer) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, sentWhenAnswered }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      if (answered || sent >= chunks) return void req.end();
      req.write(Buffer.alloc(1024, 97), () => {
        sent += 1;
        setTimeout(pump, 2);
      });
    };
    pump();
  });
}

describe("request bodies", () => {
  it("passes a body within the limit through whole", async () => {
    const answer = await postChunked(3);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 3 * 1024 });
  });

  it("answers 413 as soon as a chunked body passes the limit, without reading the rest", async () => {
    bytesSeenByHandler = 0;
    const answer = await postChunked(10_000);
    expect(answer.status).toBe(413);
    expect(answer.body).toBe("Request body too large");
    // Answered while the client was still sending: far fewer than the 10,000 chunks it meant to send.
    expect(answer.sentWhenAnswered).toBeLessThan(200);
    expect(bytesSeenByHandler).toBe(0);
  });

  it("refuses a declared Content-Length over the limit unread", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`, { method: "POST", body: "x".repeat(LIMIT + 1) });
    expect(res.status).toBe(413);
  });

  it("refuses an oversized Developer API body with its JSON error", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/big`, { method: "POST", body: "x".repeat(LIMIT + 1) });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
  });

  it("gives each path the limit its route module declares, the deepest route's winning", () => {
    const route = (id: string, path: string | undefined, parentId?: string, bodyLimit?: string) => ({
      id,
      path,
      parentId,
      module: { bodyLimit },
    });
    const routes = Object.fromEntries(
      [
        route("root", "", undefined),
        route("signin", "signin", "root"),
        route("dashboard", "dashboard", "root"),
        route("write", "write", "dashboard", "article"),
        route("image", "write/image", "dashboard", "upload"),
        route("webhooks", "resources/webhooks/stripe", "root", "webhook"),
        route("api", "api/v1/*", "root", "article"),
        route("odd", "odd", "root", "gigantic"),
      ].map((r) => [r.id, r]),
    ) as unknown as Parameters<typeof bodyLimitFor>[0];
    expect(bodyLimitFor(routes, "/signin")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor(routes, "/dashboard/write")).toBe(BODY_LIMITS.article);
    expect(bodyLimitFor(routes, "/dashboard/write.data")).toBe(BODY_LIMITS.article);
    expect(bodyLimitFor(routes, "/dashboard/write/image/")).toBe(BODY_LIMITS.upload);
    expect(bodyLimitFor(routes, "/resources/webhooks/stripe")).toBe(BODY_LIMITS.webhook);
    expect(bodyLimitFor(routes, "/api/v1/articles/abc")).toBe(BODY_LIMITS.article);
    expect(bodyLimitFor(routes, "/_root.data")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor(routes, "/odd")).toBe(BODY_LIMITS.form);
    expect(bodyLimitFor(routes, "/nowhere")).toBe(BODY_LIMITS.form);
    expect(BODY_LIMITS.form).toBeLessThan(BODY_LIMITS.article);
  });
});

describe("same-origin mutations", () => {
  const post = (path: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers, body: "a=1" });

  it("refuses a post from another site", async () => {
    expect((await post("/echo", { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post("/echo", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("lets our own origin and clients without browser headers through", async () => {
    expect((await post("/echo", { Origin: "https://app.example" })).status).toBe(200);
    expect((await post("/echo", { Origin: `http://127.0.0.1:${port}`, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await post("/echo", {})).status).toBe(200);
  });

  it("leaves signed server-to-server routes to their own checks", async () => {
    expect((await post("/resources/cron", { Origin: "https://scheduler.example" })).status).toBe(200);
  });

  it("lets Developer API requests with a bearer key through from any origin, and only those", async () => {
    const foreign = { Origin: "https://integrator.example", "Sec-Fetch-Site": "cross-site" };
    expect((await post("/api/v1/articles", { ...foreign, Authorization: "Bearer ink_live_x" })).status).toBe(200);
    // Cookies alone (what a cross-site form carries) are refused as everywhere else.
    expect((await post("/api/v1/articles", { ...foreign, Cookie: "__session=x" })).status).toBe(403);
    expect((await post("/api/v1/articles", { ...foreign, Authorization: "Basic abc" })).status).toBe(403);
    // A bearer header does not open other paths.
    expect((await post("/echo", { ...foreign, Authorization: "Bearer ink_live_x" })).status).toBe(403);
    expect((await post("/dashboard/api/v1/articles", { ...foreign, Authorization: "Bearer ink_live_x" })).status).toBe(403);
  });
});
