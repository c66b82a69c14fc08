import { afterAll, beforeAll, expect, test } from "vitest";
import { resetEnvForTests } from "#app/env.server";
import { startFakeDataForSeoBacklinks } from "#tests/fakes/dataforseo-backlinks";
import { BacklinkDataError, createDataForSeoBacklinks, getBacklinkDataProvider, LINKS_LIMIT } from "./provider.server";

let fake: Awaited<ReturnType<typeof startFakeDataForSeoBacklinks>>;
const provider = () => createDataForSeoBacklinks({ login: fake.login, password: fake.password, baseUrl: fake.url });
const options = { correlationId: "req-42" };

beforeAll(async () => {
  fake = await startFakeDataForSeoBacklinks();
  // The requests go through the SSRF guard, which lets exactly this loopback port through.
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
  resetEnvForTests();
  fake.targets.set("northwind.example", {
    summary: { backlinks: 1250, referring_domains: 48, referring_main_domains: 41, rank: 312, broken_backlinks: 3 },
    backlinks: [
      {
        domain_from: "coffee-news.example",
        url_from: "https://coffee-news.example/reviews/best-beans-2026",
        url_to: "https://northwind.example/beans",
        anchor: "Northwind's single-origin beans",
        dofollow: true,
        domain_from_rank: 410,
        first_seen: "2026-03-26 02:46:50 +00:00",
        last_seen: "2026-11-01 10:00:00 +00:00",
      },
      {
        domain_from: "coffee-news.example",
        url_from: "https://coffee-news.example/weaker",
        url_to: "https://northwind.example/",
        anchor: "weaker link",
        dofollow: true,
        domain_from_rank: 410,
        first_seen: "2026-04-01 00:00:00 +00:00",
        last_seen: "2026-11-01 10:00:00 +00:00",
      },
      {
        domain_from: "forum.example",
        url_from: "https://forum.example/t/grinders",
        url_to: "https://northwind.example/grinders",
        anchor: "",
        dofollow: false,
        domain_from_rank: 120,
        first_seen: "2026-06-02 08:00:00 +00:00",
        last_seen: "2026-10-30 09:00:00 +00:00",
      },
    ],
  });
});
afterAll(async () => {
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
  await fake.close();
});

test("asks for the summary and one link per referring domain, with Basic auth, and maps the answers", async () => {
  fake.requests.length = 0;
  const report = await provider().report("northwind.example", options);
  const byPath = Object.fromEntries(fake.requests.map((r) => [r.path, r]));
  const summaryRequest = byPath["/v3/backlinks/summary/live"];
  const listRequest = byPath["/v3/backlinks/backlinks/live"];
  expect(summaryRequest?.headers.authorization).toBe(
    `Basic ${Buffer.from("fake-backlinks-login:fake-backlinks-password").toString("base64")}`,
  );
  expect(summaryRequest?.headers["x-request-id"]).toBe("req-42");
  expect(summaryRequest?.body).toEqual([
    { target: "northwind.example", backlinks_status_type: "live", include_subdomains: true, internal_list_limit: 10 },
  ]);
  expect(listRequest?.body).toEqual([
    {
      target: "northwind.example",
      backlinks_status_type: "live",
      include_subdomains: true,
      mode: "one_per_domain",
      limit: LINKS_LIMIT,
      order_by: ["domain_from_rank,desc"],
    },
  ]);
  expect(report.summary).toEqual({ backlinks: 1250, referringDomains: 48, referringMainDomains: 41, rank: 312, brokenBacklinks: 3 });
  expect(report.referringDomainsListed).toBe(2);
  expect(report.links).toEqual([
    {
      domainFrom: "coffee-news.example",
      urlFrom: "https://coffee-news.example/reviews/best-beans-2026",
      urlTo: "https://northwind.example/beans",
      anchor: "Northwind's single-origin beans",
      dofollow: true,
      domainRank: 410,
      firstSeen: "2026-03-26T02:46:50.000Z",
      lastSeen: "2026-11-01T10:00:00.000Z",
    },
    {
      domainFrom: "forum.example",
      urlFrom: "https://forum.example/t/grinders",
      urlTo: "https://northwind.example/grinders",
      anchor: null,
      dofollow: false,
      domainRank: 120,
      firstSeen: "2026-06-02T08:00:00.000Z",
      lastSeen: "2026-10-30T09:00:00.000Z",
    },
  ]);
});

test("a domain the provider knows nothing about has no backlinks, never made-up ones", async () => {
  const report = await provider().report("brand-new.example", options);
  expect(report.summary).toMatchObject({ backlinks: 0, referringDomains: 0 });
  expect(report.links).toEqual([]);
});

test("errors: wrong credentials, 40xxx codes in the body, a server error", async () => {
  const wrong = createDataForSeoBacklinks({ login: "x", password: "y", baseUrl: fake.url });
  await expect(wrong.report("northwind.example", options)).rejects.toThrow(/HTTP 401: 40100 You are not authorized/);

  // The Backlinks API is a subscription of its own: an account without it gets 40204 inside a 200.
  // A report is two requests at once; each failure is armed for both, so none is left for the next case.
  const denial = { statusCode: 40204, message: "Access denied. Visit Plans and Subscriptions to activate your subscription." };
  fake.failures.push(denial, denial);
  const denied = provider().report("northwind.example", options);
  await expect(denied).rejects.toBeInstanceOf(BacklinkDataError);
  await expect(denied).rejects.toThrow(/task error 40204: Access denied/);

  await expect.poll(() => fake.failures.length).toBe(0);
  fake.failures.push({ httpStatus: 500 }, { httpStatus: 500 });
  await expect(provider().report("northwind.example", options)).rejects.toThrow(/HTTP 500: 50000/);
  await expect.poll(() => fake.failures.length).toBe(0);

  // The SSRF guard refuses this address (it is not the allowed port): the request itself fails, still as a provider error.
  const gone = createDataForSeoBacklinks({ login: "x", password: "y", baseUrl: "http://127.0.0.1:9/" });
  await expect(gone.report("northwind.example", options)).rejects.toBeInstanceOf(BacklinkDataError);
});

test("the provider exists when DataForSEO credentials are set; the backlinks-only ones win", () => {
  const keys = ["DATAFORSEO_LOGIN", "DATAFORSEO_PASSWORD", "DATAFORSEO_BACKLINKS_LOGIN", "DATAFORSEO_BACKLINKS_PASSWORD"];
  try {
    resetEnvForTests();
    expect(getBacklinkDataProvider()).toBeNull();
    Object.assign(process.env, { DATAFORSEO_LOGIN: "l", DATAFORSEO_PASSWORD: "p" });
    resetEnvForTests();
    expect(getBacklinkDataProvider()?.name).toBe("DataForSEO");
    delete process.env.DATAFORSEO_LOGIN;
    delete process.env.DATAFORSEO_PASSWORD;
    Object.assign(process.env, { DATAFORSEO_BACKLINKS_LOGIN: "bl", DATAFORSEO_BACKLINKS_PASSWORD: "bp" });
    resetEnvForTests();
    expect(getBacklinkDataProvider()?.name).toBe("DataForSEO");
  } finally {
    for (const key of keys) delete process.env[key];
    resetEnvForTests();
  }
});
