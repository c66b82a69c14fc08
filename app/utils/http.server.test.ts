import dns from "node:dns/promises";
import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { resetEnvForTests, resolveEnv } from "#app/env.server";
import { startTestSite, TEST_SITE, type TestSite } from "#tests/fakes/test-site";
import { allowPrivateHosts, forgetPrivateHosts } from "#tests/setup/private-hosts";
import { assertPublicDestination, guardedFetch, isPublicAddress, OutboundRequestError } from "./http.server";
import type net from "node:net";

let site: TestSite;
let other: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  other = await startTestSite();
  // Only the test site's exact host:port is let through; `other` shares the host, not the port.
  allowPrivateHosts(`127.0.0.1:${site.port}`);
});
afterAll(async () => {
  forgetPrivateHosts();
  await site.close();
  await other.close();
});

const fetchOpts = { timeoutMs: 3000, maxBytes: 2 * 1024 * 1024 };

async function refusal(url: string, opts: Partial<Parameters<typeof guardedFetch>[1]> = {}) {
  const error = await guardedFetch(url, { ...fetchOpts, ...opts }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `${url} should be refused`).toBeInstanceOf(OutboundRequestError);
  return error as OutboundRequestError;
}

describe("guardedFetch refuses private and local targets", () => {
  test.each([
    "http://127.0.0.1/",
    "http://[::1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    "http://192.168.1.1/",
    "http://172.16.0.1/",
    "http://0.0.0.0/",
    "http://0/",
    "http://2130706433/",
    "http://100.64.0.1/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:169.254.169.254]/",
    // IPv6 forms embedding IPv4 (decision 052): IPv4-compatible, NAT64, local-use NAT64, 6to4, Teredo.
    "http://[::127.0.0.1]/",
    "http://[::169.254.169.254]/",
    "http://[::10.0.0.5]/",
    "http://[64:ff9b::127.0.0.1]/",
    "http://[64:ff9b::169.254.169.254]/",
    "http://[64:ff9b:1::8.8.8.8]/",
    "http://[2002:7f00:1::1]/",
    "http://[2002:a9fe:a9fe::]/",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://localhost/",
  ])("%s", async (url) => {
    const error = await refusal(url);
    expect(error.code).toBe("blocked_address");
    expect(error.message).toBe("That address is not allowed: it points to a private or local network.");
  });

  test("the allowlist is exact: the same host on another port stays refused", async () => {
    expect((await refusal(`${other.url}/`)).code).toBe("blocked_address");
  });

  test("only http and https", async () => {
    expect((await refusal("ftp://example.com/file.txt")).code).toBe("protocol");
    expect((await refusal("file:///etc/passwd")).code).toBe("protocol");
    expect((await refusal("javascript:alert(1)")).code).toBe("protocol");
  });

  test("no credentials in the URL", async () => {
    const error = await refusal("https://user:secret@example.com/");
    expect(error.code).toBe("credentials");
    expect((await refusal(`http://admin@127.0.0.1:${site.port}/`)).code).toBe("credentials");
  });

  test("only the standard web ports, refused before any DNS look-up", async () => {
    const lookup = vi.spyOn(dns, "lookup");
    try {
      for (const url of [
        "http://example.com:8080/",
        "https://example.com:8443/x",
        "http://example.com:22/",
        "http://93.184.215.14:6379/",
      ]) {
        const error = await refusal(url);
        expect(error.code, url).toBe("port");
        expect(error.message).toBe("Only the standard web ports (80 for http, 443 for https) can be used.");
      }
      expect(lookup).not.toHaveBeenCalled();
    } finally {
      lookup.mockRestore();
    }
  });

  test("not a URL", async () => {
    expect((await refusal("not a url")).code).toBe("invalid_url");
  });
});

