// npm run bench:plan: the content plan page's data (getPlanView) on a site of 10,000 articles with 30 planned days,
// against a real SQLite file in a temporary directory. The view checks which planned days an article already serves
// (app/modules/plan/served.server.ts): stemming every article's keyword once after a change, then a cheap check of
// whether the site's articles changed. Prints the first view after a change and the median and max of 20 views
// after it. Goal: every view under 50 ms on the main thread. BENCH_ARTICLES changes the site's size.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { exitWhenDone } from "./lib/exit-when-done";

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-plan-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";

const { getDb, closeDb } = await import("#app/db/client.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { getPlanView } = await import("#app/modules/plan/plan.server");
const { newId } = await import("#app/utils/crypto.server");
const { isoNow } = await import("#app/utils/time");

const DAYS = [
  "raku firing",
  "coil pots",
  "slab building",
  "pinch pots",
  "wheel centering",
  "trimming bowls",
  "underglaze painting",
  "kiln loading",
  "bisque firing",
  "glaze recipes",
  "stoneware clay",
  "porcelain throwing",
  "sgraffito",
  "mishima inlay",
  "wax resist",
  "dipping glaze",
  "spraying glaze",
  "clay recycling",
  "wedging clay",
  "pulling handles",
  "lidded jars",
  "teapot spouts",
  "plate making",
  "mug handles",
  "vase forms",
  "studio safety",
  "pottery tools",
  "kiln repair",
  "cone charts",
  "glaze defects",
];

const db = getDb();
try {
  await migrateToLatest(db);
  const { siteId } = await createAccount(db, { email: "bench@plan.example", passwordHash: "x", fullName: "Bench", emailVerified: true });
  const now = isoNow();
  for (let i = 0; i < ARTICLES; i += 500) {
    const rows = Array.from({ length: Math.min(500, ARTICLES - i) }, (_, j) => ({
      id: newId(),
      site_id: siteId,
      author_id: null,
      topic_id: null,
      title: `Article ${i + j}: glazing and firing notes, part ${i + j}`,
      slug: `a-${i + j}`,
      target_keyword: `pottery technique ${i + j}`,
      created_at: now,
      updated_at: now,
    }));
    await db.insertInto("articles").values(rows).execute();
  }
  for (const [d, keyword] of DAYS.entries()) {
    const date = new Date(Date.now() + (d + 1) * 86_400_000).toISOString().slice(0, 10);
    await db
      .insertInto("plan_items")
      .values({ id: newId(), site_id: siteId, date, keyword, title: "", topic_id: null, article_id: null, created_at: now })
      .execute();
  }
  const site = { id: siteId, timeZone: "UTC" };
  const time = async () => {
    const start = performance.now();
    await getPlanView(db, site);
    return performance.now() - start;
  };
  const first = await time();
  const after: number[] = [];
  for (let i = 0; i < 20; i++) after.push(await time());
  after.sort((a, b) => a - b);
  console.log(`Plan view, ${ARTICLES.toLocaleString("en-US")} articles, 30 planned days`);
  console.log(`  first view after a change: ${first.toFixed(1)} ms`);
  console.log(`  later views: median ${after[10]!.toFixed(1)} ms, max ${after[19]!.toFixed(1)} ms`);
  process.exitCode = Math.max(first, after[19]!) < 50 ? 0 : 1;
  console.log(process.exitCode === 0 ? "PASS" : "FAIL");
} finally {
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
