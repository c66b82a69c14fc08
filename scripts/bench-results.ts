// npm run bench:results: a site with 10,000 published articles (seeded directly) connected to the fake Search
// Console at realistic latency (150-300 ms a call) holding 16 months of data for those pages (about 200,000
// page-query-week rows); runs the real import (real client, real database) and prints wall time, API calls by
// kind, rows stored per table, database growth in bytes and per table, then a second (daily) run. Functions in
// `afterImport` run last on the imported database (the results page's render time).
// Each import also prints this process's peak memory while it ran (rss and heap sampled every 20 ms, and the
// process's maxRSS so far); the fake Search Console answers from the same process, so its share is included.
// BENCH_PAGES=2000 for a shorter run, 50000 for a large site (decision 065); BENCH_LATENCY_MS=150-300 to change the latency.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { type DB, openDatabase } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { importSearchResults, type ImportSummary } from "#app/modules/search-console/import.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { encryptSecret, newId } from "#app/utils/crypto.server";
import { logger } from "#app/utils/logger.server";
import { type FakeSearchPage, startSearchConsoleFake } from "#tests/fakes/search-console";
import { exitWhenDone } from "./lib/exit-when-done";

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const [LATENCY_MIN, LATENCY_MAX] = (process.env.BENCH_LATENCY_MS ?? "150-300").split("-").map(Number) as [number, number?];
const TODAY = "2026-11-20";
const NOW = new Date(`${TODAY}T20:00:00Z`);
const EMAIL = "bench@gmail.test";

// Before anything reads the environment: a fresh data directory and database, quiet logs.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-results-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";
process.env.APP_URL = "https://app.inkpilot.example";
logger.level = "silent";

/** Runs after the import on the imported database; each returns a line to print. */
type AfterImport = (db: DB, siteId: string) => Promise<string>;
const afterImport: AfterImport[] = [];
// The results page's p95 render time, once scripts/bench-results-render.ts exists.
const renderModule = path.join(import.meta.dirname, "bench-results-render.ts");
if (fs.existsSync(renderModule)) {
  const { measureResultsPageRender } = (await import(renderModule)) as {
    measureResultsPageRender: (db: DB, siteId: string) => Promise<unknown>;
  };
  afterImport.push(async (db, siteId) => `results page render: ${JSON.stringify(await measureResultsPageRender(db, siteId))}`);
}

/** Deterministic [0, 1) per page and salt. */
function rand(i: number, salt: number) {
  let h = Math.imul(i ^ 0x5bd1e995, 0x27d4eb2d) ^ salt;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h ^= h >>> 13;
  return (h >>> 0) / 4_294_967_296;
}
/** Samples this process's memory until the returned function is called; that returns the peaks in MiB. */
function sampleMemory() {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  sample();
  // What the process held before (the fake's generated property included): the import's own share is the rise above it.
  const start = { rss, heap };
  const timer = setInterval(sample, 20);
  const mib = (b: number) => (b / 1024 / 1024).toFixed(0);
  return () => {
    clearInterval(timer);
    sample();
    return (
      `peak rss ${mib(rss)} MiB (+${mib(rss - start.rss)} over the ${mib(start.rss)} before), ` +
      `peak heap ${mib(heap)} MiB (+${mib(heap - start.heap)} over ${mib(start.heap)}), process maxRSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`
    );
  };
}

const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * A long tail like a real blog's: 40% of the pages barely seen, a few doing most of the traffic; one or two
 * queries each at positions 2-27; published from 200 days before the 16 months to last week.
 */
function fakePages(): FakeSearchPage[] {
  const horizon = Math.round(Date.parse(`${TODAY}T00:00:00Z`) / 86_400_000) - 487;
  return Array.from({ length: PAGES }, (_, i) => ({
    url: `https://roaster.example/blog/post-${i}`,
    published: dateOf(horizon - 200 + Math.floor(rand(i, 1) * 680)),
    base: rand(i, 5) < 0.4 ? 0.01 : 0.05 + 14 * Math.pow(rand(i, 3), 5),
    trend: (["growing", "decaying", "flat", "flat"] as const)[Math.floor(rand(i, 4) * 4)],
    queries: Array.from({ length: 1 + Math.floor(rand(i, 2) * 2) }, (_, q) => ({
      query: `cold brew ${i} ${q}`,
      position: 2 + rand(i, 10 + q) * 25,
    })),
  }));
}

const fake = await startSearchConsoleFake({ today: TODAY, latencyMs: LATENCY_MAX ? [LATENCY_MIN, LATENCY_MAX] : LATENCY_MIN });
process.env.GOOGLE_SEARCH_CONSOLE_URL = fake.rootUrl;
process.env.GOOGLE_ISSUER = fake.url;
process.env.TEST_ALLOW_PRIVATE_HOSTS = `127.0.0.1:${fake.port}`;
const { db, sqlite } = openDatabase(process.env.DATABASE_PATH);
const bytes = () => {
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  return (sqlite.pragma("page_count", { simple: true }) as number) * (sqlite.pragma("page_size", { simple: true }) as number);
};

