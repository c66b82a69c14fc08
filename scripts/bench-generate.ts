/**
 * npm run bench:generate — times the whole generation pipeline for a medium
 * article against the fake OpenAI-compatible server answering at a fixed
 * latency and token rate, in-process on a temporary database, and prints wall
 * time, the critical path of model calls, the sequential sum of the same calls
 * and the pipeline's own overhead (wall time not spent waiting on the model).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exitWhenDone } from "./lib/exit-when-done";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-"));
Object.assign(process.env, {
  NODE_ENV: "test",
  DATA_DIR: dir,
  DATABASE_PATH: path.join(dir, "bench.sqlite"),
  LOG_LEVEL: "silent",
  RUN_WORKER: "false",
  OPENAI_API_KEY: "sk-bench",
  OPENAI_MODEL: "fake-model",
});

const PACE = { latencyMs: 150, tokensPerSecond: 400, imageMs: 600 };
const KEYWORD = "content marketing";

const { startFakeOpenAi } = await import("../tests/fakes/openai");
const { armArticleAnswers } = await import("../tests/fakes/article-answers");
const fake = await startFakeOpenAi({ apiKey: "sk-bench" });
process.env.OPENAI_BASE_URL = fake.baseURL;
armArticleAnswers(fake, KEYWORD);
fake.hooks.pace = PACE;

const { getDb, closeDb } = await import("#app/db/client.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { startGeneration } = await import("#app/modules/generation/service.server");
const { runPipeline } = await import("#app/modules/generation/pipeline.server");
const { stopCpuPool } = await import("#app/modules/cpu/pool.server");
const { getGenerationAi } = await import("#app/modules/ai/providers.server");

const db = getDb();
await migrateToLatest(db);
const account = await createAccount(db, { email: "bench@example.com", passwordHash: null, emailVerified: true });
await db
  .updateTable("brand_settings")
  .set({
    brand_name: "Northwind",
    internal_links: JSON.stringify(["https://northwind.example/a", "https://northwind.example/b", "https://northwind.example/c"]),
  })
  .where("site_id", "=", account.siteId)
  .execute();
const { generationId } = await startGeneration(db, { ...account, keyword: KEYWORD });

type Call = { name: string; startedAt: number; endedAt: number };
const calls: Call[] = [];
// The providers load before the clock starts: the first getGenerationAi() of a process imports the OpenAI SDK and
// its writer (200-360 ms here, transpiled by tsx), once per process and not the pipeline's work; timed inside,
// it was most of the 'overhead' this bench printed (docs/decisions/053).
const ai = await getGenerationAi();
const started = performance.now();
await runPipeline(db, account.siteId, generationId, { ...ai, onCall: (c) => calls.push(c) });
const wall = performance.now() - started;

// The dependency graph: the outline first, then every other call depends only on it.
const outline = calls.find((c) => c.name === "article_outline")!;
const rest = calls.filter((c) => c !== outline);
const duration = (c: Call) => c.endedAt - c.startedAt;
const criticalPath = duration(outline) + Math.max(...rest.map(duration));
const sequential = calls.reduce((sum, c) => sum + duration(c), 0);
// Time with at least one model call in flight; the rest is the pipeline's own work.
const intervals = calls.map((c) => [c.startedAt, c.endedAt] as const).sort((a, b) => a[0] - b[0]);
let waiting = 0;
let [from, to] = intervals[0]!;
for (const [s, e] of intervals.slice(1)) {
  if (s > to) {
    waiting += to - from;
    [from, to] = [s, e];
  } else to = Math.max(to, e);
}
waiting += to - from;
const overhead = wall - waiting;

const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(`Fake model: ${PACE.latencyMs} ms to first token, ${PACE.tokensPerSecond} tokens/s, images ${PACE.imageMs} ms`);
console.log(`Model calls:                 ${calls.length} (${calls.map((c) => c.name).join(", ")})`);
console.log(`Wall time:                   ${ms(wall)}`);
console.log(`Critical path of calls:      ${ms(criticalPath)} (outline ${ms(duration(outline))} + longest dependent call)`);
console.log(`Wall / critical path:        ${(wall / criticalPath).toFixed(2)}  (goal ≤ 1.20)`);
console.log(`Same calls one after another: ${ms(sequential)}  → ${(sequential / wall).toFixed(1)}× faster (goal ≥ 3×)`);
console.log(`Pipeline overhead:           ${ms(overhead)}  (goal < 150 ms)`);

await fake.close();
await stopCpuPool();
await closeDb();
fs.rmSync(dir, { recursive: true, force: true });

exitWhenDone();
