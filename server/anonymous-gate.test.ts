import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gateAnonymousMutations } from "./concurrency";
import type { AddressInfo } from "node:net";

let server: http.Server;
let base: string;
const held: Array<() => void> = [];
let started = 0;

beforeAll(async () => {
  const app = express();
  app.use(gateAnonymousMutations(async (cookie) => cookie === "__session=signed", { maxInFlight: 2, maxQueued: 3 }));
  // Holds every post open until the test lets it go, so the posts overlap for sure.
  app.post("/form", (_req, res) => {
    started += 1;
    held.push(() => res.send("done"));
  });
  app.post("/resources/webhooks/stripe", (_req, res) => void res.send("webhook"));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path = "/form", cookie?: string) => fetch(`${base}${path}`, { method: "POST", headers: cookie ? { Cookie: cookie } : {} });
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("anonymous form posts across all clients", () => {
  it("works on a few at once, queues the next in order, refuses past the queue, and lets signed-in and signed posts by", async () => {
    const anonymous = Array.from({ length: 5 }, () => post());
    await until(() => started === 2);
    // Past two at work and three waiting, the next is refused at once.
    const overflow = await post();
    expect(overflow.status).toBe(503);
    expect(await overflow.text()).toBe("The server is busy. Please try again in a moment.");
    // A signed-in customer and a webhook do not wait behind them; a made-up cookie does.
    const signedIn = post("/form", "__session=signed");
    await until(() => started === 3);
    expect((await post("/resources/webhooks/stripe")).status).toBe(200);
    expect((await post("/form", "__session=forged")).status).toBe(503);
    expect(started).toBe(3);
    // Each answer out lets the next waiting post in.
    while (started < 6 || held.length) {
      held.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await Promise.all([...anonymous, signedIn])).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(started).toBe(6);
  });
});
