// npm run bench:articles: seeds 10,000 articles into a temporary SQLite database
// and times the articles list's queries (the dashboard loader's query set), printing
// the median and p95 per scenario. Goal: median under 20 ms for the default list.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { getUsageSummary } from "#app/modules/articles/quota.server";
import { listArticlePage, type ArticleListQuery } from "#app/modules/articles/queries.server";
import { createAccount } from "#app/modules/workspaces/accounts.server";
import { newId } from "#app/utils/crypto.server";
import { exitWhenDone } from "./lib/exit-when-done";

const ARTICLES = 10_000;
const RUNS = 200;
const WARMUP = 20;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-articles-"));
const { db, sqlite } = openDatabase(path.join(dir, "bench.sqlite"));

try {
  await migrateToLatest(db);
  const owner = await createAccount(db, { email: "bench@example.com", passwordHash: null, fullName: "Bench Owner", emailVerified: true });
  const mate = await createAccount(db, { email: "mate@example.com", passwordHash: null, fullName: "Team Mate", emailVerified: true });
  // A second site with as many articles, so the site filter has work to do.
  const other = await createAccount(db, { email: "other@example.com", passwordHash: null, emailVerified: true });

  const statuses = ["draft", "draft", "draft", "published", "published", "scheduled", "failed"] as const;
  const insert = sqlite.prepare(
    "INSERT INTO articles (id, site_id, author_id, title, slug, target_keyword, status, content_html, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const body = "<p>" + "Lorem ipsum dolor sit amet. ".repeat(300) + "</p>";
  const start = Date.UTC(2024, 0, 1);
  sqlite.transaction(() => {
    for (const site of [owner, other]) {
      for (let i = 0; i < ARTICLES; i++) {
        const id = newId();
        const at = new Date(start + i * 37 * 60_000).toISOString();
        const author = site === owner && i % 3 === 0 ? mate.userId : site.userId;
        insert.run(
          id,
          site.siteId,
          author,
          `Article ${i} about topic ${i % 97}`,
          id,
          `keyword ${i % 113}`,
          statuses[i % statuses.length],
          body,
          at,
          at,
        );
      }
    }
  })();
  sqlite.exec("ANALYZE");

  const scenarios: Array<[string, ArticleListQuery]> = [
    ["All, page 1 (the default list)", {}],
    ["Draft tab, page 1", { status: "draft" }],
    ["All, oldest first", { sort: "oldest" }],
    ["All, page 250 (deep offset)", { page: 250 }],
    ["Search 'topic 42'", { search: "topic 42" }],
  ];

  console.log(`articles list over ${ARTICLES.toLocaleString("en-US")} articles per site, ${RUNS} runs each (after ${WARMUP} warm-up)\n`);
  for (const [label, query] of scenarios) {
    const times: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const t0 = performance.now();
      const page = await listArticlePage(db, owner.siteId, query);
      const elapsed = performance.now() - t0;
      if (run === 0 && page.items.length === 0) throw new Error(`${label}: no rows`);
      if (run >= WARMUP) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.floor(times.length * 0.95)]!;
    console.log(`${label.padEnd(34)} median ${median.toFixed(2).padStart(6)} ms   p95 ${p95.toFixed(2).padStart(6)} ms`);
  }

  // The loader also reads the trial/usage state: time the whole loader query set.
  const times: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const t0 = performance.now();
    await listArticlePage(db, owner.siteId, {});
    await db.selectFrom("sites").select("timezone").where("id", "=", owner.siteId).executeTakeFirst();
    await getUsageSummary(db, owner.workspaceId, owner.siteId);
    if (run >= WARMUP) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${"Whole loader query set".padEnd(34)} median ${median.toFixed(2).padStart(6)} ms   (goal < 20 ms: ${median < 20 ? "met" : "NOT met"})`,
  );
} finally {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
