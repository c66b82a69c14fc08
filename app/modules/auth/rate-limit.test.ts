import { beforeAll, describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { admitPasswordGuess, clientKey, consumeRateLimit, PASSWORD_GUESS_RULES, RATE_LIMIT_RULES } from "./rate-limit.server";

// The counters live in the database (limit-store.server.ts).
beforeAll(async () => {
  await testDb();
});

describe("clientKey", () => {
  it("keys IPv6 clients on their /64 and IPv4-mapped IPv6 addresses as IPv4", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe(clientKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:3::1")).not.toBe(clientKey("2001:db8:1:2::1"));
    expect(clientKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("192.0.2.1")).toBe("192.0.2.1");
    expect(clientKey("not-an-ip")).toBe("not-an-ip");
    expect(clientKey(undefined)).toBeUndefined();
  });

  it("makes every address of one IPv6 /64 share the per-IP budget", async () => {
    const { points } = RATE_LIMIT_RULES.signup.ip;
    for (let i = 0; i < points; i++) {
      expect(await consumeRateLimit("signup", { ip: `2001:db8:77:1::${(i + 1).toString(16)}`, email: `v6-${i}@x.test` })).toBe(true);
    }
    expect(await consumeRateLimit("signup", { ip: "2001:db8:77:1:ffff::1", email: "v6-new@x.test" })).toBe(false);
    expect(await consumeRateLimit("signup", { ip: "2001:db8:77:2::1", email: "v6-other@x.test" })).toBe(true);
  });
});

describe("admitPasswordGuess", () => {
  it("admits at most the (account, IP) limit of a parallel burst, before any password is checked", async () => {
    const gates = await Promise.all(
      Array.from({ length: 20 }, () => admitPasswordGuess("signin", { account: "burst@x.test", ip: "198.51.100.20" })),
    );
    expect(gates.filter((g) => g.allowed)).toHaveLength(PASSWORD_GUESS_RULES.pair.points);
  });

  it("slows a guessed-at account down with a capped, growing wait, but never for an address with a clean record", async () => {
    const account = "victim@x.test";
    const waits: number[] = [];
    // Strangers, each from a fresh address: the first guess of each is admitted and fails.
    for (let i = 0; i < 40; i++) {
      const gate = await admitPasswordGuess("signin", { account, ip: `203.0.113.${i + 1}` });
      expect(gate.allowed).toBe(true);
      if (gate.allowed) await gate.settle(false);
    }
    // A stranger's second guess must wait, and never longer than the cap.
    for (let i = 0; i < 5; i++) {
      const gate = await admitPasswordGuess("signin", { account, ip: `203.0.113.${i + 1}` });
      if (!gate.allowed) waits.push(gate.retryAfterSeconds);
      else await gate.settle(false);
    }
    expect(waits.length).toBeGreaterThan(0);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(PASSWORD_GUESS_RULES.account.maxWaitSeconds);
    // The owner, from an address with no failures for this account, is admitted.
    const owner = await admitPasswordGuess("signin", { account, ip: "192.0.2.200" });
    expect(owner.allowed).toBe(true);
  });
});