describe("guardedFetch on an allowed site", () => {
  test("fetches the page and decodes it", async () => {
    const response = await guardedFetch(`${site.url}/`, { ...fetchOpts, correlationId: "req-1" });
    expect(response.status).toBe(200);
    expect(response.text()).toContain(TEST_SITE.title);
  });

  test("decompresses gzip and honours the declared charset", async () => {
    expect((await guardedFetch(`${site.url}/gzip`, fetchOpts)).text()).toContain(TEST_SITE.brandName);
    expect((await guardedFetch(`${site.url}/latin1`, fetchOpts)).text()).toContain("Café Zoë");
  });

  test("follows same-site redirects and reports the final URL", async () => {
    const response = await guardedFetch(`${site.url}/redirect?to=/about`, fetchOpts);
    expect(response.url).toBe(`${site.url}/about`);
    expect(response.text()).toContain("Our story");
  });

  test("re-checks every redirect hop: public → metadata address is refused", async () => {
    expect((await refusal(`${site.url}/redirect-to-metadata`)).code).toBe("blocked_address");
  });

  test("re-checks every redirect hop: a loopback address not on the allowlist is refused", async () => {
    expect((await refusal(`${site.url}/redirect-to-loopback`)).code).toBe("blocked_address");
    expect((await refusal(`${site.url}/redirect?to=${encodeURIComponent(`${other.url}/`)}`)).code).toBe("blocked_address");
    expect((await refusal(`${site.url}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`)).code).toBe("protocol");
  });

  test("re-checks every redirect hop: a non-standard port is refused", async () => {
    expect((await refusal(`${site.url}/redirect?to=${encodeURIComponent("http://example.com:8080/")}`)).code).toBe("port");
  });

  test("stops after too many redirects", async () => {
    expect((await refusal(`${site.url}/loop`)).code).toBe("too_many_redirects");
    expect((await refusal(`${site.url}/moved`, { maxRedirects: 0 })).code).toBe("too_many_redirects");
  });

  test("refuses answers larger than the limit, declared or not", async () => {
    expect((await refusal(`${site.url}/huge?bytes=3000000`)).code).toBe("too_large");
    expect((await refusal(`${site.url}/huge?bytes=3000000&declare=0`)).code).toBe("too_large");
    const small = await guardedFetch(`${site.url}/huge?bytes=1000`, fetchOpts);
    expect(small.body.length).toBe(1000);
  });

  test("gives up at the total time limit, also while the body trickles in", async () => {
    const started = Date.now();
    expect((await refusal(`${site.url}/slow?ms=5000`, { timeoutMs: 300 })).code).toBe("timeout");
    expect((await refusal(`${site.url}/trickle`, { timeoutMs: 500 })).code).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

test("gives up when the caller's signal aborts (a job's time limit or lost lease)", async () => {
  const controller = new AbortController();
  const pending = guardedFetch(`${site.url}/slow?ms=10000`, { ...fetchOpts, timeoutMs: 15_000, signal: controller.signal }).catch(
    (e: unknown) => e,
  );
  controller.abort();
  expect(await pending).toMatchObject({ code: "timeout" });
  expect(await guardedFetch(`${site.url}/`, { ...fetchOpts, signal: controller.signal }).catch((e: unknown) => e)).toMatchObject({
    code: "timeout",
  });
});

test("connects to the address it checked, not to a second DNS answer", async () => {
  // "rebind.test" exists only in this mocked resolver: were the socket to look the
  // name up again (where a rebinding attacker would swap the address), it would fail.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port},rebind.test:${site.port}`;
  resetEnvForTests();
  const lookup = vi.spyOn(dns, "lookup").mockResolvedValueOnce([{ address: "127.0.0.1", family: 4 }] as never);
  try {
    const response = await guardedFetch(`http://rebind.test:${site.port}/`, fetchOpts);
    expect(response.status).toBe(200);
    expect(lookup).toHaveBeenCalledTimes(1);
  } finally {
    lookup.mockRestore();
    process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port}`;
    resetEnvForTests();
  }
});

test("a name with any private answer is refused, even next to a public one", async () => {
  const lookup = vi.spyOn(dns, "lookup").mockResolvedValueOnce([
    { address: "93.184.215.14", family: 4 },
    { address: "10.0.0.5", family: 4 },
  ] as never);
  try {
    expect((await refusal("http://mixed.test/")).code).toBe("blocked_address");
  } finally {
    lookup.mockRestore();
  }
});

// The DNS path judges answers as the literal path does: an AAAA record may spell loopback or the metadata
// address in an IPv6 form that embeds it (decision 052).
test.each(["::7f00:1", "::a9fe:a9fe", "64:ff9b::a9fe:a9fe", "64:ff9b:1::808:808", "2002:7f00:1::1", "2001::1"])(
  "a name resolving to %s is refused",
  async (address) => {
    const lookup = vi.spyOn(dns, "lookup").mockResolvedValue([{ address, family: 6 }] as never);
    try {
      expect((await refusal("http://aaaa.test/")).code).toBe("blocked_address");
    } finally {
      lookup.mockRestore();
    }
  },
);

// The check a save runs (decision 052) is the guard's own: same refusals, same words, same allowlist.
describe("assertPublicDestination", () => {
  const refusedBy = (url: string) =>
    assertPublicDestination(url).then(
      () => null,
      (e: unknown) => e as OutboundRequestError,
    );

  test("refuses what delivery refuses, with delivery's message", async () => {
    for (const url of [
      "http://10.0.0.5/hook",
      "https://[::127.0.0.1]/",
      "http://localhost/",
      "ftp://example.com/",
      "https://a:b@example.com/",
    ]) {
      const saved = await refusedBy(url);
      const delivered = await refusal(url);
      expect(saved, url).toBeInstanceOf(OutboundRequestError);
      expect(saved!.message, url).toBe(delivered.message);
    }
  });

  test("judges every address a name resolves to", async () => {
    const lookup = vi.spyOn(dns, "lookup").mockResolvedValue([
      { address: "93.184.215.14", family: 4 },
      { address: "127.0.0.1", family: 4 },
    ] as never);
    try {
      expect((await refusedBy("https://rebind.test/hook"))?.code).toBe("blocked_address");
    } finally {
      lookup.mockRestore();
    }
  });

  test("lets through public names, the test allowlist, and a name that does not resolve yet (delivery checks again)", async () => {
    const lookup = vi.spyOn(dns, "lookup").mockResolvedValue([{ address: "93.184.215.14", family: 4 }] as never);
    try {
      expect(await refusedBy("https://public.test/hook")).toBeNull();
    } finally {
      lookup.mockRestore();
    }
    expect(await refusedBy(`http://127.0.0.1:${site.port}/hook`)).toBeNull();
    expect(await refusedBy("https://does-not-exist.invalid/hook")).toBeNull();
  });
});

test("isPublicAddress", () => {
  for (const address of [
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700:4700::1111",
    // Embedded public IPv4 is judged as that IPv4 address (decision 052).
    "::ffff:8.8.8.8",
    "::8.8.8.8",
    "64:ff9b::8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])
    expect(isPublicAddress(address), address).toBe(true);
  for (const address of [
    "127.0.0.1",
    "10.1.2.3",
    "172.31.255.255",
    "192.168.0.1",
    "169.254.169.254",
    "100.127.0.1",
    "0.0.0.0",
    "::",
    "::1",
    "fe80::1",
    "fd12::1",
    "fec0::1",
    "::ffff:10.0.0.1",
    "64:ff9b::a00:1",
    "2002:a00:1::",
    // IPv4-compatible ::/96, as written and as URL and DNS spell it (hex).
    "::127.0.0.1",
    "::7f00:1",
    "::169.254.169.254",
    "::a9fe:a9fe",
    "::a00:5",
    "::0.0.0.0",
    // NAT64 64:ff9b::/96 with a private IPv4 inside.
    "64:ff9b::127.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    // Local-use NAT64 64:ff9b:1::/48: what it reaches is the network's own business, so never.
    "64:ff9b:1::808:808",
    "64:ff9b:1:abcd::1",
    // 6to4 2002::/16 with a private IPv4 in bits 16-48.
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "2002:c0a8:101::",
    // Teredo 2001::/32: the client's IPv4 is obfuscated and the relay is not ours to judge.
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
    "2001::1",
    "ff02::1",
    "198.18.0.1",
    "240.0.0.1",
    "nonsense",
  ]) {
    expect(isPublicAddress(address), address).toBe(false);
  }
});

test("production refuses the test allowlist, except for a stack on loopback (the e2e run)", () => {
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "s",
    ENCRYPTION_KEY: "0".repeat(64),
    CRON_SECRET: "c",
    TEST_ALLOW_PRIVATE_HOSTS: "127.0.0.1:9",
  };
  expect(() => resolveEnv({ ...production, APP_URL: "https://inkpilot.app" })).toThrow(/TEST_ALLOW_PRIVATE_HOSTS: must not be set/);
  expect(resolveEnv({ ...production, APP_URL: "http://127.0.0.1:3211" }).TEST_ALLOW_PRIVATE_HOSTS).toEqual(["127.0.0.1:9"]);
});

describe("keep-alive (opt-in, for publishing)", () => {
  /** A server on one loopback address that records which connection served each request. */
  async function countingServer(host: string, port = 0, handler?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean) {
    const connections: net.Socket[] = [];
    const served: { method: string; path: string; connection: number }[] = [];
    const server = http.createServer((req, res) => {
      served.push({ method: req.method!, path: req.url!, connection: connections.indexOf(req.socket) });
      req.resume();
      req.on("end", () => {
        if (handler?.(req, res)) return;
        if (req.url === "/moved") return void res.writeHead(301, { Location: "/" }).end();
        if (req.url === "/to-metadata") return void res.writeHead(302, { Location: "http://169.254.169.254/" }).end();
        res.writeHead(200, { "Content-Type": "text/plain" }).end(`${host} ${req.method} ${req.url}`);
      });
    });
    server.on("connection", (socket) => connections.push(socket));
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    const actual = (server.address() as net.AddressInfo).port;
    return {
      port: actual,
      connections,
      served,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
  const allow = (entries: string) => {
    process.env.TEST_ALLOW_PRIVATE_HOSTS = entries;
    resetEnvForTests();
  };
  afterEach(() => allow(`127.0.0.1:${site.port}`));
  const keepAlive = { ...fetchOpts, keepAlive: true };

  test("reuses one connection for a run of requests, GET and POST, and opens one per request without it", async () => {
    const server = await countingServer("127.0.0.1");
    allow(`127.0.0.1:${server.port}`);
    try {
      const url = `http://127.0.0.1:${server.port}`;
      for (let i = 0; i < 3; i++) expect((await guardedFetch(`${url}/get-${i}`, keepAlive)).status).toBe(200);
      await guardedFetch(`${url}/post`, { ...keepAlive, method: "POST", body: "x=1", headers: { "Content-Type": "text/plain" } });
      expect(server.connections).toHaveLength(1);
      expect(server.served.map((s) => s.connection)).toEqual([0, 0, 0, 0]);
      // Concurrent requests each take a socket, then share them afterwards.
      await Promise.all([1, 2].map((i) => guardedFetch(`${url}/parallel-${i}`, keepAlive)));
      expect(server.connections).toHaveLength(2);
      for (let i = 0; i < 2; i++) await guardedFetch(`${url}/plain-${i}`, fetchOpts);
      expect(server.connections).toHaveLength(4);
    } finally {
      await server.close();
    }
  });

  test("still refuses private addresses and re-checks every redirect hop; a non-GET answers its 3xx", async () => {
    expect((await refusal("http://127.0.0.1/", { keepAlive: true })).code).toBe("blocked_address");
    expect((await refusal("http://169.254.169.254/latest/meta-data/", { keepAlive: true })).code).toBe("blocked_address");
    const server = await countingServer("127.0.0.1");
    allow(`127.0.0.1:${server.port}`);
    try {
      const url = `http://127.0.0.1:${server.port}`;
      const followed = await guardedFetch(`${url}/moved`, keepAlive);
      expect([followed.status, followed.url]).toEqual([200, `${url}/`]);
      expect((await refusal(`${url}/to-metadata`, { keepAlive: true })).code).toBe("blocked_address");
      const posted = await guardedFetch(`${url}/moved`, { ...keepAlive, method: "POST", body: "" });
      expect([posted.status, posted.url]).toEqual([301, `${url}/moved`]);
      expect(server.served.filter((s) => s.method === "POST")).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  test("never reuses a socket to the old address when the name now resolves elsewhere; checks still come first", async () => {
    // Two servers on the same port at two loopback addresses stand for a host whose DNS answer changed.
    const first = await countingServer("127.0.0.1");
    const second = await countingServer("127.0.0.2", first.port);
    allow(`moving.test:${first.port}`);
    const lookup = vi.spyOn(dns, "lookup");
    try {
      const url = `http://moving.test:${first.port}/`;
      lookup.mockResolvedValueOnce([{ address: "127.0.0.1", family: 4 }] as never);
      expect((await guardedFetch(url, keepAlive)).text()).toBe("127.0.0.1 GET /");
      lookup.mockResolvedValueOnce([{ address: "127.0.0.2", family: 4 }] as never);
      expect((await guardedFetch(url, keepAlive)).text()).toBe("127.0.0.2 GET /");
      lookup.mockResolvedValueOnce([{ address: "127.0.0.1", family: 4 }] as never);
      expect((await guardedFetch(url, keepAlive)).text()).toBe("127.0.0.1 GET /");
      expect([first.connections.length, second.connections.length]).toEqual([1, 1]);
      // Off the allowlist (a customer's host), the same URL is refused before any socket, pooled or not, is used.
      allow(`127.0.0.1:${first.port}`);
      lookup.mockResolvedValue([{ address: "127.0.0.1", family: 4 }] as never);
      expect((await refusal(url, { keepAlive: true })).code).toBe("port");
      expect(first.served).toHaveLength(2);
      // And on a web port, a name that now resolves to a private address is refused although its pool holds sockets.
      expect((await refusal("http://moving.test/", { keepAlive: true })).code).toBe("blocked_address");
    } finally {
      lookup.mockRestore();
      await first.close();
      await second.close();
    }
  });

  test("a pooled socket the server dropped: a GET goes again on a fresh one, a POST fails instead of being sent twice", async () => {
    // The server drops every second request on a connection without answering, as a server closing an idle socket does.
    const perConnection = new Map<net.Socket, number>();
    const server = await countingServer("127.0.0.1", 0, (req, res) => {
      const n = (perConnection.get(req.socket) ?? 0) + 1;
      perConnection.set(req.socket, n);
      if (n === 2) req.socket.destroy();
      else res.end("ok");
      return true;
    });
    allow(`127.0.0.1:${server.port}`);
    try {
      const url = `http://127.0.0.1:${server.port}`;
      await guardedFetch(`${url}/a`, keepAlive);
      expect((await guardedFetch(`${url}/b`, keepAlive)).text()).toBe("ok");
      expect(server.connections).toHaveLength(2);
      await guardedFetch(`${url}/c`, keepAlive);
      const error = await guardedFetch(`${url}/d`, { ...keepAlive, method: "POST", body: "x" }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: "network" });
      expect(server.served.filter((s) => s.path === "/d")).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
