// The results page's render time: its loader's work (loadResultsPage, the same read model) and the React
// component rendered to HTML on the server, N times, with p50 and p95. measureResultsPageRender is the hook
// npm run bench:results calls after its import; run directly (tsx scripts/bench-results-render.ts) it seeds a
// site of 10,000 article pages with 16 months of figures itself and prints the render times per range and the
// articles list sorted by clicks. Run it with NODE_ENV=production, as the server runs: React's development
// build renders the same page about eight times slower.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { inTransaction, openDatabase, type DB } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { listArticlePage } from "#app/modules/articles/queries.server";
import { articleListClicks } from "#app/modules/results/metrics.server";
import { loadResultsPage } from "#app/modules/results/page.server";
import type { ResultsRange } from "#app/modules/results/ranges";
import { dayNumber } from "#app/modules/search-console/types";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import ResultsPage from "#app/routes/dashboard/results/route";
import { newId } from "#app/utils/crypto.server";
import { seedSearchFigures } from "#tests/support/search-figures";
import { exitWhenDone } from "./lib/exit-when-done";

/** first: the first render of the site's current figures (the site-wide sums computed, not yet kept in memory). */
export type RenderTimes = { runs: number; p50: number; p95: number; first: number; htmlBytes: number };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timeRuns(runs: number, warmup: number, once: () => Promise<number>) {
  const started = performance.now();
  await once();
  const first = performance.now() - started;
  for (let i = 1; i < warmup; i++) await once();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = await once();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { runs, p50: percentile(times, 50), p95: percentile(times, 95), first, htmlBytes: bytes };
}

/** Loads and renders /dashboard/results for a site `runs` times (after a few warm-up renders); milliseconds. */
export async function measureResultsPageRender(
  db: DB,
  siteId: string,
  { runs = 50, range = "28d" }: { runs?: number; range?: ResultsRange } = {},
): Promise<RenderTimes> {
  const site = await db.selectFrom("sites").select("name").where("id", "=", siteId).executeTakeFirstOrThrow();
  return timeRuns(runs, 3, async () => {
    const results = await loadResultsPage(db, siteId, range);
    const props = { loaderData: { siteName: site.name, results } } as unknown as Parameters<typeof ResultsPage>[0];
    const html = renderToString(createElement(MemoryRouter, null, createElement(ResultsPage, props)));
    return html.length;
  });
}

async function main() {
  const PAGES = 10_000;
  const DAYS = 486;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-results-"));
  const { db, sqlite } = openDatabase(path.join(dir, "bench.sqlite"));
  try {
    await migrateToLatest(db);
    const owner = await createAccount(db, { email: "bench@example.com", passwordHash: null, fullName: "Bench", emailVerified: true });
    const ids: string[] = [];
    const rows = Array.from({ length: PAGES }, (_, i) => {
      const id = newId();
      ids.push(id);
      const at = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
      return { id, site_id: owner.siteId, title: `Article ${i}`, slug: id, status: "published" as const, created_at: at, updated_at: at };
    });
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("articles")
          .values(rows.slice(i, i + 500))
          .execute();
    });
    const seedStart = performance.now();
    // Most pages of a large site have impressions on some days only: about a third of the (page, day) cells.
    await seedSearchFigures(db, {
      siteId: owner.siteId,
      articleIds: ids,
      days: DAYS,
      newest: dayNumber("2026-11-24"),
      density: 0.3,
      queriesPerArticle: 1,
      queryDensity: 0.3,
    });
    sqlite.exec("ANALYZE");
    const count = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    console.log(
      `Seeded ${PAGES} pages in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${count("search_page_days")} page-day rows, ${count("search_page_query_weeks")} page-query-week rows, ${(fs.statSync(path.join(dir, "bench.sqlite")).size / 1e6).toFixed(0)} MB`,
    );
    for (const range of ["28d", "3m", "16m"] as const) {
      const t = await measureResultsPageRender(db, owner.siteId, { runs: range === "16m" ? 10 : 40, range });
      console.log(
        `Results page ${range}: first render ${t.first.toFixed(0)} ms, then p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${t.runs} runs, ${(t.htmlBytes / 1024).toFixed(0)} KB HTML)`,
      );
    }
    const list = await timeRuns(40, 3, async () => {
      const page = await listArticlePage(db, owner.siteId, { sort: "clicks" });
      await articleListClicks(
        db,
        owner.siteId,
        page.items.map((a) => a.id),
      );
      return 0;
    });
    console.log(
      `Articles list sorted by clicks, with the clicks column: p50 ${list.p50.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms (first ${list.first.toFixed(0)} ms)`,
    );
    const plain = await timeRuns(40, 3, async () => {
      const page = await listArticlePage(db, owner.siteId, {});
      await articleListClicks(
        db,
        owner.siteId,
        page.items.map((a) => a.id),
      );
      return 0;
    });
    console.log(`Articles list (newest first) with the clicks column: p50 ${plain.p50.toFixed(1)} ms, p95 ${plain.p95.toFixed(1)} ms`);
  } finally {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

exitWhenDone();
