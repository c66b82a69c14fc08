// npm run bench:research: what research costs against the DataForSEO fake at realistic latency (SERP live 2-6 s,
// DataForSEO's documented average being up to 6 s; Labs about 1 s; result pages 200-800 ms; BENCH_LATENCY_SCALE
// scales them all). A fresh site on a fresh database with the coffee roaster fixture:
// 1. the plan on day 0 by the data-backed planner (app/modules/plan/data-planner.server.ts) on the demo site;
// 2. each of the 30 planned articles' research on its own day of the month (day 0 to 29) by the generation
//    pipeline's research step (gatherResearch): search results, keyword data, the top 5 result pages, the link check
//    of the results it may link to, the site's own pages.
// Prints per article the provider calls, pages fetched and wall time, and the cache hit rate over the month.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { exitWhenDone } from "./lib/exit-when-done";

const SCALE = Number(process.env.BENCH_LATENCY_SCALE ?? 1);
const PLAN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-research-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";

const { RESEARCH_FIXTURES } = await import("#tests/fixtures/research");
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
const { seedDemo } = await import("#app/modules/demo/seed.server");
const { generatePlan } = await import("#app/modules/plan/plan.server");
const { gatherResearch } = await import("#app/modules/generation/grounding.server");
const { getResearchProvider } = await import("#app/modules/research/provider.server");
const { newCounters } = await import("#app/modules/research/cache.server");
const { resultPagesFor } = await import("#app/modules/research/result-pages.server");
const { listSitePages } = await import("#app/modules/research/site-pages.server");

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
  const tenant = await seedDemo(db);
  const site = await db.selectFrom("sites").select(["url", "timezone"]).where("id", "=", tenant.siteId).executeTakeFirstOrThrow();
  const T0 = new Date();
  const month = newCounters();

  // 1. The plan (day 0): the data-backed planner itself, with the provider behind its cache.
  const planCounters = newCounters();
  const planStart = performance.now();
  await generatePlan(db, { id: tenant.siteId, timeZone: site.timezone }, tenant, {
    research: provider,
    now: T0,
    counters: planCounters,
  });
  const planMs = performance.now() - planStart;
  add(month, planCounters);
  const planned = await db
    .selectFrom("plan_items")
    .select(["keyword"])
    .where("site_id", "=", tenant.siteId)
    .orderBy("date")
    .limit(PLAN_DAYS)
    .execute();
  console.log(`Plan (day 0): ${planned.length} days planned by the data-backed planner`);
  console.log(`  provider calls ${planCounters.providerCalls}, cache hits ${planCounters.cacheHits}, wall time ${seconds(planMs)}\n`);

  // 2. Each article's research on its day of the month: the generation pipeline's research step itself (search results,
  // figures, the top 5 result pages, the link check of the results it may link to, the site's own pages).
  const sitePages = await listSitePages(db, tenant.siteId);
  console.log("day  keyword                                   provider calls  cache hits  pages fetched  wall time");
  const walls: number[] = [];
  for (const [day, { keyword }] of planned.entries()) {
    const now = new Date(T0.getTime() + day * DAY_MS);
    const counters = newCounters();
    const started = performance.now();
    const gathered = await gatherResearch(
      db,
      tenant.siteId,
      { keyword, correlationId: `bench-${day}`, externalWanted: 3, siteUrl: site.url, sitePages },
      { provider, resultPages: resultPagesFor, counters, now },
    );
    const wall = performance.now() - started;
    walls.push(wall);
    add(month, counters);
    const read = gathered.snapshot.pages.filter((p) => p.headings !== null).length;
    console.log(
      `${String(day).padStart(3)}  ${keyword.padEnd(40).slice(0, 40)}  ${String(counters.providerCalls).padStart(14)}  ${String(counters.cacheHits).padStart(10)}  ${`${counters.pagesFetched} (${read} read)`.padStart(13)}  ${seconds(wall).padStart(9)}`,
    );
  }
  const sorted = [...walls].sort((a, b) => a - b);
  const pageLookups = planned.length * 5;
  const pageHits = Math.max(0, pageLookups - month.pagesFetched);
  const lookupHits = Math.max(0, month.cacheHits - pageHits);
  const lookups = month.providerCalls + lookupHits;
  console.log(
    `\nArticles: ${planned.length}, research wall time median ${seconds(sorted[Math.floor(sorted.length / 2)] ?? 0)}, max ${seconds(sorted.at(-1) ?? 0)}`,
  );
  console.log(
    `Per article: ${((month.providerCalls - planCounters.providerCalls) / Math.max(1, planned.length)).toFixed(1)} provider calls, ${(month.pagesFetched / Math.max(1, planned.length)).toFixed(1)} pages fetched on average`,
  );
  console.log(`Month (plan + ${planned.length} articles): provider calls ${month.providerCalls}, pages fetched ${month.pagesFetched}`);
  console.log(
    `Cache hit rate over the 30-day plan: ${((100 * lookupHits) / Math.max(1, lookups)).toFixed(0)}% of provider lookups (${lookupHits} of ${lookups}: search results, keyword figures, ideas), ${((100 * pageHits) / Math.max(1, pageLookups)).toFixed(0)}% of result pages (${pageHits} of ${pageLookups})`,
  );
} finally {
  await closeDb();
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
