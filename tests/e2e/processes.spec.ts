import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { exited, soloAppEnv, spawnSoloApp, stopSoloApp, waitForHealth, type SoloApp } from "./solo-app";
import { SOLO_APP_PORT, WEB_PROCESS_PORTS, fakeUrl } from "./stack";

/**
 * Several processes on the primary (docs/decisions/080-replicas-and-processes.md): one worker process and two
 * web processes started with RUN_WORKER=false, on one database. A limit counted by one web process holds in the
 * other, and the worker runs what another process queued without polling for it (its poll is a minute here).
 */

const dataDir = path.resolve(`tests/.tmp/processes-${SOLO_APP_PORT}`);
const databasePath = path.join(dataDir, "inkpilot.sqlite");
const WORKER_URL = fakeUrl(SOLO_APP_PORT);
const WEB_URLS = WEB_PROCESS_PORTS.map(fakeUrl);

const apps: SoloApp[] = [];

function appEnv(port: number, runWorker: boolean): NodeJS.ProcessEnv {
  return soloAppEnv(
    "processes",
    { port, dataDir, appUrl: WORKER_URL },
    // A minute: a job done within seconds was woken through the database, not found by the poll.
    { RUN_WORKER: String(runWorker), JOB_POLL_MS: "60000" },
  );
}

function start(port: number, runWorker: boolean) {
  const app = spawnSoloApp(appEnv(port, runWorker));
  apps.push(app);
  return app;
}

test.beforeAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // The worker process first: it migrates the database the web processes open.
  await waitForHealth(start(SOLO_APP_PORT, true), WORKER_URL);
  await Promise.all(WEB_PROCESS_PORTS.map((port, i) => waitForHealth(start(port, false), WEB_URLS[i]!)));
});

test.afterAll(async () => {
  await Promise.all(apps.splice(0).map((app) => stopSoloApp(app)));
});

test("a limit counted in one web process holds in the other", async ({ request }) => {
  const email = `limit-${Date.now()}@example.com`;
  const ask = (url: string) => request.post(`${url}/forgot-password`, { form: { email }, headers: { Origin: url }, maxRedirects: 0 });
  // Five reset links an hour for one address ('reset' in app/modules/auth/rate-limit.server.ts), asked of both in turn.
  for (let i = 0; i < 5; i++) expect((await ask(WEB_URLS[i % 2]!)).status(), `request ${i + 1}`).toBe(302);
  for (const url of WEB_URLS) {
    const refused = await ask(url);
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("Too many attempts. Please wait a few minutes and try again.");
  }
});

test("the worker process runs a job another process queued, woken through the database", async () => {
  const sqlite = new Database(databasePath);
  sqlite.pragma("busy_timeout = 5000");
  try {
    const now = new Date().toISOString();
    const mailId = sqlite.transaction(() => {
      const id = Number(
        sqlite
          .prepare(
            `INSERT INTO mail_outbox (to_address, subject, html, text, tag, transport, created_at)
             VALUES ('woken@example.com', 'Welcome', '<p>Hi</p>', 'Hi', 'welcome', 'outbox', ?)`,
          )
          .run(now).lastInsertRowid,
      );
      sqlite
        .prepare(
          `INSERT INTO jobs (name, payload, run_at, max_attempts, idempotency_key, created_at, updated_at)
           VALUES ('deliver-mail', ?, ?, 8, ?, ?, ?)`,
        )
        .run(JSON.stringify({ mailId: id }), now, `mail:${id}`, now, now);
      return id;
    })();
    const startedAt = Date.now();
    await expect
      .poll(
        () => (sqlite.prepare("SELECT status FROM jobs WHERE idempotency_key = ?").get(`mail:${mailId}`) as { status: string }).status,
        {
          timeout: 5_000,
          intervals: [50],
        },
      )
      .toBe("succeeded");
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  } finally {
    sqlite.close();
  }
});

test("a replica whose machine becomes the primary stops with a failure code, to be started again in its new role", async () => {
  const litefsDir = path.join(dataDir, "litefs-replica");
  fs.mkdirSync(litefsDir, { recursive: true });
  fs.writeFileSync(path.join(litefsDir, ".primary"), "primary-machine\n");
  const port = WEB_PROCESS_PORTS[1] + 10;
  const replica = spawnSoloApp({ ...appEnv(port, false), LITEFS_DIR: litefsDir });
  apps.push(replica);
  await waitForHealth(replica, fakeUrl(port));
  // A write reaching the replica goes to the primary before anything runs.
  const post = await fetch(`${fakeUrl(port)}/forgot-password`, { method: "POST", body: new URLSearchParams({ email: "x@example.com" }) });
  expect(post.status).toBe(409);
  expect(post.headers.get("fly-replay")).toBe("instance=primary-machine");
  // LiteFS hands this machine the lease: its .primary file goes away.
  fs.rmSync(path.join(litefsDir, ".primary"));
  await exited(replica.child);
  expect(replica.child.exitCode).toBe(75);
});

test("WEB_PROCESSES=2 serves one port from two web processes beside a job process, and SIGTERM stops them all", async () => {
  await Promise.all(apps.splice(0).map((app) => stopSoloApp(app)));
  const log: string[] = [];
  const supervisor = spawnSoloApp(
    soloAppEnv("processes", { port: SOLO_APP_PORT, dataDir, appUrl: WORKER_URL }, { WEB_PROCESSES: "2" }),
    log,
  );
  apps.push(supervisor);
  await waitForHealth(supervisor, WORKER_URL);
  await expect.poll(() => log.join("").match(/Inkpilot listening on/g)?.length ?? 0, { timeout: 15_000 }).toBe(2);
  expect(log.join("")).toContain("supervising 2 web processes and a job process");
  await stopSoloApp(supervisor);
  expect(log.join("").match(/SIGTERM received: finishing in-flight requests/g)).toHaveLength(3);
});
