import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { limitConcurrentMutations } from "./concurrency";
import type { AddressInfo } from "node:net";

let server: http.Server;
let base: string;
const release: Array<() => void> = [];
const REFUSAL_DELAY_MS = 120;

beforeAll(async () => {
  // The posts under way are counted in the database (app/modules/auth/limit-store.server.ts).
  await testDb();
  const app = express();
  app.set("trust proxy", 1);
  app.use(limitConcurrentMutations(3, REFUSAL_DELAY_MS));
  // Holds every post open until the test lets it go, so the posts overlap for sure.
  app.post("/slow", (_req, res) => void release.push(() => res.send("done")));
  app.post("/api/v1/articles", (_req, res) => void release.push(() => res.send("done")));
  app.get("/page", (_req, res) => void res.send("page"));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (ip: string) => fetch(`${base}/slow`, { method: "POST", headers: { "X-Forwarded-For": ip } });

async function untilHeld(n: number) {
  while (release.length < n) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("concurrent posts per client", () => {
  it("works on a few posts of one address at once and turns the rest away after their Retry-After", async () => {
    const held = [post("203.0.113.7"), post("203.0.113.7"), post("203.0.113.7")];
    await untilHeld(3);
    const refusedAt = performance.now();
    const extra = await post("203.0.113.7");
    expect(extra.status).toBe(429);
    // Held for the delay, so a script re-sending at once cannot spin the server on refusals.
    expect(performance.now() - refusedAt).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS - 5);
    expect(extra.headers.get("retry-after")).toBe("1");
    // Other addresses and plain page loads are not affected.
    const other = post("198.51.100.9");
    await untilHeld(4);
    expect((await fetch(`${base}/page`, { headers: { "X-Forwarded-For": "203.0.113.7" } })).status).toBe(200);
    for (const done of release.splice(0)) done();
    expect((await Promise.all([...held, other])).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    // A slot is free again once its answer is out.
    const again = post("203.0.113.7");
    await untilHeld(1);
    for (const done of release.splice(0)) done();
    expect((await again).status).toBe(200);
  });

  it("counts an IPv6 /64 as one client", async () => {
    const held = [post("2001:db8:1:2::1"), post("2001:db8:1:2::2"), post("2001:db8:1:2::3")];
    await untilHeld(3);
    expect((await post("2001:db8:1:2:ffff::9")).status).toBe(429);
    for (const done of release.splice(0)) done();
    await Promise.all(held);
  });

  it("answers the Developer API's overflow as its JSON error", async () => {
    const held = [post("192.0.2.50"), post("192.0.2.50"), post("192.0.2.50")];
    await untilHeld(3);
    const extra = await fetch(`${base}/api/v1/articles`, { method: "POST", headers: { "X-Forwarded-For": "192.0.2.50" } });
    expect(extra.status).toBe(429);
    expect(await extra.json()).toEqual({ error: { code: "rate_limited", message: "Send at most 3 requests at once from one network." } });
    for (const done of release.splice(0)) done();
    await Promise.all(held);
  });
});
