// npm run bench:research: what research costs against the DataForSEO fake at realistic latency (SERP live 2-6 s,
// DataForSEO's documented average being up to 6 s; Labs about 1 s; result pages 200-800 ms; BENCH_LATENCY_SCALE
// scales them all). A fresh site on a fresh database with the coffee roaster fixture:
// 1. the plan's research on day 0: keyword ideas for the site's seeds, keyword data for the candidates and the
//    seeds, and the search results of every candidate (four at a time); 30 keywords are kept, no two sharing more
//    than half of their top 10 (a stand-in for the planner until it is merged);
// 2. each of the 30 articles' research on its own day of the month (day 0 to 29): search results, keyword data and
//    the top 5 result pages.
// Prints per article the provider calls, pages fetched and wall time, and the cache hit rate over the month.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const SCALE = Number(process.env.BENCH_LATENCY_SCALE ?? 1);
const PLAN_DAYS = 30;
const SERP_CONCURRENCY = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-research-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";

const { RESEARCH_FIXTURES } = await import("#app/modules/research/fixtures");
const { startFakeDataForSeo } = await import("#tests/fakes/dataforseo");
const scaled = (min: number, max: number): [number, number] => [min * SCALE, max * SCALE];
const fake = await startFakeDataForSeo({
  fixtures: [RESEARCH_FIXTURES.coffee],
  rewriteResultUrls: true,
  latencyMs: { serp: scaled(2000, 6000), labs: scaled(800, 1200), pages: scaled(200, 800) },
});
Object.assign(process.env, {
  DATAFORSEO_LOGIN: fake.login,
  DATAFORSEO_PASSWORD: fake.password,
  DATAFORSEO_API_URL: fake.url,
  TEST_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${fake.port}`,
});

const { getDb, closeDb } = await import("#app/db/client.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { DEMO_SCAN, DEMO_TOPICS } = await import("#app/modules/demo/brand");
const { getResearchProvider } = await import("#app/modules/research/provider.server");
const { keywordDataFor, keywordIdeasFor, newCounters, serpFor } = await import("#app/modules/research/cache.server");
const { resultPagesFor } = await import("#app/modules/research/result-pages.server");
const { limiter } = await import("#app/utils/limiter");

type Counters = ReturnType<typeof newCounters>;
const add = (into: Counters, from: Counters) => {
  into.providerCalls += from.providerCalls;
  into.cacheHits += from.cacheHits;
  into.pagesFetched += from.pagesFetched;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const db = getDb();
try {
  await migrateToLatest(db);
  const provider = getResearchProvider();
  if (!provider) throw new Error("The research provider is not configured.");
  const { siteId } = await createAccount(db, {
    email: "bench-research@example.com",
    passwordHash: null,
    fullName: "Bench",
    emailVerified: true,
  });
  const T0 = new Date();
  const month = newCounters();

  // 1. The plan's research (day 0).
  const planCounters = newCounters();
  const planStart = performance.now();
  const seeds = [...DEMO_SCAN.tags, ...DEMO_TOPICS.flatMap((t) => t.keywords)];
  const ideas = await keywordIdeasFor(db, siteId, provider, seeds, { now: T0, counters: planCounters, limit: 100 });
  const candidates = ideas.map((i) => i.keyword);
  const figures = await keywordDataFor(db, siteId, provider, [...candidates, ...seeds], { now: T0, counters: planCounters });
  const pool = limiter(SERP_CONCURRENCY);
  const serps = await Promise.all(candidates.map((k) => pool(() => serpFor(db, siteId, provider, k, { now: T0, counters: planCounters }))));
  const tops = new Map(serps.map((s) => [s.keyword, new Set(s.results.map((r) => r.url))]));
  const opportunity = (k: string) => (figures.get(k)?.volume ?? 0) / ((figures.get(k)?.difficulty ?? 50) + 10);
  const chosen: string[] = [];
  for (const keyword of [...candidates].sort((a, b) => opportunity(b) - opportunity(a))) {
    const urls = tops.get(keyword)!;
    const overlaps = chosen.some((other) => [...urls].filter((u) => tops.get(other)!.has(u)).length > 5);
    if (!overlaps && chosen.length < PLAN_DAYS) chosen.push(keyword);
  }
  const planMs = performance.now() - planStart;
  add(month, planCounters);
  console.log(`Plan research (day 0): ${seeds.length} seeds, ${ideas.length} keyword ideas, ${serps.length} search results pages`);
  console.log(`  provider calls ${planCounters.providerCalls}, cache hits ${planCounters.cacheHits}, wall time ${seconds(planMs)}`);
  console.log(`  ${chosen.length} keywords kept, no two sharing more than 5 of their top 10 URLs\n`);

  // 2. Each article's research on its day of the month.
  console.log("day  keyword                                   provider calls  cache hits  pages fetched  wall time");
  const walls: number[] = [];
  for (const [day, keyword] of chosen.entries()) {
    const now = new Date(T0.getTime() + day * DAY_MS);
    const counters = newCounters();
    const started = performance.now();
    const serp = await serpFor(db, siteId, provider, keyword, { now, counters });
    await keywordDataFor(db, siteId, provider, [keyword], { now, counters });
    const pages = await resultPagesFor(db, siteId, serp, { now, counters });
    const wall = performance.now() - started;
    walls.push(wall);
    add(month, counters);
    const read = pages.filter((p) => p.headings !== null).length;
    console.log(
      `${String(day).padStart(3)}  ${keyword.padEnd(40).slice(0, 40)}  ${String(counters.providerCalls).padStart(14)}  ${String(counters.cacheHits).padStart(10)}  ${`${counters.pagesFetched} (${read} read)`.padStart(13)}  ${seconds(wall).padStart(9)}`,
    );
  }
  const sorted = [...walls].sort((a, b) => a - b);
  const pageHits = chosen.length * 5 - month.pagesFetched;
  const lookupHits = month.cacheHits - pageHits;
  const lookups = month.providerCalls + lookupHits;
  console.log(
    `\nArticles: ${chosen.length}, wall time median ${seconds(sorted[Math.floor(sorted.length / 2)] ?? 0)}, max ${seconds(sorted.at(-1) ?? 0)}`,
  );
  console.log(`Month (plan + ${chosen.length} articles): provider calls ${month.providerCalls}, pages fetched ${month.pagesFetched}`);
  console.log(
    `Cache hit rate over the 30-day plan: ${((100 * lookupHits) / Math.max(1, lookups)).toFixed(0)}% of provider lookups (${lookupHits} of ${lookups}: search results, keyword figures, ideas), ${((100 * pageHits) / Math.max(1, chosen.length * 5)).toFixed(0)}% of result pages (${pageHits} of ${chosen.length * 5})`,
  );
} finally {
  await closeDb();
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
