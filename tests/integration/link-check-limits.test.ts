import dns from "node:dns/promises";
import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DB } from "#app/db/client.server";
import { resetEnvForTests } from "#app/env.server";
import { createArticle } from "#app/modules/articles/mutations.server";
import {
  CHECK_LINKS_JOB,
  checkSiteLinks,
  CHECK_PER_HOST,
  HOST_FAILURE_BUDGET,
  LINKS_PER_ARTICLE_PER_RUN,
  LINKS_PER_SITE_PER_RUN,
  type LinkCheck,
  requestLinkCheck,
} from "#app/modules/backlinks/links.server";
import { sendMail } from "#app/modules/email/mailer.server";
import { jobRegistry } from "#app/worker/registry.server";
import { startWorker } from "#app/modules/jobs/runner.server";
import { listen } from "#tests/fakes/http-fake";
import { startTestSite, type TestSite } from "#tests/fakes/test-site";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import type net from "node:net";

/**
 * One site's links cannot make a check run endless or hammer a host: runs are
 * capped per article and per site (the rest go first next time), each host gets
 * at most CHECK_PER_HOST requests at once, a host that does not answer or asks
 * us to wait is left alone for the rest of the run, and the customer sees why.
 */

let db: DB;
let site: TestSite;
const servers: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  const lookup = dns.lookup.bind(dns);
  vi.spyOn(dns, "lookup").mockImplementation(((host: string, options: object) =>
    host === "site.test" ? Promise.resolve([{ address: "127.0.0.1", family: 4 }]) : lookup(host, options as never)) as never);
  site = await startTestSite();
  db = await testDb();
});
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
  delete process.env.TEST_ALLOW_PRIVATE_HOSTS;
  resetEnvForTests();
});
afterAll(async () => {
  vi.restoreAllMocks();
  await site.close();
});

// Hosts are told apart by name: the test site is reached as "site.test" (resolved to
// loopback below), the other servers as 127.0.0.1.
const siteAbout = () => `http://site.test:${site.port}/about`;
function allow(port: number) {
  process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${port},site.test:${site.port}`;
  resetEnvForTests();
}

let users = 0;
async function siteWith(articles: string[][]) {
  const account = await makeUser(db, {
    email: `limits-${++users}@example.com`,
    site: { url: "https://northwind.example" },
    workspace: { plan: "pro" },
    signedIn: false,
  });
  for (const [i, urls] of articles.entries()) {
    await createArticle(db, {
      workspaceId: account.workspaceId,
      siteId: account.siteId,
      authorId: account.userId,
      title: `Article ${i}`,
      contentHtml: `<p>${urls.map((u, j) => `<a href="${u}">link ${j}</a>`).join(" ")}</p>`,
    });
  }
  return account.siteId;
}

const linksOf = (siteId: string) => db.selectFrom("links").selectAll().where("site_id", "=", siteId).orderBy("url").execute();
const ok: LinkCheck = { status: "ok", httpStatus: 200, finalUrl: null, error: null, failure: null };

describe("caps per run", () => {
  it(`checks at most ${LINKS_PER_ARTICLE_PER_RUN} links per article and ${LINKS_PER_SITE_PER_RUN} per site, the waiting ones first next run`, async () => {
    const urls = (prefix: string, n: number) =>
      Array.from({ length: n }, (_, i) => `https://${prefix}.example/p${String(i).padStart(4, "0")}`);
    const big = urls("big", LINKS_PER_ARTICLE_PER_RUN + 50);
    const others = Array.from({ length: 5 }, (_, k) => urls(`host${k}`, 200));
    const siteId = await siteWith([big, ...others]);

    const firstRun: string[] = [];
    const first = await checkSiteLinks(db, siteId, { check: async (url) => (firstRun.push(url), ok) });
    expect(firstRun).toHaveLength(LINKS_PER_SITE_PER_RUN);
    expect(new Set(firstRun).size).toBe(LINKS_PER_SITE_PER_RUN);
    expect(firstRun.filter((u) => u.startsWith("https://big.example/")).length).toBeLessThanOrEqual(LINKS_PER_ARTICLE_PER_RUN);
    expect(first.checked).toBe(LINKS_PER_SITE_PER_RUN);

    const waiting = (await linksOf(siteId)).filter((l) => l.attempted_at === null).map((l) => l.url);
    expect(waiting.length).toBe(big.length + 1000 - LINKS_PER_SITE_PER_RUN);
    const secondRun: string[] = [];
    await checkSiteLinks(db, siteId, { check: async (url) => (secondRun.push(url), ok) });
    // Every link that waited is checked now; the rest of the run goes to those checked longest ago.
    expect(secondRun).toHaveLength(LINKS_PER_SITE_PER_RUN);
    expect(secondRun).toEqual(expect.arrayContaining(waiting));
    expect((await linksOf(siteId)).filter((l) => l.attempted_at === null)).toEqual([]);
  });
});

