// npm run bench:pages: the signed-in dashboard under load (docs/decisions/053). Expects `npm run build`
// (BUILD_DIR honoured); starts the built server in production mode on a fresh temporary database, inserts
// BENCH_ARTICLES articles (10,000 by default) directly on one site, without stored SEO scores, signs 10
// sessions in and drives every dashboard page with 10 users at once for BENCH_DURATION seconds (8) each, after
// 2 s of the same load unmeasured (warm code, as a running server has).
// Prints p50 / p97.5 / max per page and the server's main-thread CPU per request, then /healthz during 40
// parallel form posts. Goals: p97.5 under 150 ms on every page, /healthz under 100 ms. Every figure is also given
// as a multiple of a fixed reference workload timed in the same run (×ref, scripts/lib/reference-workload.ts), so
// runs on machines of different speeds compare.
import { percentile } from "./bench-wordpress";
import { dashboardPages, healthzDuringPosts, measurePages, seedSite, signInSessions, startBenchServer } from "./lib/dashboard-load";
import { exitWhenDone } from "./lib/exit-when-done";
import { timeReferenceWorkload, timesReference } from "./lib/reference-workload";

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const USERS = 10;
const POSTS = 40;
// The job worker runs as in production, so background work (rescoring, the queue) costs what it costs.
const server = await startBenchServer({ env: { RUN_WORKER: process.env.BENCH_RUN_WORKER ?? "true" } });
try {
  const site = await seedSite(server.db, ARTICLES);
  const cookies = await signInSessions(server.db, site.userId, server.url, USERS);
  const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : await dashboardPages();

  console.log(`${ARTICLES.toLocaleString("en-US")} articles on one site, ${USERS} users at once, ${DURATION_S} s per page\n`);
  const figures = await measurePages(server, cookies, pages, { connections: USERS, durationS: DURATION_S });
  // Timed after the load, on the same machine in the same minute: the figures' yardstick.
  const ref = timeReferenceWorkload();
  const rows = [
    [
      "page",
      "req",
      "req/s",
      "p50 ms",
      "p97.5 ms",
      "p97.5 ×ref",
      "max ms",
      "non-2xx",
      "main CPU ms/req",
      "main CPU ×ref",
      "all threads ms/req",
    ],
  ];
  for (const f of figures) {
    rows.push([
      f.page,
      String(f.requests),
      f.rps.toFixed(1),
      String(f.p50),
      String(f.p975),
      timesReference(f.p975, ref),
      String(f.max),
      String(f.non2xx),
      f.mainCpuMs.toFixed(1),
      timesReference(f.mainCpuMs, ref),
      f.processCpuMs.toFixed(1),
    ]);
  }
  printTable(rows);
  console.log(`\nReference workload: ${ref.toFixed(1)} ms on this machine now (×ref = a figure divided by it)`);
  const worst = figures.reduce((a, b) => (b.p975 > a.p975 ? b : a));
  const total = figures.reduce((sum, f) => sum + f.requests, 0);
  const meanCpu = figures.reduce((sum, f) => sum + f.mainCpuMs * f.requests, 0) / Math.max(total, 1);
  console.log(
    `Worst p97.5: ${worst.p975} ms, ${timesReference(worst.p975, ref)} (${worst.page}); goal under 150 ms: ${worst.p975 < 150 ? "met" : "NOT met"}`,
  );
  console.log(`Main-thread CPU per request over all pages: ${meanCpu.toFixed(1)} ms, ${timesReference(meanCpu, ref)}`);

  const health = await healthzDuringPosts(server, cookies[0]!, { posts: POSTS, durationS: DURATION_S });
  const p975 = percentile(health.samples, 97.5);
  console.log(
    `\n/healthz during ${POSTS} parallel form posts (${health.posts} posts: ${JSON.stringify(health.answered)}): ` +
      `p50 ${percentile(health.samples, 50).toFixed(1)} ms, p97.5 ${p975.toFixed(1)} ms (${timesReference(p975, ref)}), max ${Math.max(...health.samples).toFixed(1)} ms ` +
      `over ${health.samples.length} probes; goal under 100 ms: ${p975 < 100 ? "met" : "NOT met"}; ` +
      `server main thread busy ${(health.mainThreadBusy * 100).toFixed(0)} % of the time`,
  );
} finally {
  await server.stop();
}

function printTable(rows: string[][]) {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => (row[col] ?? "").length)));
  for (const row of rows)
    console.log(row.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join("  "));
}

exitWhenDone();
