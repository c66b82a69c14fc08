import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startLiteFsStandIn } from "./litefs-proxy";
import type { AddressInfo } from "node:net";

// The LiteFS stand-in routes as Fly's proxy and LiteFS's do (docs/decisions/080-replicas-and-processes.md);
// the replica e2e run trusts it, so its routing and its consistency wait are checked here on two small backends.

type Seen = { method: string; url: string; replaySource: boolean };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function backend(name: string, answer: (req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, replaySource: Boolean(req.headers["fly-replay-src"]) });
    req.resume();
    if (!answer(req, res)) res.end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { seen, host: "127.0.0.1", port: (server.address() as AddressInfo).port };
}

type StandInOptions = { replicaLagMs?: number; pollTimeoutMs?: number; databasePath?: string };

async function standIn(options: StandInOptions = {}, primaryAnswer?: Parameters<typeof backend>[1]) {
  const primary = await backend("primary", primaryAnswer);
  const replica = await backend("replica", (req, res) => {
    if (req.url === "/needs-primary") return Boolean(res.writeHead(409, { "fly-replay": "instance=primary-test" }).end());
    if (req.url === "/broken") return Boolean(res.writeHead(500).end("read-only database"));
    return false;
  });
  const proxy = await startLiteFsStandIn({
    port: 0,
    primary,
    replica,
    primaryHostname: "primary-test",
    ...options,
  });
  closers.push(proxy.close);
  return { primary, replica, proxy };
}

const txidCookie = (res: Response) => /__txid=[0-9a-f]{16}/.exec(res.headers.get("set-cookie") ?? "")?.[0] ?? "";

describe("the LiteFS stand-in", () => {
  it("sends writes to the primary with a position cookie and reads to the replica", async () => {
    const { primary, replica, proxy } = await standIn();
    const write = await fetch(`${proxy.url}/dashboard`, { method: "POST", body: "a=1" });
    expect(await write.text()).toBe("primary");
    expect(txidCookie(write)).toMatch(/^__txid=0{15}2$/);
    const read = await fetch(`${proxy.url}/dashboard`);
    expect(await read.text()).toBe("replica");
    expect(primary.seen).toEqual([{ method: "POST", url: "/dashboard", replaySource: true }]);
    expect(replica.seen.map((request) => request.method)).toEqual(["GET"]);
  });

  it("holds a read until the replica reaches the client's last write", async () => {
    const { proxy } = await standIn({ replicaLagMs: 300 });
    const cookie = txidCookie(await fetch(`${proxy.url}/settings`, { method: "POST" }));
    const started = Date.now();
    const read = await fetch(`${proxy.url}/settings`, { headers: { cookie } });
    expect(await read.text()).toBe("replica");
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(proxy.traffic.waitedReads).toBe(1);
    // Another client, without the cookie, is not held.
    const other = Date.now();
    await (await fetch(`${proxy.url}/settings`)).text();
    expect(Date.now() - other).toBeLessThan(250);
    expect(proxy.traffic.waitedReads).toBe(1);
  });

  it("moves the client's position only when the primary committed, as LiteFS's TXID does", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "litefs-stand-in-"));
    const databasePath = path.join(dir, "app.sqlite");
    const app = new Database(databasePath);
    app.exec("CREATE TABLE notes (body TEXT)");
    closers.push(async () => (app.close(), fs.rmSync(dir, { recursive: true, force: true })));
    const { proxy } = await standIn({ databasePath, replicaLagMs: 300 }, (req) => {
      if (req.url === "/save") app.prepare("INSERT INTO notes VALUES ('x')").run();
      return false;
    });
    // A refused form post wrote nothing: the next read is not held.
    const refused = txidCookie(await fetch(`${proxy.url}/refused`, { method: "POST" }));
    await (await fetch(`${proxy.url}/settings`, { headers: { cookie: refused } })).text();
    expect(proxy.traffic.waitedReads).toBe(0);
    const saved = txidCookie(await fetch(`${proxy.url}/save`, { method: "POST" }));
    expect(saved).not.toBe(refused);
    await (await fetch(`${proxy.url}/settings`, { headers: { cookie: saved } })).text();
    expect(proxy.traffic.waitedReads).toBe(1);
  });

  it("answers 504 when the replica never reaches the client's position", async () => {
    const { replica, proxy } = await standIn({ pollTimeoutMs: 100 });
    const read = await fetch(`${proxy.url}/settings`, { headers: { cookie: "__txid=00000000000000ff" } });
    expect(read.status).toBe(504);
    expect(replica.seen).toEqual([]);
  });

  it("follows the app's fly-replay to the primary and records a read that failed on the replica", async () => {
    const { primary, proxy } = await standIn();
    expect(await (await fetch(`${proxy.url}/needs-primary`)).text()).toBe("primary");
    expect(primary.seen).toEqual([{ method: "GET", url: "/needs-primary", replaySource: true }]);
    expect((await fetch(`${proxy.url}/broken`)).status).toBe(500);
    expect(proxy.traffic).toMatchObject({ replayedReads: 1, replicaFailures: ["GET /broken 500"] });
  });
});
