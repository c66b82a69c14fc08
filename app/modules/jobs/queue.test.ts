import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { testDb } from "#tests/setup/db";
import { jobRegistry } from "#app/worker/registry.server";
import {
  cancelJob,
  claimNextJob,
  DeferJobError,
  enqueue,
  extendLease,
  insertJob,
  markFailedAttempt,
  markSucceeded,
  GROUP_CONCURRENCY,
  PermanentJobError,
  RetryLaterError,
  retryDelayMs,
} from "./queue.server";
import { offLane } from "./lane-slot.server";
import {
  DEFAULT_JOB_TIMEOUT_MS,
  JobTimeoutError,
  jobsOfLane,
  LANES,
  laneOf,
  LeaseLostError,
  runNextJob,
  startWorker,
  tenantShare,
  type JobDefinition,
  type JobRegistry,
} from "./runner.server";

const options = { leaseMs: 1_000, pollMs: 10, retryBaseMs: 1 };

describe("job queue", () => {
  it("deduplicates by idempotency key and runs due jobs only", async () => {
    const db = await testDb();
    const a = await insertJob(db, "t-dedupe", { n: 1 }, { idempotencyKey: "k1" });
    const b = await insertJob(db, "t-dedupe", { n: 2 }, { idempotencyKey: "k1" });
    expect(b).toBe(a);
    await insertJob(db, "t-dedupe", {}, { runAt: new Date(Date.now() + 60_000) });
    const seen: unknown[] = [];
    const registry: JobRegistry = { "t-dedupe": { run: async (p) => void seen.push(p) } };
    expect(await runNextJob(db, registry, options)).toBe(true);
    expect(await runNextJob(db, registry, options)).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("retries with backoff, then fails keeping the error", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-flaky", {}, { maxAttempts: 2 });
    const registry: JobRegistry = { "t-flaky": { run: async () => Promise.reject(new Error("boom")) } };
    await runNextJob(db, registry, options);
    let row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("queued");
    expect(row.last_error).toContain("boom");
    await db
      .updateTable("jobs")
      .set({ run_at: new Date(0).toISOString() })
      .where("id", "=", id)
      .execute();
    await runNextJob(db, registry, options);
    row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
  });

  it("does not retry permanent errors", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-permanent", {});
    const job = (await claimNextJob(db, 1000, { names: ["t-permanent"] }))!;
    expect(await markFailedAttempt(db, job, new PermanentJobError("inactive"))).toBe("failed");
    const row = await db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
  });

  it("recovers a job whose lease expired (the worker died)", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-lease", {});
    const first = await claimNextJob(db, 50, { names: ["t-lease"] });
    expect(first?.id).toBe(id);
    expect(await claimNextJob(db, 50, { names: ["t-lease"] })).toBeUndefined();
    const later = new Date(Date.now() + 100);
    const again = await claimNextJob(db, 50, { names: ["t-lease"], at: later });
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(2);
  });

  it("backs off exponentially with jitter inside the cap", () => {
    expect(retryDelayMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(retryDelayMs(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(retryDelayMs(20, 1000, 60_000, () => 1)).toBe(60_000);
  });
});

const statusOf = async (db: Awaited<ReturnType<typeof testDb>>, id: number) =>
  await db.selectFrom("jobs").select(["status", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow();

describe("job groups and waiting", () => {
  it("runs at most GROUP_CONCURRENCY jobs of one group at once, so a later group's job is claimed past a backlog", async () => {
    const db = await testDb();
    const start = Date.now() - 10_000;
    for (let i = 0; i < GROUP_CONCURRENCY + 3; i++) {
      await insertJob(db, "t-group", { i }, { groupKey: "publish:slow-site", runAt: new Date(start + i) });
    }
    const other = await insertJob(db, "t-group", { other: true }, { groupKey: "publish:other-site", runAt: new Date(start + 1_000) });
    const claimed = [];
    for (let i = 0; i < GROUP_CONCURRENCY + 1; i++) claimed.push(await claimNextJob(db, 60_000, { names: ["t-group"] }));
    expect(claimed.slice(0, GROUP_CONCURRENCY).every((job) => job?.group_key === "publish:slow-site")).toBe(true);
    expect(claimed[GROUP_CONCURRENCY]?.id).toBe(other);
    // The slow site's backlog waits until one of its running jobs finishes.
    expect(await claimNextJob(db, 60_000, { names: ["t-group"] })).toBeUndefined();
    await markSucceeded(db, claimed[0]!);
    expect((await claimNextJob(db, 60_000, { names: ["t-group"] }))?.group_key).toBe("publish:slow-site");
  });

  it("leaves publish slots to other destinations while one destination runs its GROUP_CONCURRENCY", () => {
    // A lane no wider than a group would let one busy destination stall every other customer's publications.
    expect(LANES.publish.concurrency).toBeGreaterThanOrEqual(2 * GROUP_CONCURRENCY);
  });

  it("waits at least a RetryLaterError's delay before the next attempt (a 429's Retry-After)", async () => {
    const db = await testDb();
    await insertJob(db, "t-later", {});
    const job = (await claimNextJob(db, 60_000, { names: ["t-later"] }))!;
    expect(await markFailedAttempt(db, job, new RetryLaterError("slow down", 90_000), 1)).toBe("retry");
    const row = await db.selectFrom("jobs").select("run_at").where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(Date.parse(row.run_at) - Date.now()).toBeGreaterThan(85_000);
  });
});

describe("tenants share every lane (docs/decisions/051)", () => {
  it("takes turns: the next claim goes to the workspace running the fewest, even behind another's older burst", async () => {
    const db = await testDb();
    const start = Date.now() - 10_000;
    for (let i = 0; i < 10; i++) await insertJob(db, "t-fair", { i }, { tenant: { workspaceId: "heavy" }, runAt: new Date(start + i) });
    const light = await insertJob(db, "t-fair", {}, { tenant: { workspaceId: "light" }, runAt: new Date(start + 100) });
    const first = await claimNextJob(db, 60_000, { names: ["t-fair"] });
    expect(first?.tenant_key).toBe("heavy");
    // Heavy runs one now, light none: light's younger job goes next.
    expect((await claimNextJob(db, 60_000, { names: ["t-fair"] }))?.id).toBe(light);
    expect((await claimNextJob(db, 60_000, { names: ["t-fair"] }))?.tenant_key).toBe("heavy");
  });

  it("never gives one workspace more than its share of a lane while the rest waits for others", async () => {
    const db = await testDb();
    const share = tenantShare(LANES.publish.concurrency);
    expect(share).toBeLessThan(LANES.publish.concurrency);
    for (let i = 0; i < 20; i++) await insertJob(db, "t-share", { i }, { tenant: { workspaceId: "heavy" } });
    const claimed = [];
    for (let i = 0; i < share; i++) claimed.push(await claimNextJob(db, 60_000, { names: ["t-share"], tenantCap: share }));
    expect(claimed.every((job) => job?.tenant_key === "heavy")).toBe(true);
    expect(await claimNextJob(db, 60_000, { names: ["t-share"], tenantCap: share })).toBeUndefined();
    const other = await insertJob(db, "t-share", {}, { tenant: { workspaceId: "other" } });
    expect((await claimNextJob(db, 60_000, { names: ["t-share"], tenantCap: share }))?.id).toBe(other);
    // Jobs of no workspace (sign-up mail) are never held back by a share.
    const unowned = await insertJob(db, "t-share", {});
    expect((await claimNextJob(db, 60_000, { names: ["t-share"], tenantCap: share }))?.id).toBe(unowned);
  });

  it("names the tenant through a site, and honours a group's own limit", async () => {
    const db = await testDb();
    const { makeUser } = await import("#tests/setup/factories");
    const user = await makeUser(db);
    const id = await insertJob(db, "t-site", {}, { tenant: { siteId: user.siteId }, groupKey: "webhook:e1", groupLimit: 1 });
    const second = await insertJob(db, "t-site", {}, { tenant: { siteId: user.siteId }, groupKey: "webhook:e1", groupLimit: 1 });
    const job = await claimNextJob(db, 60_000, { names: ["t-site"] });
    expect(job).toMatchObject({ id, tenant_key: user.workspaceId, group_limit: 1 });
    expect(await claimNextJob(db, 60_000, { names: ["t-site"] })).toBeUndefined();
    await markSucceeded(db, job!);
    expect((await claimNextJob(db, 60_000, { names: ["t-site"] }))?.id).toBe(second);
  });

  it("a deferred job waits without using an attempt", async () => {
    const db = await testDb();
    await insertJob(db, "t-defer", {}, { maxAttempts: 1 });
    const job = (await claimNextJob(db, 60_000, { names: ["t-defer"] }))!;
    expect(await markFailedAttempt(db, job, new DeferJobError("backed off", 60_000), 1)).toBe("retry");
    const row = await db.selectFrom("jobs").select(["status", "attempts", "run_at"]).where("id", "=", job.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "queued", attempts: 0 });
    expect(Date.parse(row.run_at) - Date.now()).toBeGreaterThan(55_000);
  });

  it("a job waiting off its lane (for a busy host) gives its slot back, and takes one again before new work", async () => {
    const db = await testDb();
    let openHost!: () => void;
    const host = new Promise<void>((resolve) => (openHost = resolve));
    const order: string[] = [];
    const registry: JobRegistry = {
      "t-waits": {
        lane: "bulk",
        run: async (payload) => {
          await offLane(host);
          order.push(`waited ${(payload as { i: number }).i}`);
        },
      },
      "t-quick": { lane: "bulk", run: async () => void order.push("quick") },
    };
    await insertJob(db, "t-waits", { i: 1 }, { runAt: new Date(Date.now() - 2_000) });
    await insertJob(db, "t-waits", { i: 2 }, { runAt: new Date(Date.now() - 1_000) });
    const worker = startWorker(db, registry, { leaseMs: 60_000, pollMs: 10, lanes: { bulk: 2 } });
    try {
      await vi.waitFor(async () =>
        expect(
          (await db.selectFrom("jobs").select("id").where("name", "=", "t-waits").where("status", "=", "running").execute()).length,
        ).toBe(2),
      );
      // Both slots' jobs wait on the host: the lane still runs new work.
      await insertJob(db, "t-quick", {});
      worker.notify();
      await vi.waitFor(() => expect(order).toEqual(["quick"]), { timeout: 5_000, interval: 10 });
      openHost();
      await vi.waitFor(() => expect(order).toHaveLength(3), { timeout: 5_000, interval: 10 });
    } finally {
      openHost();
      await worker.stop();
    }
  });
});

describe("the lease token", () => {
  it("lets only the current holder record an outcome after a takeover", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-token", {});
    const stale = (await claimNextJob(db, 50, { names: ["t-token"] }))!;
    // The lease expires and another worker takes the job over.
    const current = (await claimNextJob(db, 60_000, { names: ["t-token"], at: new Date(Date.now() + 100) }))!;
    expect(current.id).toBe(id);
    expect(current.lease_token).not.toBe(stale.lease_token);

    expect(await extendLease(db, stale, 60_000)).toBe(false);
    expect(await markSucceeded(db, stale)).toBe(false);
    expect(await markFailedAttempt(db, stale, new Error("late"))).toBe("lost");
    expect(await statusOf(db, id)).toEqual({ status: "running", last_error: null });

    expect(await extendLease(db, current, 60_000)).toBe(true);
    expect(await markSucceeded(db, current)).toBe(true);
    expect((await statusOf(db, id)).status).toBe("succeeded");
  });

  it("keeps a job cancelled while it ran cancelled, whatever the job returns", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-cancel-ok", {});
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const registry: JobRegistry = {
      "t-cancel-ok": {
        run: async () => {
          started();
          await gate;
        },
      },
    };
    const run = runNextJob(db, registry, { ...options, leaseMs: 60_000 });
    await running;
    await cancelJob(db, id);
    release();
    expect(await run).toBe(true);
    expect((await statusOf(db, id)).status).toBe("cancelled");
  });

  it("keeps a job cancelled while it ran cancelled when it then fails", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-cancel-fail", {});
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let fail!: (e: Error) => void;
    const registry: JobRegistry = {
      "t-cancel-fail": {
        run: () => {
          started();
          return new Promise<void>((_, reject) => (fail = reject));
        },
      },
    };
    const run = runNextJob(db, registry, { ...options, leaseMs: 60_000 });
    await running;
    await cancelJob(db, id);
    fail(new Error("after cancel"));
    await run;
    expect(await statusOf(db, id)).toEqual({ status: "cancelled", last_error: null });
  });

  it("aborts the running job's signal when the heartbeat finds the lease lost", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-lost", {});
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let reason: unknown;
    const registry: JobRegistry = {
      "t-lost": {
        // Honours its signal, as every job must; the heartbeat is what aborts it.
        run: (_p, { signal }) =>
          new Promise<void>((_, reject) => {
            started();
            signal.addEventListener("abort", () => {
              reason = signal.reason;
              reject(signal.reason as Error);
            });
          }),
      },
    };
    const run = runNextJob(db, registry, { ...options, leaseMs: 1_000 });
    await running;
    await cancelJob(db, id);
    await run;
    expect(reason).toBeInstanceOf(LeaseLostError);
    expect((await statusOf(db, id)).status).toBe("cancelled");
  });
});

