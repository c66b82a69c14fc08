// npm run bench:restore: the restore drill (docs/decisions/081-backups-you-can-restore.md). Drives the BUILT app (run
// `npm run build` first) in production mode with its worker and database backups on (into the fake S3 of
// tests/fakes/s3.ts, or BENCH_STORE=disk for DATA_DIR's disk store), on a database seeded to BENCH_DB_MB (100) of
// articles. A writer creates an article through the Developer API every 250 ms, each stamped with its number; after
// BENCH_KILL_AFTER_S (150) of writing the app is killed with SIGKILL. Then `npm run db:restore` (the real command) rebuilds
// the database into a fresh folder, the app starts on it, and the drill prints: the backups taken while writing, the
// data lost (seconds of writes between the newest restored article and the kill, and acknowledged writes missing), the
// time from the restore's start to the first healthy /healthz, the backup's size and the database's size. The backup
// intervals are the production defaults unless BENCH_INCREMENTAL_MS / BENCH_INTERVAL_MS say otherwise.
// Everything lives under tests/.tmp/bench-restore-<pid>/ and is removed at the end (BENCH_KEEP=1 keeps it).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import SQLite from "better-sqlite3";
import { startFakeS3 } from "#tests/fakes/s3";
import { BENCH_SECRETS, freePort } from "./lib/built-server";
import { exitWhenDone } from "./lib/exit-when-done";

const DB_MB = Number(process.env.BENCH_DB_MB ?? 100);
const KILL_AFTER_S = Number(process.env.BENCH_KILL_AFTER_S ?? 150);
const INCREMENTAL_MS = process.env.BENCH_INCREMENTAL_MS ?? "60000";
const INTERVAL_MS = process.env.BENCH_INTERVAL_MS ?? "3600000";
const STORE = process.env.BENCH_STORE === "disk" ? "disk" : "s3";
const WRITE_EVERY_MS = 250;
/** The API allows 120 requests a minute per key: four keys take turns, 60 a minute each. */
const KEYS = 4;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
  console.error(`No build in ${buildDir}: run \`npm run build\` first.`);
  process.exit(1);
}
const root = path.resolve(`tests/.tmp/bench-restore-${process.pid}`);
const live = path.join(root, "live");
const restored = path.join(root, "restored");
fs.rmSync(root, { recursive: true, force: true });
fs.mkdirSync(live, { recursive: true });
const liveDb = path.join(live, "inkpilot.sqlite");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** An account, KEYS API keys and articles of the demo's prose until the database file reaches DB_MB. */
async function seed() {
  Object.assign(process.env, { NODE_ENV: "test", DATA_DIR: live, DATABASE_PATH: liveDb, LOG_LEVEL: "silent", RUN_WORKER: "false" });
  const { getDb, getSqlite, closeDb, inTransaction } = await import("#app/db/client.server");
  const { migrateToLatest } = await import("#app/db/migrate.server");
  const { createAccount } = await import("#app/modules/workspaces/accounts.server");
  const { createApiKey } = await import("#app/modules/api/keys.server");
  const { DEMO_ARTICLES } = await import("#app/modules/demo/articles/index");
  const { markdownToHtml } = await import("#app/modules/articles/markdown");
  const { newId } = await import("#app/utils/crypto.server");
  const db = getDb();
  await migrateToLatest(db);
  const account = await createAccount(db, { email: "bench-restore@example.com", passwordHash: null, emailVerified: true });
  const actor = { workspaceId: account.workspaceId, userId: account.userId, ip: null };
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++) keys.push((await createApiKey(db, actor, { name: `writer ${i}`, siteId: account.siteId })).key);
  const bodies = DEMO_ARTICLES.map((demo) => markdownToHtml(demo.markdown));
  for (let n = 0; fs.statSync(liveDb).size < DB_MB * 1024 * 1024;) {
    await inTransaction(db, async (trx) => {
      for (let i = 0; i < 200; i++, n++) {
        const now = new Date(Date.now() - n * 60_000).toISOString();
        const html = `<p>Archive note ${n}.</p>${bodies[n % bodies.length]!}`;
        await trx
          .insertInto("articles")
          .values({
            id: newId(),
            site_id: account.siteId,
            title: `Archive article ${n}`,
            slug: `archive-${n}`,
            content_html: html,
            status: "draft",
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    });
    getSqlite().pragma("wal_checkpoint(TRUNCATE)");
  }
  await closeDb();
  return keys;
}

type BackupLine = { time: number; kind: string; seq: number; pageCount: number; changedPages: number; bytes: number; ms: number };

function startApp(dataDir: string, env: Record<string, string>, onBackup?: (line: BackupLine) => void) {
  const child = spawn(process.execPath, ["server/index.js"], {
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      NODE_NO_WARNINGS: "1",
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_PATH: path.join(dataDir, "inkpilot.sqlite"),
      ...BENCH_SECRETS,
      RUN_WORKER: "true",
      RUN_CRON: "false",
      LOG_LEVEL: "info",
      ...env,
    },
  });
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    if (!text.includes("database backup")) return;
    const line = JSON.parse(text) as BackupLine & { msg: string; err?: { message: string } };
    if (line.msg === "database backup failed") console.error(`  backup failed: ${line.err?.message}`);
    else if (line.msg === "database backup") onBackup?.(line);
  });
  return child;
}

