import http from "node:http";
import { expect, test } from "vitest";
import "#app/modules/onboarding/scan.server";
import "#app/modules/articles/sanitize.server";
import "#app/modules/ai/offline-writer.server";
import "#app/modules/generation/edit.server";
import { resetEnvForTests } from "#app/env.server";
import { HOST_CONCURRENCY, platformRequest } from "#app/modules/publishing/http.server";
import { guardedFetch, OutboundRequestError } from "#app/utils/http.server";
import { listen } from "#tests/fakes/http-fake";

// Loading the npm `undici` (cheerio's full entry does) replaces the global
// dispatcher under Node 20's built-in fetch, which then refuses requests that
// set Content-Length themselves, as arctic's OAuth token request does. The app
// imports cheerio/slim; this guards against the breakage coming back.
test("the app's HTML modules leave the built-in fetch working for requests with Content-Length", async () => {
  const server = await listen(http.createServer((req, res) => req.on("data", () => {}).on("end", () => res.end("ok"))));
  try {
    const body = new TextEncoder().encode("grant_type=authorization_code");
    const request = new Request(`${server.url}/token`, { method: "POST", body });
    request.headers.set("Content-Length", String(body.byteLength));
    const response = await fetch(request);
    expect(await response.text()).toBe("ok");
  } finally {
    await server.close();
  }
});

// Publishing's requests reuse connections (keep-alive in the SSRF guard): a burst of 12 requests through
// platformRequest, 4 at a time per host, opens at most 4 connections instead of 12.
test("platformRequest reuses connections to a host and keeps its per-host limit", async () => {
  let connections = 0;
  let active = 0;
  let maxActive = 0;
  const server = http.createServer((req, res) => {
    maxActive = Math.max(maxActive, ++active);
    req.resume();
    setTimeout(() => {
      active--;
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ path: req.url, method: req.method }));
    }, 20);
  });
  server.on("connection", () => connections++);
  const handle = await listen(server);
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${handle.port}`;
  resetEnvForTests();
  try {
    const ctx = { correlationId: "keepalive", signal: new AbortController().signal, connectionId: "c1" };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        platformRequest(ctx, `${handle.url}/r${i}`, i % 2 ? { method: "POST", json: { i } } : {}).then((r) => r.json<{ path: string }>()),
      ),
    );
    expect(answers.map((a) => a.path)).toEqual(Array.from({ length: 12 }, (_, i) => `/r${i}`));
    expect(maxActive).toBeLessThanOrEqual(HOST_CONCURRENCY);
    expect(connections).toBeLessThanOrEqual(HOST_CONCURRENCY);
  } finally {
    delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
    resetEnvForTests();
    await handle.close();
  }
});

// IPv6 spellings of a loopback address (IPv4-compatible, NAT64, 6to4) are refused as loopback, whether the URL says
// so or a publishing connection's URL does, even with the test allowlist naming the listener's plain address
// (decision 052). Nothing reaches the server.
test.each(["[::127.0.0.1]", "[::7f00:1]", "[64:ff9b::127.0.0.1]", "[2002:7f00:1::1]", "[64:ff9b:1::7f00:1]"])(
  "an outbound request to http://%s:port/ is refused as a private address",
  async (host) => {
    let connections = 0;
    const server = http.createServer((_req, res) => res.end("reached"));
    server.on("connection", () => connections++);
    const handle = await listen(server);
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${handle.port}`;
    resetEnvForTests();
    try {
      const url = `http://${host}:${handle.port}/`;
      const refused = await guardedFetch(url, { timeoutMs: 2000, maxBytes: 1024 }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(OutboundRequestError);
      expect((refused as OutboundRequestError).code).toBe("blocked_address");
      const ctx = { correlationId: "embedded-v4", signal: new AbortController().signal, connectionId: "c1" };
      await expect(platformRequest(ctx, url)).rejects.toThrow("That address is not allowed: it points to a private or local network.");
      expect(connections).toBe(0);
    } finally {
      delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
      resetEnvForTests();
      await handle.close();
    }
  },
);
