import { describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { claimNextJob, enqueue, markFailedAttempt, PermanentJobError, retryDelayMs } from "./queue.server";
import { runNextJob, type JobRegistry } from "./runner.server";

const options = { leaseMs: 1_000, pollMs: 10, retryBaseMs: 1 };

describe("job queue", () => {
  it("deduplicates by idempotency key and runs due jobs only", async () => {
    const db = await testDb();
    const a = await enqueue(db, "t-dedupe", { n: 1 }, { idempotencyKey: "k1" });
    const b = await enqueue(db, "t-dedupe", { n: 2 }, { idempotencyKey: "k1" });
    expect(b).toBe(a);
    await enqueue(db, "t-dedupe", {}, { runAt: new Date(Date.now() + 60_000) });
    const seen: unknown[] = [];
    const registry: JobRegistry = { "t-dedupe": { run: async (p) => void seen.push(p) } };
    expect(await runNextJob(db, registry, options)).toBe(true);
    expect(await runNextJob(db, registry, options)).toBe(false);
    expect(seen).toEqual([{ n: 1 }]);
  });

  it("retries with backoff, then fails keeping the error", async () => {
    const db = await testDb();
    const id = await enqueue(db, "t-flaky", {}, { maxAttempts: 2 });
    const registry: JobRegistry = { "t-flaky": { run: async () => Promise.reject(new Error("boom")) } };
    await runNextJob(db, registry, options);
    let row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("queued");
    expect(row.last_error).toContain("boom");
    await db.updateTable("jobs").set({ run_at: new Date(0).toISOString() }).where("id", "=", id).execute();
    await runNextJob(db, registry, options);
    row = await db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.attempts).toBe(2);
  });

  it("does not retry permanent errors", async () => {
    const db = await testDb();
    const id = await enqueue(db, "t-permanent", {});
    const job = (await claimNextJob(db, 1000, ["t-permanent"]))!;
    expect(await markFailedAttempt(db, job, new PermanentJobError("inactive"))).toBe("failed");
    const row = await db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
  });

  it("recovers a job whose lease expired (the worker died)", async () => {
    const db = await testDb();
    const id = await enqueue(db, "t-lease", {});
    const first = await claimNextJob(db, 50, ["t-lease"]);
    expect(first?.id).toBe(id);
    expect(await claimNextJob(db, 50, ["t-lease"])).toBeUndefined();
    const later = new Date(Date.now() + 100);
    const again = await claimNextJob(db, 50, ["t-lease"], later);
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(2);
  });

  it("backs off exponentially with jitter inside the cap", () => {
    expect(retryDelayMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(retryDelayMs(3, 1000, 60_000, () => 1)).toBe(4000);
    expect(retryDelayMs(20, 1000, 60_000, () => 1)).toBe(60_000);
  });
});