async function healthy(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return Date.now();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The app did not answer /healthz in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** /healthz every 100 ms until `stopAt`: each answer's time and when it was asked (the main thread's stalls show here). */
function probeHealth(url: string, stopAt: number) {
  const samples: Array<{ at: number; ms: number }> = [];
  const timer = setInterval(() => {
    if (Date.now() >= stopAt) return clearInterval(timer);
    const at = Date.now();
    fetch(`${url}/healthz`).then(
      async (response) => {
        await response.arrayBuffer();
        samples.push({ at, ms: Date.now() - at });
      },
      () => {},
    );
  }, 100);
  return samples;
}

type Write = { n: number; sentAt: number; ackAt?: number; status?: number };

/** Writes an article every WRITE_EVERY_MS until `stopAt`, each titled with its number. */
async function writeUntil(url: string, keys: string[], stopAt: number) {
  const writes: Write[] = [];
  const inFlight: Promise<void>[] = [];
  for (let n = 0; Date.now() < stopAt; n++) {
    const write: Write = { n, sentAt: Date.now() };
    writes.push(write);
    const request = fetch(`${url}/api/v1/articles`, {
      method: "POST",
      headers: { Authorization: `Bearer ${keys[n % keys.length]}`, "Content-Type": "application/json" },
      body: JSON.stringify({ title: `Drill write ${n}`, content_html: `<p>Written at ${new Date(write.sentAt).toISOString()}.</p>` }),
    }).then(
      async (response) => {
        await response.arrayBuffer();
        Object.assign(write, { ackAt: Date.now(), status: response.status });
      },
      () => {},
    );
    inFlight.push(request);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, write.sentAt + WRITE_EVERY_MS - Date.now())));
  }
  return { writes, settled: () => Promise.allSettled(inFlight) };
}

function runRestore(env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/restore.ts", "--to", restored], {
      stdio: ["ignore", "pipe", "inherit"],
      env: {
        ...process.env,
        NODE_NO_WARNINGS: "1",
        NODE_ENV: "production",
        APP_URL: "http://127.0.0.1",
        DATA_DIR: live,
        ...BENCH_SECRETS,
        ...env,
      },
    });
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`db:restore exited with ${code}:\n${output}`))));
  });
}

/** The database's size in pages, its WAL's committed pages included (the file alone lags behind checkpoints). */
function databaseBytes(file: string) {
  const db = new SQLite(file);
  try {
    return (db.pragma("page_count", { simple: true }) as number) * (db.pragma("page_size", { simple: true }) as number);
  } finally {
    db.close();
  }
}

/** The drill's writes found in the restored database: numbers and creation times. */
function restoredWrites(file: string) {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db.prepare("select title, created_at from articles where title like 'Drill write %'").all() as Array<{
      title: string;
      created_at: string;
    }>;
    return rows.map((row) => ({ n: Number(row.title.slice("Drill write ".length)), createdAt: Date.parse(row.created_at) }));
  } finally {
    db.close();
  }
}

const keys = await seed();
const fake = STORE === "s3" ? await startFakeS3() : null;
const storeEnv: Record<string, string> = { ...(fake?.env ?? {}), BACKUP_ENABLED: "true" };
const backups: BackupLine[] = [];
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const app = startApp(
  live,
  { ...storeEnv, PORT: String(port), APP_URL: url, BACKUP_INCREMENTAL_MS: INCREMENTAL_MS, BACKUP_INTERVAL_MS: INTERVAL_MS },
  (line) => backups.push(line),
);
const startedAt = await healthy(url, app);
const seededBytes = fs.statSync(liveDb).size;
console.log(`Database seeded: ${mb(seededBytes)}; app up; writing every ${WRITE_EVERY_MS} ms for ${KILL_AFTER_S} s (store: ${STORE})`);