describe("politeness per host", () => {
  it(`sends at most ${CHECK_PER_HOST} requests at once to one host`, async () => {
    let active = 0;
    let peak = 0;
    const server = await listen(
      http.createServer((req, res) => {
        active++;
        peak = Math.max(peak, active);
        setTimeout(() => {
          active--;
          res.writeHead(200).end();
        }, 150);
      }),
    );
    servers.push(server);
    allow(server.port);
    const siteId = await siteWith([[...Array.from({ length: 12 }, (_, i) => `${server.url}/p${i}`), siteAbout()]]);
    await checkSiteLinks(db, siteId);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(CHECK_PER_HOST);
    expect((await linksOf(siteId)).map((l) => l.status)).toEqual(Array(13).fill("ok"));
  });

  it("stops asking a host that does not answer, and says so on the skipped links", async () => {
    let requests = 0;
    const sockets = new Set<net.Socket>();
    const silent = http.createServer(() => void requests++);
    silent.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
    const server = await listen(silent);
    servers.push({ close: () => (sockets.forEach((s) => s.destroy()), server.close()) });
    allow(server.port);
    const dead = Array.from({ length: 20 }, (_, i) => `${server.url}/p${String(i).padStart(2, "0")}`);
    const siteId = await siteWith([[...dead, siteAbout()]]);

    await checkSiteLinks(db, siteId, { timeoutMs: 300 });
    expect(requests).toBeGreaterThanOrEqual(HOST_FAILURE_BUDGET);
    expect(requests).toBeLessThanOrEqual(HOST_FAILURE_BUDGET + CHECK_PER_HOST - 1);

    const rows = await linksOf(siteId);
    const byUrl = Object.fromEntries(rows.map((r) => [r.url, r]));
    expect(byUrl[siteAbout()]).toMatchObject({ status: "ok", http_status: 200 });
    const timedOut = dead.filter((u) => byUrl[u]!.status === "error");
    const skipped = dead.filter((u) => byUrl[u]!.status === "unchecked");
    expect(timedOut.length).toBe(requests);
    expect(skipped.length).toBe(dead.length - requests);
    for (const u of timedOut) expect(byUrl[u]!.last_error).toBe("The website took too long to respond.");
    for (const u of skipped) {
      expect(byUrl[u]).toMatchObject({ checked_at: null, http_status: null });
      expect(byUrl[u]!.last_error).toBe(
        `Not checked this time: 127.0.0.1 did not answer ${HOST_FAILURE_BUDGET} requests in a row. It will be checked again on the next run.`,
      );
      expect(byUrl[u]!.attempted_at).not.toBeNull();
    }
  });

  it.each([429, 503])("honours Retry-After on %i: no more requests to that host this run", async (status) => {
    let requests = 0;
    const server = await listen(
      http.createServer((req, res) => {
        requests++;
        res.writeHead(status, { "Retry-After": "600" }).end();
      }),
    );
    servers.push(server);
    allow(server.port);
    const busy = Array.from({ length: 10 }, (_, i) => `${server.url}/p${i}`);
    const siteId = await siteWith([[...busy, siteAbout()]]);

    await checkSiteLinks(db, siteId);
    expect(requests).toBeGreaterThan(0);
    expect(requests).toBeLessThanOrEqual(CHECK_PER_HOST);

    const byUrl = Object.fromEntries((await linksOf(siteId)).map((r) => [r.url, r]));
    expect(byUrl[siteAbout()]).toMatchObject({ status: "ok" });
    const answered = busy.filter((u) => byUrl[u]!.http_status === status);
    expect(answered.length).toBe(requests);
    for (const u of answered) {
      expect(byUrl[u]).toMatchObject({ status: "error" });
      expect(byUrl[u]!.last_error).toBe(
        `The server asked us to wait (HTTP ${status}, for 10 minutes). It will be checked again on the next run.`,
      );
    }
    for (const u of busy.filter((x) => !answered.includes(x))) {
      expect(byUrl[u]).toMatchObject({ status: "unchecked", checked_at: null });
      expect(byUrl[u]!.last_error).toBe(
        `Not checked this time: 127.0.0.1 asked us to wait (HTTP ${status}). It will be checked again on the next run.`,
      );
    }
  });
});

describe("the worker while a link check hangs", () => {
  it("delivers a verification mail queued during a link-check flood against a host that never answers", async () => {
    let requests = 0;
    const sockets = new Set<net.Socket>();
    const silent = http.createServer(() => void requests++);
    silent.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
    const server = await listen(silent);
    const hangUp = () => sockets.forEach((s) => s.destroy());
    servers.push({ close: () => (hangUp(), server.close()) });
    allow(server.port);
    const siteId = await siteWith([Array.from({ length: 300 }, (_, i) => `${server.url}/p${i}`)]);

    const worker = startWorker(db, jobRegistry, { leaseMs: 30_000, pollMs: 50 });
    try {
      expect(await requestLinkCheck(db, siteId)).toEqual({ ok: true });
      worker.notify();
      await vi.waitFor(() => expect(requests).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });

      const mailId = await sendMail(db, {
        to: "new-user@example.com",
        subject: "Verify your email",
        html: "<p>Verify</p>",
        text: "Verify",
        tag: "verify",
      });
      await vi.waitFor(
        async () =>
          expect((await db.selectFrom("mail_outbox").select("status").where("id", "=", mailId).executeTakeFirstOrThrow()).status).toBe(
            "outbox",
          ),
        { timeout: 5_000, interval: 20 },
      );
      const check = await db
        .selectFrom("jobs")
        .select("status")
        .where("name", "=", CHECK_LINKS_JOB)
        .where("payload", "like", `%${siteId}%`)
        .executeTakeFirstOrThrow();
      expect(check.status).toBe("running");
    } finally {
      // Refused and dropped connections count against the host's budget, so the check ends and the worker can stop.
      silent.close();
      hangUp();
      await worker.stop();
    }
  });
});
