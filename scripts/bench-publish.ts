// npm run bench:publish: publishes 1,000 articles (a table, links and two stored
// images each) to the fake WordPress with 100 ms latency per request, through the
// real engine and job worker (publish lane), and prints throughput, p95 time per
// publication, duplicates and how close it came to the per-host limit
// (4 concurrent requests / 100 ms = 40 requests/s). Goal: ≥ 80 % of that, 0 duplicates.
// BENCH_ARTICLES=200 for a shorter run; BENCH_LATENCY_MS to change the latency.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { percentile, startWordPressProcess } from "./bench-wordpress";
import { exitWhenDone } from "./lib/exit-when-done";

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 100);

// Before anything reads the environment: a fresh data directory and database, quiet logs, the fake let through the guard.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-publish-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";

// The fake WordPress runs in its own process, as a customer's server would: its work does not share the engine's event loop.
const fake = await startWordPressProcess(LATENCY_MS);
const fakeStats = async () =>
  (await (await fetch(`${fake.url}/__fake/stats`)).json()) as {
    requests: number;
    maxConcurrentRequests: number;
    busyMs: number;
    connections: number;
  };
const fakePosts = async () => (await (await fetch(`${fake.url}/__fake/posts`)).json()) as unknown[];
process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;

const { getDb, closeDb } = await import("#app/db/client.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { connectPlatform } = await import("#app/modules/publishing/connect.server");
const { requestPublication } = await import("#app/modules/publishing/publish.server");
const { saveImage } = await import("#app/modules/uploads/images.server");
const { jobRegistry } = await import("#app/worker/registry.server");
const { jobsOfLane, startWorker } = await import("#app/modules/jobs/runner.server");
const { workerOptions } = await import("#app/worker/worker.server");
const { HOST_CONCURRENCY } = await import("#app/modules/publishing/http.server");
const { newId } = await import("#app/utils/crypto.server");
const { isoNow } = await import("#app/utils/time");

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mP8z8BQz0AEYBxVSF+FAP5FDvcfRYWgAAAAAElFTkSuQmCC",
  "base64",
);