const probes = probeHealth(url, Date.now() + KILL_AFTER_S * 1000);
const writer = await writeUntil(url, keys, Date.now() + KILL_AFTER_S * 1000);
app.kill("SIGKILL");
const killedAt = Date.now();
await writer.settled();
const liveBytes = databaseBytes(liveDb);
console.log(`\nBackups while writing (BACKUP_INCREMENTAL_MS=${INCREMENTAL_MS}, BACKUP_INTERVAL_MS=${INTERVAL_MS}):`);
for (const b of backups)
  console.log(
    `  +${seconds(b.time - startedAt).padStart(7)} ${b.kind.padEnd(5)} ${b.changedPages} of ${b.pageCount} pages, ${mb(b.bytes)} gzipped, took ${b.ms} ms`,
  );
console.log(
  `Killed with SIGKILL ${seconds(killedAt - startedAt)} after start: ${writer.writes.length} writes sent, ${writer.writes.filter((w) => w.status === 201).length} acknowledged`,
);

const restoreStarted = Date.now();
const restoreOutput = await runRestore(storeEnv);
const restoredAt = Date.now();
const port2 = await freePort();
const app2 = startApp(restored, { PORT: String(port2), APP_URL: `http://127.0.0.1:${port2}`, BACKUP_ENABLED: "false" });
const servedAt = await healthy(`http://127.0.0.1:${port2}`, app2);
const check = await fetch(`http://127.0.0.1:${port2}/api/v1/articles?per_page=1`, { headers: { Authorization: `Bearer ${keys[0]}` } });
app2.kill("SIGTERM");
console.log(`\n${restoreOutput.trim().split("\n").slice(0, 5).join("\n")}`);

const found = restoredWrites(path.join(restored, "inkpilot.sqlite"));
const newest = found.reduce((a, b) => (b.createdAt > a.createdAt ? b : a), { n: -1, createdAt: startedAt });
const foundNumbers = new Set(found.map((w) => w.n));
const acknowledged = writer.writes.filter((w) => w.status === 201);
const lostAcknowledged = acknowledged.filter((w) => !foundNumbers.has(w.n));
const holes = acknowledged.filter((w) => w.n < newest.n && !foundNumbers.has(w.n));
const baseBytes = backups.filter((b) => b.kind === "base").at(-1)?.bytes ?? 0;
const deltaBytes = backups.filter((b) => b.kind === "delta").reduce((sum, b) => sum + b.bytes, 0);

console.log("\nFigures");
console.log(`  database: ${mb(seededBytes)} seeded, ${mb(liveBytes)} at the kill`);
console.log(`  backup: base ${mb(baseBytes)} gzipped, ${backups.filter((b) => b.kind === "delta").length} deltas ${mb(deltaBytes)} in all`);
// A point's data is as of its start (its log line comes at its end): the loss window is the longest gap between starts.
const starts = [...backups.map((b) => b.time - b.ms), killedAt];
const widest = Math.max(...starts.slice(1).map((at, i) => at - starts[i]!));
console.log(`  longest stretch without a new point while writing: ${seconds(widest)} (the most a kill in it would have lost)`);
const during = probes.filter((p) => backups.some((b) => p.at >= b.time - b.ms && p.at <= b.time)).map((p) => p.ms);
const outside = probes.filter((p) => !backups.some((b) => p.at >= b.time - b.ms && p.at <= b.time)).map((p) => p.ms);
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0;
console.log(
  `  /healthz while a point was being taken: p99 ${p99(during)} ms, max ${Math.max(0, ...during)} ms (${during.length} probes); otherwise p99 ${p99(outside)} ms, max ${Math.max(0, ...outside)} ms`,
);
console.log(
  `  data lost: ${seconds(killedAt - newest.createdAt)} of writes (${lostAcknowledged.length} acknowledged writes after the restored point; ${holes.length} missing before it)`,
);
console.log(
  `  time to serve again: ${seconds(servedAt - restoreStarted)} from the restore's start to the first healthy /healthz (db:restore ${seconds(restoredAt - restoreStarted)}, app start ${seconds(servedAt - restoredAt)})`,
);
console.log(`  the restored app answers the Developer API with the restored keys: ${check.status}`);
if (holes.length || check.status !== 200) process.exitCode = 1;

await fake?.close();
if (!process.env.BENCH_KEEP) fs.rmSync(root, { recursive: true, force: true });
exitWhenDone();
