// npm run bench:revisions: an hour of typing on one article, autosaved every 3 seconds through the write screen's
// save (saveArticle: sanitizing, scoring on the CPU worker, the article's transaction and its revision), against a
// real SQLite file in a temporary directory. The article starts at about 1,500 words and grows by a word every other
// save (about 2,100 words after the hour). Prints the revisions recorded in that hour, the revision table's growth in bytes, and the save latency
// p50/p95/max. Goal: at most 30 revisions for the hour (autosaves coalesce, app/modules/articles/revisions.server.ts),
// save p95 under 50 ms. The hour is simulated (each save is stamped 3 s after the last); the saves themselves run
// back to back. BENCH_MINUTES changes the length.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { exitWhenDone } from "./lib/exit-when-done";

const MINUTES = Number(process.env.BENCH_MINUTES ?? 60);
const INTERVAL_MS = 3000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-bench-revisions-"));
process.env.DATA_DIR = dir;
process.env.DATABASE_PATH = path.join(dir, "bench.sqlite");
process.env.LOG_LEVEL = "silent";
process.env.NODE_ENV = "test";
process.env.RUN_WORKER = "false";

const { getDb, getSqlite, closeDb } = await import("#app/db/client.server");
const { migrateToLatest } = await import("#app/db/migrate.server");
const { createAccount } = await import("#app/modules/workspaces/accounts.server");
const { saveArticle } = await import("#app/modules/articles/write.server");
const { deriveArticleFields } = await import("#app/modules/articles/mutations.server");
const { stopCpuPool, warmCpuPool } = await import("#app/modules/cpu/pool.server");
const { createApiKey } = await import("#app/modules/api/keys.server");
const { handleApiRequest } = await import("#app/modules/api/router.server");
const { MAX_REVISIONS_PER_ARTICLE } = await import("#app/modules/articles/revisions.server");

const WORDS = "coffee beans grind water ratio steep cold brew filter concentrate dilute taste bitter smooth fresh roast".split(" ");
const sentence = (n: number) => {
  const words = Array.from({ length: 12 }, (_, i) => WORDS[(n * 7 + i * 3) % WORDS.length]!);
  return `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`;
};
/** About 1,500 words in sections of paragraphs, plus `typed` more words at the end of the last paragraph. */
function article(typed: number) {
  const sections: string[] = [];
  for (let s = 0; s < 6; s++) {
    sections.push(`<h2>Part ${s + 1} of the guide</h2>`);
    for (let p = 0; p < 5; p++) sections.push(`<p>${Array.from({ length: 4 }, (_, i) => sentence(s * 20 + p * 4 + i)).join(" ")}</p>`);
  }
  const extra = Array.from({ length: typed }, (_, i) => WORDS[i % WORDS.length]).join(" ");
  return `${sections.join("")}<p>What I learned: ${extra}</p>`;
}

/** The text after the i-th autosave: a word more every other save, a letter more on the others. */
const typedAt = (i: number) => article(Math.floor(i / 2)).replace(/<\/p>$/, i % 2 ? " d</p>" : "</p>");

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const db = getDb();
const sqlite = getSqlite();

/** The site's revisions: rows and the bytes of their stored text (what a site's history costs on disk). */
async function siteRevisionStorage(siteId: string) {
  const row = await db
    .selectFrom("article_revisions")
    .select((eb) => [
      eb.fn.countAll<number>().as("rows"),
      eb.fn.sum<number>(eb.fn("length", ["content_html"])).as("html"),
      eb.fn.sum<number>(eb.fn("length", ["title"])).as("titles"),
      eb.fn.sum<number>(eb.fn("coalesce", [eb.fn("length", ["meta_description"]), eb.val(0)])).as("metas"),
    ])
    .where("site_id", "=", siteId)
    .executeTakeFirstOrThrow();
  return { rows: Number(row.rows), bytes: Number(row.html ?? 0) + Number(row.titles ?? 0) + Number(row.metas ?? 0) };
}

/**
 * A sync tool on the Developer API: 120 PATCHes a minute (the API's limit per key) for ten minutes through the
 * API's own handler, three of four of them resending the article unchanged. Prints the site's revision rows and
 * bytes after each minute: unchanged PATCHes add nothing, changed ones stop growing at the per-article cap.
 */