const db = getDb();
try {
  await migrateToLatest(db);
  const account = await createAccount(db, { email: "bench@example.com", passwordHash: null, fullName: "Bench", emailVerified: true });
  const tenant = { siteId: account.siteId, userId: account.userId };
  const { connection } = await connectPlatform(db, tenant, "wordpress", { siteUrl: fake.url, secret: fake.credentials, options: {} });

  console.log(`Seeding ${ARTICLES} articles with two stored images each…`);
  const articleIds: string[] = [];
  for (let i = 0; i < ARTICLES; i++) {
    const id = newId();
    const cover = `/${(await saveImage("article", id, PNG)).storedPath}`;
    const chart = `/${(await saveImage("article", id, PNG)).storedPath}`;
    const now = isoNow();
    await db
      .insertInto("articles")
      .values({
        id,
        site_id: account.siteId,
        author_id: account.userId,
        topic_id: null,
        title: `Cold brew, part ${i + 1}`,
        slug: `cold-brew-part-${i + 1}`,
        status: "draft",
        meta_description: `Part ${i + 1} of the cold brew guide.`,
        target_keyword: "cold brew",
        featured_image: cover,
        content_html:
          `<p>Start with <a href="https://example.com/beans">coarse beans</a>.</p><img src="${cover}" alt="A jar of cold brew">` +
          `<table><thead><tr><th>Beans</th><th>Water</th></tr></thead><tbody><tr><td>100 g</td><td>1 l</td></tr></tbody></table>` +
          `<img src="${chart}" alt="Steeping time chart"><p>See <a href="https://example.com/grinders">grinders</a> and part ${i}.</p>`,
        created_at: now,
        updated_at: now,
      })
      .execute();
    articleIds.push(id);
  }

  // The real publish job, timed per attempt (claim to outcome).
  const attemptMs: number[] = [];
  const publish = jobRegistry["publish-article"];
  const timed = {
    ...publish,
    run: async (...args: Parameters<typeof publish.run>) => {
      const started = performance.now();
      try {
        await publish.run(...args);
      } finally {
        attemptMs.push(performance.now() - started);
      }
    },
  };
  const registry = jobsOfLane({ ...jobRegistry, "publish-article": timed }, "publish");
  const options = workerOptions();
  const before = await fakeStats();

  console.log(`Publishing (worker: lease ${options.leaseMs} ms, poll ${options.pollMs} ms)…`);
  const worker = startWorker(db, registry, options);
  const started = performance.now();
  const requestedAt = new Map<string, number>();
  for (const articleId of articleIds) {
    const publication = await requestPublication(db, tenant, { articleId, connectionId: connection.id, mode: "draft", scheduleAt: null });
    requestedAt.set(publication.id, performance.now());
    worker.notify();
  }

  // Watch the records: each publication's moment of 'published' (or failed) as the bench sees it.
  const doneAt = new Map<string, number>();
  let lastReport = performance.now();
  while (doneAt.size < ARTICLES) {
    const rows = await db.selectFrom("publications").select(["id", "status"]).where("status", "in", ["published", "failed"]).execute();
    const now = performance.now();
    for (const row of rows) if (!doneAt.has(row.id)) doneAt.set(row.id, now);
    if (now - lastReport > 10_000) {
      console.log(`  ${doneAt.size}/${ARTICLES} after ${((now - started) / 1000).toFixed(0)} s`);
      lastReport = now;
    }
    if (doneAt.size < ARTICLES) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const elapsedS = (performance.now() - started) / 1000;
  await worker.stop();

  const rows = await db.selectFrom("publications").select(["id", "status", "remote_id", "last_error"]).execute();
  const published = rows.filter((r) => r.status === "published");
  const failed = rows.filter((r) => r.status === "failed");
  const remotePosts = await fakePosts();
  const after = await fakeStats();
  const requests = after.requests - before.requests;
  const busyMs = after.busyMs - before.busyMs;
  const requestsPerS = requests / elapsedS;
  const ceiling = HOST_CONCURRENCY * (1000 / LATENCY_MS);
  const perPublication = [...doneAt].map(([id, at]) => at - requestedAt.get(id)!);
  const distinctRemote = new Set(published.map((r) => r.remote_id)).size;

  console.log("");
  console.log(`Publications:            ${published.length} published, ${failed.length} failed of ${ARTICLES}`);
  if (failed.length) console.log(`  first failure: ${failed[0]!.last_error}`);
  console.log(`Wall time:               ${elapsedS.toFixed(1)} s`);
  console.log(`Throughput:              ${(published.length / elapsedS).toFixed(2)} publications/s, ${requestsPerS.toFixed(1)} requests/s`);
  console.log(`Requests per publication: ${(requests / ARTICLES).toFixed(1)}`);
  console.log(
    `Per publication:         p50 ${(percentile(perPublication, 50) / 1000).toFixed(1)} s, p95 ${(percentile(perPublication, 95) / 1000).toFixed(1)} s from request to published` +
      ` (all ${ARTICLES} requested at once); one attempt p50 ${percentile(attemptMs, 50).toFixed(0)} ms, p95 ${percentile(attemptMs, 95).toFixed(0)} ms`,
  );
  console.log(
    `Duplicates:              ${remotePosts.length - published.length} (remote posts ${remotePosts.length}, distinct remote ids ${distinctRemote})`,
  );
  console.log(`Max concurrent requests: ${after.maxConcurrentRequests} (limit ${HOST_CONCURRENCY})`);
  console.log(`Connections opened:      ${after.connections - before.connections} for ${requests} requests (keep-alive reuses them)`);
  // Why the figure is what it is: how full the 4 slots were, and how long each request really took (latency + everything else).
  console.log(
    `Host slots busy:         ${((busyMs / (HOST_CONCURRENCY * elapsedS * 1000)) * 100).toFixed(1)} % of the time; a request took ${(busyMs / requests).toFixed(1)} ms on average at the fake (latency ${LATENCY_MS} ms)`,
  );
  console.log(
    `Per-host limit:          ${((requestsPerS / ceiling) * 100).toFixed(1)} % of ${ceiling} requests/s (${HOST_CONCURRENCY} concurrent / ${LATENCY_MS} ms); goal ≥ 80 %`,
  );
  const ok = failed.length === 0 && remotePosts.length === published.length && after.maxConcurrentRequests <= HOST_CONCURRENCY;
  process.exitCode = ok ? 0 : 1;
} finally {
  await closeDb();
  fake.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
