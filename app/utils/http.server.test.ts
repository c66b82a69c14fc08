import dns from "node:dns/promises";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { resetEnvForTests, resolveEnv } from "#app/env.server";
import { startTestSite, TEST_SITE, type TestSite } from "#tests/fakes/test-site";
import { guardedFetch, isPublicAddress, OutboundRequestError } from "./http.server";

let site: TestSite;
let other: TestSite;

beforeAll(async () => {
  site = await startTestSite();
  other = await startTestSite();
  // Only the test site's exact host:port is let through; `other` shares the host, not the port.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${site.port}`;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
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

test("isPublicAddress", () => {
  for (const address of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111"]) expect(isPublicAddress(address), address).toBe(true);
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