async function replayApiPatches(tenant: { workspaceId: string; siteId: string; userId: string }, articleId: string) {
  console.log(
    `\nDeveloper API: 120 PATCHes a minute for 10 minutes, 1 in 4 changing the text (cap ${MAX_REVISIONS_PER_ARTICLE} per article)`,
  );
  const before = await siteRevisionStorage(tenant.siteId);
  console.log(`  minute  0: ${before.rows} revisions, ${(before.bytes / 1024).toFixed(0)} KB of stored text for the site`);
  let changed = 0;
  for (let minute = 1; minute <= 10; minute++) {
    // One key a minute: the API's rate limit (120 a minute per key) counts real time, and the minutes here are not.
    const { key } = await createApiKey(
      db,
      { workspaceId: tenant.workspaceId, userId: tenant.userId, ip: null },
      { name: `sync ${minute}`, siteId: null },
    );
    for (let i = 0; i < 120; i++) {
      if (i % 4 === 0) changed += 1;
      const response = await handleApiRequest(
        db,
        new Request(`http://bench.local/api/v1/articles/${articleId}`, {
          method: "PATCH",
          headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
          body: JSON.stringify({ content_html: typedAt(10_000 + changed) }),
        }),
      );
      if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
    }
    const now = await siteRevisionStorage(tenant.siteId);
    console.log(
      `  minute ${String(minute).padStart(2)}: ${now.rows} revisions, ${(now.bytes / 1024).toFixed(0)} KB of stored text for the site`,
    );
  }
}
const tableBytes = () => {
  try {
    const row = sqlite.prepare("SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name LIKE '%article_revisions%'").get() as {
      bytes: number | null;
    };
    return row.bytes ?? 0;
  } catch {
    // No dbstat in this SQLite build: the stored text is most of it.
    const row = sqlite
      .prepare("SELECT SUM(length(content_html) + length(title) + length(slug) + 200) AS bytes FROM article_revisions")
      .get() as {
      bytes: number | null;
    };
    return row.bytes ?? 0;
  }
};

try {
  await migrateToLatest(db);
  warmCpuPool();
  const account = await createAccount(db, {
    email: "bench@example.com",
    passwordHash: null,
    fullName: "Bench Writer",
    emailVerified: true,
  });
  const tenant = { workspaceId: account.workspaceId, siteId: account.siteId, userId: account.userId };
  const start = new Date("2026-11-27T09:00:00Z");
  const form = {
    title: "Cold brew at home",
    targetKeyword: "cold brew",
    metaDescription: "How to make cold brew at home.",
    contentFormat: "html" as const,
  };
  const created = await saveArticle(db, tenant, { ...form, content: article(0), kind: "save" }, { now: start });
  if (!created) throw new Error("the article was not created");
  const words = (await db.selectFrom("articles").select("word_count").where("id", "=", created.id).executeTakeFirstOrThrow()).word_count;
  const revisionsBefore = Number(
    (
      await db
        .selectFrom("article_revisions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  sqlite.exec("ANALYZE");
  const bytesBefore = tableBytes();

  const saves = (MINUTES * 60_000) / INTERVAL_MS;
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 1; i <= saves; i++) {
    // Typing: a word every six seconds on average (a writer thinking, deleting, going on): every save changes the text.
    const now = new Date(start.getTime() + i * INTERVAL_MS);
    const began = performance.now();
    await saveArticle(db, tenant, { ...form, articleId: created.id, content: typedAt(i), kind: "autosave" }, { now });
    times.push(performance.now() - began);
  }
  const cpu = process.cpuUsage(cpuBefore);
  const revisions = Number(
    (
      await db
        .selectFrom("article_revisions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const finalWords = (await db.selectFrom("articles").select("word_count").where("id", "=", created.id).executeTakeFirstOrThrow())
    .word_count;
  const bytesAfter = tableBytes();
  times.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const revisionsInHour = revisions - revisionsBefore;
  const p95 = percentile(times, 95);
  console.log(
    `Article: ${words} words at the start, ${finalWords} after ${MINUTES} minutes; ${saves} autosaves every ${INTERVAL_MS / 1000} s`,
  );
  console.log(`Revisions recorded in those ${MINUTES} minutes: ${revisionsInHour} (goal ≤ ${Math.ceil(MINUTES / 2)})`);
  console.log(
    `Revision table: ${(bytesBefore / 1024).toFixed(1)} KB before, ${(bytesAfter / 1024).toFixed(1)} KB after (+${((bytesAfter - bytesBefore) / 1024).toFixed(1)} KB)`,
  );
  console.log(`Save latency: p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}, max ${ms(times.at(-1)!)} (goal p95 < 50 ms)`);
  // CPU time is what the save costs whatever else the machine runs (every thread of this process, the CPU worker's too).
  console.log(`  CPU per save (all threads of the process): ${ms((cpu.user + cpu.system) / 1000 / saves)} on average`);
  // Where a save's time goes: the sanitizing and scoring every save did before revisions (on the CPU worker), alone.
  const analysis: number[] = [];
  for (let i = 1; i <= 200; i++) {
    const began = performance.now();
    await deriveArticleFields(db, tenant.siteId, {
      title: form.title,
      html: article(i),
      sanitize: true,
      metaDescription: form.metaDescription,
      targetKeyword: form.targetKeyword,
      articleId: created.id,
    });
    analysis.push(performance.now() - began);
  }
  analysis.sort((a, b) => a - b);
  console.log(
    `  of which sanitizing and scoring alone (200 samples): p50 ${ms(percentile(analysis, 50))}, p95 ${ms(percentile(analysis, 95))}`,
  );
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} on ${os.cpus().length} cores`,
  );
  await replayApiPatches(tenant, created.id);
  const ok = revisionsInHour <= Math.ceil(MINUTES / 2) && p95 < 50;
  console.log(ok ? "PASS" : "FAIL");
  process.exitCode = ok ? 0 : 1;
} finally {
  await stopCpuPool();
  await closeDb();
  fs.rmSync(dir, { recursive: true, force: true });
}

exitWhenDone();