try {
  await migrateToLatest(db);
  const owner = await createAccount(db, { email: "owner@example.com", passwordHash: null, fullName: "Bench Owner", emailVerified: true });
  const siteId = owner.siteId;
  const connection = sqlite.prepare("SELECT id FROM cms_connections WHERE site_id = ? AND platform = 'hosted'").get(siteId) as {
    id: string;
  };

  // 10,000 published articles, each with its live publication at the customer's blog.
  const pages = fakePages();
  const insertArticle = sqlite.prepare(
    "INSERT INTO articles (id, site_id, title, slug, status, published_at, created_at, updated_at) VALUES (?, ?, ?, ?, 'published', ?, ?, ?)",
  );
  const insertPublication = sqlite.prepare(
    `INSERT INTO publications (id, site_id, article_id, connection_id, mode, status, marker, remote_url, correlation_id, published_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'live', 'published', ?, ?, 'bench', ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    pages.forEach((page, i) => {
      const id = newId();
      const at = `${page.published}T09:00:00.000Z`;
      insertArticle.run(id, siteId, `Post ${i}`, `post-${i}`, at, at, at);
      // Half were published with a trailing slash or on www.: the import must still find them.
      const url = i % 4 === 0 ? `${page.url}/` : i % 4 === 1 ? page.url.replace("https://", "https://www.") : page.url;
      insertPublication.run(newId(), siteId, id, connection.id, id, url, at, at, at);
    });
  })();

  fake.registerProperty({ siteUrl: "sc-domain:roaster.example", access: { [EMAIL]: "siteOwner" }, pages });
  fake.registerToken("bench-access-token", EMAIL, { expiresInSeconds: 86_400 });
  const now = new Date().toISOString();
  await db
    .insertInto("search_console_connections")
    .values({
      site_id: siteId,
      workspace_id: owner.workspaceId,
      google_email: EMAIL,
      property: "sc-domain:roaster.example",
      refresh_token: encryptSecret("bench-refresh-token", { aad: `search-console:${siteId}:refresh` }),
      access_token: encryptSecret("bench-access-token", { aad: `search-console:${siteId}:access` }),
      access_token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: now,
      updated_at: now,
    })
    .execute();
  sqlite.exec("ANALYZE");

  const latency = LATENCY_MAX ? `${LATENCY_MIN}-${LATENCY_MAX}` : String(LATENCY_MIN);
  console.log(
    `bench:results: ${PAGES.toLocaleString("en-US")} published articles, fake Search Console at ${latency} ms a call, today ${TODAY}\n`,
  );
  const before = bytes();

  const report = async (label: string, run: () => Promise<ImportSummary>) => {
    fake.reset();
    globalThis.gc?.();
    const memory = sampleMemory();
    const t0 = performance.now();
    const summary = await run();
    const seconds = (performance.now() - t0) / 1000;
    const calls = summary.calls;
    console.log(`${label}: ${summary.outcome} in ${seconds.toFixed(1)} s`);
    console.log(`  memory: ${memory()}`);
    console.log(
      `  API calls: ${calls.byDate} by date, ${calls.byPage} by page, ${calls.byPageQuery} by page and query, ${calls.byQuery} by query` +
        ` (${calls.byDate + calls.byPage + calls.byPageQuery + calls.byQuery} in all; ${calls.backoffs} quota waits; fake saw ${JSON.stringify(fake.counters)})`,
    );
    console.log(
      `  rows fetched: ${summary.rows.siteDays} site days, ${summary.rows.pageDays} page days, ${summary.rows.pageQueryWeeks} page-query weeks, ${summary.rows.queryWeeks} query weeks`,
    );
  };

  await report("first import (16 months)", () => importSearchResults(db, siteId, { now: NOW }));
  const after = bytes();

  console.log("\nrows stored:");
  for (const table of [
    "search_pages",
    "search_queries",
    "search_site_days",
    "search_page_days",
    "search_page_query_weeks",
    "search_query_weeks",
  ]) {
    const { n } = sqlite.prepare(`SELECT count(*) n FROM ${table}`).get() as { n: number };
    console.log(`  ${table.padEnd(24)} ${n.toLocaleString("en-US").padStart(10)}`);
  }
  const mapped = sqlite.prepare("SELECT count(*) n FROM search_pages WHERE article_id IS NOT NULL").get() as { n: number };
  console.log(`  pages mapped to an article: ${mapped.n.toLocaleString("en-US")}`);

  console.log(`\ndatabase growth: ${(after - before).toLocaleString("en-US")} bytes (${((after - before) / 1024 / 1024).toFixed(1)} MiB)`);
  try {
    const perTable = await sql<{
      name: string;
      size: number;
    }>`SELECT name, sum(pgsize) size FROM dbstat WHERE name LIKE 'search_%' GROUP BY name ORDER BY size DESC`.execute(db);
    for (const t of perTable.rows) console.log(`  ${t.name.padEnd(36)} ${(t.size / 1024 / 1024).toFixed(1).padStart(7)} MiB`);
  } catch {
    console.log("  (no dbstat in this SQLite build: sizes per table not shown)");
  }

  fake.setToday("2026-11-21");
  await report("\nnext day's import (3 revised days + 1 new)", () =>
    importSearchResults(db, siteId, { now: new Date(NOW.getTime() + 86_400_000) }),
  );

  if (afterImport.length) console.log("");
  for (const hook of afterImport) console.log(await hook(db, siteId));
} finally {
  await fake.close();
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
