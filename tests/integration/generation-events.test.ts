import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getSqlite, type DB } from "#app/db/client.server";
import { requireAuth } from "#app/modules/auth/guards.server";
import { emitGenerationProgress } from "#app/modules/generation/progress-events.server";
import { MAX_STREAMS_PER_USER, STREAM_LIMITS, TOO_MANY_STREAMS } from "#app/modules/generation/progress-stream.server";
import { cancelGeneration, startGeneration } from "#app/modules/generation/service.server";
import { setWorkerListener } from "#app/modules/jobs/notify.server";
import * as events from "#app/routes/dashboard/generations/events";
import { testDb } from "#tests/setup/db";
import { makeUser } from "#tests/setup/factories";
import { callRoute } from "#tests/setup/route-harness";

/**
 * The live progress stream of a generation, through the route's loader under the
 * dashboard's requireAuth, with fake timers: what it sends, what it costs
 * (queries while nothing happens), and its limits.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setWorkerListener(undefined);
});

/** The worker runs in this process (as on the primary): progress arrives as events. */
function localWorker() {
  setWorkerListener(() => {});
}

async function userWithGeneration() {
  const account = await makeUser(db);
  const { generationId } = await startGeneration(db, { ...account, keyword: "cold brew" });
  return { ...account, generationId };
}

type Stream = { status: number; response: Response; text: () => string; ended: () => boolean; abort: () => void };

async function openStream(cookie: string, generationId: string): Promise<Stream> {
  const controller = new AbortController();
  const request = new Request(`http://localhost:3000/dashboard/generations/${generationId}/events`, {
    headers: { Cookie: cookie },
    signal: controller.signal,
  });
  const result = await callRoute({ request, handler: events.loader, middleware: [requireAuth], params: { id: generationId } });
  const response = result.response!;
  let text = "";
  let ended = false;
  if (response.status === 200 && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (done) break;
        text += decoder.decode(value);
      }
      ended = true;
    })();
  }
  return { status: response.status, response, text: () => text, ended: () => ended, abort: () => controller.abort() };
}

/** Queries that touch the generations table, counted at the SQLite driver. */
function countGenerationQueries() {
  const sqlite = getSqlite();
  const prepare = sqlite.prepare.bind(sqlite);
  let count = 0;
  vi.spyOn(sqlite, "prepare").mockImplementation(((source: string) => {
    if (/"generations"/.test(source)) count++;
    return prepare(source);
  }) as typeof sqlite.prepare);
  return () => count;
}

describe("generation progress stream", () => {
  it("sends the current state first, then does not query the database while nothing happens", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localWorker();
    const user = await userWithGeneration();
    const stream = await openStream(user.cookie, user.generationId);
    expect(stream.status).toBe(200);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.text()).toContain("event: progress");

    const queries = countGenerationQueries();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(queries()).toBe(0);
    stream.abort();
  });

  it("forwards progress the worker pushes, and ends with done", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localWorker();
    const user = await userWithGeneration();
    const stream = await openStream(user.cookie, user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    const queries = countGenerationQueries();

    await db.updateTable("generations").set({ progress: 42, step: "Writing sections..." }).where("id", "=", user.generationId).execute();
    emitGenerationProgress(user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.text()).toContain('"progress":42');
    // One read per pushed change (the update above is the test's own query).
    expect(queries()).toBeLessThanOrEqual(2);

    await db.updateTable("generations").set({ status: "succeeded" }).where("id", "=", user.generationId).execute();
    emitGenerationProgress(user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.text()).toContain("event: done");
    expect(stream.ended()).toBe(true);
  });

  it("a cancel from the page server reaches the stream at once", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localWorker();
    const user = await userWithGeneration();
    const stream = await openStream(user.cookie, user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    await cancelGeneration(db, user.siteId, user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.text()).toContain("event: error");
    expect(stream.text()).toContain('"status":"cancelled"');
    expect(stream.ended()).toBe(true);
  });

  it("still notices a change nobody announced, with the slow safety poll", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localWorker();
    const user = await userWithGeneration();
    const stream = await openStream(user.cookie, user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    await db.updateTable("generations").set({ progress: 77 }).where("id", "=", user.generationId).execute();
    await vi.advanceTimersByTimeAsync(STREAM_LIMITS.safetyPollMs + 10);
    expect(stream.text()).toContain('"progress":77');
    stream.abort();
  });

  it("without a local worker (a read replica) it polls, slowly", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const user = await userWithGeneration();
    const stream = await openStream(user.cookie, user.generationId);
    await vi.advanceTimersByTimeAsync(0);
    const queries = countGenerationQueries();
    await db.updateTable("generations").set({ progress: 55 }).where("id", "=", user.generationId).execute();
    await vi.advanceTimersByTimeAsync(STREAM_LIMITS.remotePollMs + 10);
    expect(stream.text()).toContain('"progress":55');
    expect(STREAM_LIMITS.remotePollMs).toBeGreaterThanOrEqual(1_000);
    expect(queries()).toBeLessThanOrEqual(3);
    stream.abort();
  });

  it(`allows ${MAX_STREAMS_PER_USER} streams per user, refuses more with 429, and frees a slot when a client leaves`, async () => {
    localWorker();
    const user = await userWithGeneration();
    const other = await userWithGeneration();
    const open: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) open.push(await openStream(user.cookie, user.generationId));
    expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_USER).fill(200));

    const refused = await openStream(user.cookie, user.generationId);
    expect(refused.status).toBe(429);
    expect(await refused.response.text()).toBe(TOO_MANY_STREAMS);
    expect(refused.response.headers.get("Retry-After")).toBe("30");
    // Another user is not affected.
    const theirs = await openStream(other.cookie, other.generationId);
    expect(theirs.status).toBe(200);

    open[0]!.abort();
    await vi.waitFor(async () => {
      const again = await openStream(user.cookie, user.generationId);
      expect(again.status).toBe(200);
      open.push(again);
    });
    for (const s of [...open, theirs]) s.abort();
  });

  it("ends a stream with no progress for a while, tells the browser to come back slowly, and frees its slot", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localWorker();
    const user = await userWithGeneration();
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) streams.push(await openStream(user.cookie, user.generationId));
    await vi.advanceTimersByTimeAsync(STREAM_LIMITS.idleMs - 1_000);
    expect(streams[0]!.ended()).toBe(false);
    expect(streams[0]!.text()).toContain(": heartbeat");

    await vi.advanceTimersByTimeAsync(2_000);
    for (const s of streams) expect(s.ended()).toBe(true);
    expect(streams[0]!.text()).toMatch(/retry: 60000\n\n$/);
    expect((await openStream(user.cookie, user.generationId)).status).toBe(200);
  });

  it("ends a stream past its maximum age even while progress keeps coming", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    localWorker();
    const user = await userWithGeneration();
    const stream = await openStream(user.cookie, user.generationId);
    const step = STREAM_LIMITS.idleMs / 2;
    for (let elapsed = 0, progress = 1; elapsed <= STREAM_LIMITS.maxAgeMs; elapsed += step, progress++) {
      await db.updateTable("generations").set({ progress }).where("id", "=", user.generationId).execute();
      emitGenerationProgress(user.generationId);
      await vi.advanceTimersByTimeAsync(step);
    }
    expect(stream.ended()).toBe(true);
  });
});