describe("time limit per job", () => {
  it("fails a hung attempt at its definition's timeout, aborts its signal and retries with backoff", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-hung", {}, { maxAttempts: 3 });
    let aborted: unknown;
    const registry: JobRegistry = {
      "t-hung": {
        timeoutMs: 200,
        // Never settles, even when aborted: the runner must free the slot anyway.
        run: (_p, { signal }) => {
          signal.addEventListener("abort", () => (aborted = signal.reason));
          return new Promise<void>(() => {});
        },
      },
    };
    expect(await runNextJob(db, registry, options)).toBe(true);
    expect(aborted).toBeInstanceOf(JobTimeoutError);
    const row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("queued");
    expect(row.last_error).toMatch(/JobTimeoutError: .*0\.2 s/);
    expect(row.locked_until).toBeNull();
  });

  it("has a default for definitions that do not set one", () => {
    expect(DEFAULT_JOB_TIMEOUT_MS).toBeGreaterThanOrEqual(60_000);
    for (const [name, definition] of Object.entries(jobRegistry) as [string, JobDefinition][]) {
      expect(definition.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS, name).toBeLessThanOrEqual(60 * 60_000);
    }
  });
});

describe("worker lanes", () => {
  it("the registry puts mail and generation in user-facing lanes and link checks in the bulk lane", () => {
    expect(laneOf(jobRegistry["deliver-mail"])).toBe("mail");
    expect(laneOf(jobRegistry["generate-article"])).toBe("user");
    expect(laneOf(jobRegistry["check-site-links"])).toBe("bulk");
    expect(laneOf({ run: async () => {} })).toBe("user");
    expect(Object.keys(jobsOfLane(jobRegistry, "bulk"))).toEqual(expect.arrayContaining(["check-site-links"]));
    expect(Object.keys(jobsOfLane(jobRegistry, "mail"))).toEqual(["deliver-mail"]);
  });

  it("claims and finishes a mail job while a bulk job hangs", async () => {
    const db = await testDb();
    let bulkStarted!: () => void;
    const bulkRunning = new Promise<void>((resolve) => (bulkStarted = resolve));
    const registry: JobRegistry = {
      // Ignores its signal and never settles; only its timeout frees its slot (so stop() ends).
      "t-bulk-hung": { lane: "bulk", timeoutMs: 1_500, run: () => (bulkStarted(), new Promise<void>(() => {})) },
      "t-mail": { lane: "mail", run: async () => {} },
    };
    const bulk = await insertJob(db, "t-bulk-hung", {}, { runAt: new Date(Date.now() - 60_000), maxAttempts: 1 });
    const worker = startWorker(db, registry, { leaseMs: 60_000, pollMs: 20 });
    try {
      await bulkRunning;
      const mail = await insertJob(db, "t-mail", {});
      worker.notify();
      await vi.waitFor(async () => expect((await statusOf(db, mail)).status).toBe("succeeded"), { timeout: 5_000, interval: 20 });
      // The bulk job is still hung: the mail did not wait for it.
      expect((await statusOf(db, bulk)).status).toBe("running");
    } finally {
      await worker.stop();
    }
    expect((await statusOf(db, bulk)).status).toBe("failed");
  });

  it("runs each lane up to its own concurrency", async () => {
    const db = await testDb();
    let active = 0;
    let peak = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const registry: JobRegistry = {
      "t-bulk-wide": {
        lane: "bulk",
        run: async () => {
          active++;
          peak = Math.max(peak, active);
          await gate;
          active--;
        },
      },
    };
    for (let i = 0; i < 5; i++) await insertJob(db, "t-bulk-wide", { i });
    const worker = startWorker(db, registry, { leaseMs: 60_000, pollMs: 20, lanes: { bulk: 2 } });
    try {
      await vi.waitFor(() => expect(active).toBe(2), { timeout: 5_000, interval: 20 });
      // Give a third claim every chance to happen before checking it did not.
      for (let i = 0; i < 5; i++) {
        worker.notify();
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      expect(peak).toBe(2);
    } finally {
      release();
      await vi.waitFor(async () => {
        const left = await db
          .selectFrom("jobs")
          .select("id")
          .where("name", "=", "t-bulk-wide")
          .where("status", "!=", "succeeded")
          .execute();
        expect(left).toEqual([]);
      });
      await worker.stop();
    }
  });
});

describe("typed jobs", () => {
  it("enqueue type-checks the name and the payload against the registry's schema", async () => {
    const db = await testDb();
    const id = await enqueue(db, "deliver-mail", { mailId: 7 }, { runAt: new Date(Date.now() + 60_000) });
    expect(JSON.parse((await db.selectFrom("jobs").select("payload").where("id", "=", id).executeTakeFirstOrThrow()).payload)).toEqual({
      mailId: 7,
    });
    // The checks below are the type checker's (npm run typecheck); at run time nothing is enqueued.
    const never = () => false;
    if (never()) {
      // @ts-expect-error the mail id is a number
      await enqueue(db, "deliver-mail", { mailId: "7" });
      // @ts-expect-error a generation names its site
      await enqueue(db, "generate-article", { generationId: "g" });
      // @ts-expect-error no such job
      await enqueue(db, "deliver-mails", { mailId: 7 });
    }
  });

  it("parses the payload with the job's schema before the handler sees it, and fails a bad one at once with what is wrong", async () => {
    const db = await testDb();
    const seen: unknown[] = [];
    const registry: JobRegistry = {
      "t-typed": { payload: z.object({ siteId: z.string().min(1), count: z.coerce.number() }), run: async (p) => void seen.push(p) },
    };
    const good = await insertJob(db, "t-typed", { siteId: "s1", count: "3", extra: true });
    const bad = await insertJob(db, "t-typed", { siteId: 42 }, { maxAttempts: 5 });
    await runNextJob(db, registry, options);
    await runNextJob(db, registry, options);
    expect(seen).toEqual([{ siteId: "s1", count: 3 }]);
    const rows = await db
      .selectFrom("jobs")
      .select(["id", "status", "attempts", "last_error"])
      .where("id", "in", [good, bad])
      .orderBy("id")
      .execute();
    expect(rows[0]).toMatchObject({ status: "succeeded" });
    expect(rows[1]).toMatchObject({ status: "failed", attempts: 1 });
    expect(rows[1]!.last_error).toMatch(
      /^PermanentJobError: The payload of job "t-typed" does not match its schema \(siteId: .+; count: .+\)\.$/,
    );
  });

  it("fails a payload that is not JSON the same way", async () => {
    const db = await testDb();
    const id = await insertJob(db, "t-garbled", {});
    await db.updateTable("jobs").set({ payload: "{oops" }).where("id", "=", id).execute();
    await runNextJob(db, { "t-garbled": { payload: z.object({}), run: async () => {} } }, options);
    const row = await db.selectFrom("jobs").select(["status", "last_error"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "failed", last_error: 'PermanentJobError: The payload of job "t-garbled" is not JSON.' });
  });

  it("every job of the registry has a payload schema", () => {
    for (const [name, definition] of Object.entries(jobRegistry)) expect(definition.payload, name).toBeDefined();
    expect(jobRegistry["check-site-links"].payload.safeParse({ siteId: "s", trigger: "daily" }).success).toBe(true);
    expect(jobRegistry["check-site-links"].payload.safeParse({ trigger: "daily" }).success).toBe(false);
  });
});
