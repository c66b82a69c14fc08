import http from "node:http";
import https from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { listen } from "#tests/fakes/http-fake";
import { classifyFailure, failureReason, httpStatusText } from "./failure.server";
import { checkLink } from "./links.server";
import type { AddressInfo, Socket } from "node:net";

/**
 * Failure classes from real failures, not hand-made error objects: a name under
 * .invalid (never resolves), a local https server with a self-signed certificate,
 * a server that accepts and never answers, real 404/500 answers, a closed port and
 * a private address the SSRF guard refuses.
 */

// A self-signed certificate for 127.0.0.1 and localhost (100 years), made for this test only.
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgP+BSgNcyFb1AJJ3O
AfTBdacRczkiKgIg9wqsxq2GQBqhRANCAASXvw+kmrFhECpC2bvEUOw9K/u+39AV
ZWxgCX8M2Zb5JZc9EdIDTgPJFzBEIVEltYYDDIug3GuCEOwhxz5iusL3
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUGgAwIBAgIUG02ZcO/1aTbKEPLo4YpXNFb5mawwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyMzIxMDcyNloYDzIxMjYxMDMw
MjEwNzI2WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASXvw+kmrFhECpC2bvEUOw9K/u+39AVZWxgCX8M2Zb5JZc9EdIDTgPJ
FzBEIVEltYYDDIug3GuCEOwhxz5iusL3o28wbTAdBgNVHQ4EFgQUnRvFkKau6X44
G9j0xLg/g1bgRnowHwYDVR0jBBgwFoAUnRvFkKau6X44G9j0xLg/g1bgRnowDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSAAwRQIgFCH33c6GzlcBi5n3qv38lPxg62TVr4oOV6jhEnSf/ZMCIQCQ
OBdQlyL4PqU18sOehsFvOuCN+QjmoYKdmupqYbl5xA==
-----END CERTIFICATE-----`;

type Server = { url: string; port: number; close: () => Promise<void> };
let tls: Server;
let silent: Server;
let statuses: Server;
let closedPort: number;
const openSockets = new Set<Socket>();

beforeAll(async () => {
  const tlsServer = https.createServer({ key: KEY, cert: CERT }, (_req, res) => res.end("secret"));
  await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
  const tlsPort = (tlsServer.address() as AddressInfo).port;
  tls = { url: `https://127.0.0.1:${tlsPort}`, port: tlsPort, close: () => new Promise((r) => tlsServer.close(() => r())) };

  // Accepts the connection and the request, and never answers.
  const silentServer = http.createServer(() => {});
  silentServer.on("connection", (socket) => openSockets.add(socket));
  silent = await listen(silentServer);

  statuses = await listen(
    http.createServer((req, res) => {
      const status = Number(req.url?.slice(1)) || 200;
      res.writeHead(status, { "Content-Type": "text/plain" }).end(String(status));
    }),
  );

  // A port nobody listens on: open one, note it, close it.
  const probe = await listen(http.createServer());
  closedPort = probe.port;
  await probe.close();

  process.env.TEST_ALLOW_PRIVATE_HOSTS = [tls.port, silent.port, statuses.port, closedPort].map((p) => `127.0.0.1:${p}`).join(",");
  resetEnvForTests();
});

afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  for (const socket of openSockets) socket.destroy();
  await Promise.all([tls.close(), silent.close(), statuses.close()]);
});

describe("checkLink classifies real failures", () => {
  it("a name that does not resolve is DNS: the domain is not found", async () => {
    const result = await checkLink("https://no-such-host.invalid/page", { timeoutMs: 5000 });
    expect(result).toMatchObject({ status: "broken", failure: "dns", httpStatus: null });
    expect(failureReason(result.failure, result.httpStatus)).toBe("Domain not found");
  });

  it("a self-signed certificate is TLS: a certificate problem", async () => {
    const result = await checkLink(`${tls.url}/`, { timeoutMs: 5000 });
    expect(result).toMatchObject({ status: "broken", failure: "tls" });
    expect(failureReason(result.failure, result.httpStatus)).toBe("Certificate problem");
    expect(result.error).toMatch(/certificate/);
  });

  it("a server that never answers is a timeout", async () => {
    const result = await checkLink(`${silent.url}/slow`, { timeoutMs: 300 });
    expect(result).toMatchObject({ status: "error", failure: "timeout", host: "unreachable" });
    expect(failureReason(result.failure, result.httpStatus)).toBe("Timed out");
  });

  it("an HTTP error status is said with its reason phrase", async () => {
    const missing = await checkLink(`${statuses.url}/404`);
    expect(missing).toMatchObject({ status: "broken", failure: "http", httpStatus: 404 });
    expect(failureReason(missing.failure, missing.httpStatus)).toBe("404 Not Found");
    const failing = await checkLink(`${statuses.url}/500`);
    expect(failing).toMatchObject({ status: "broken", failure: "http", httpStatus: 500 });
    expect(failureReason(failing.failure, failing.httpStatus)).toBe("500 Internal Server Error");
    expect(await checkLink(`${statuses.url}/200`)).toMatchObject({ status: "ok", failure: null });
  });

  it("a refused connection is 'could not connect', a private address is blocked by the guard", async () => {
    const refused = await checkLink(`http://127.0.0.1:${closedPort}/`);
    expect(refused).toMatchObject({ status: "error", failure: "connection", host: "unreachable" });
    const blocked = await checkLink("http://10.0.0.7/admin");
    expect(blocked).toMatchObject({ status: "blocked", failure: "blocked" });
    expect(failureReason(blocked.failure, blocked.httpStatus)).toBe("Blocked: private address");
  });
});

describe("classifyFailure on raw Node errors", () => {
  const request = (url: string, options: https.RequestOptions = {}) =>
    new Promise<unknown>((resolve) => {
      const client = url.startsWith("https:") ? https : http;
      const req = client.get(url, options, (res) => (res.resume(), resolve(null)));
      req.on("error", resolve);
    });

  it("reads the code on the error or its cause", async () => {
    const dns = await request("http://no-such-host.invalid/");
    expect(classifyFailure(dns)).toBe("dns");
    const tlsError = await request(`${tls.url}/`);
    expect((tlsError as { code: string }).code).toMatch(/SELF_SIGNED/);
    expect(classifyFailure(new Error("wrapped", { cause: tlsError }))).toBe("tls");
    const refused = await request(`http://127.0.0.1:${closedPort}/`);
    expect(classifyFailure(refused)).toBe("connection");
    const aborted = await request(`${silent.url}/`, { signal: AbortSignal.timeout(100) });
    expect(classifyFailure(aborted)).toBe("timeout");
  });

  it("says unknown statuses plainly", () => {
    expect(httpStatusText(418)).toBe("418 I'm a Teapot");
    expect(httpStatusText(599)).toBe("HTTP 599");
    expect(failureReason(null, 200)).toBeNull();
  });
});
