import path from "node:path";
import SQLite from "better-sqlite3";
import { getEnv, type Env } from "#app/env.server";
import { objectStore } from "#app/modules/storage/object-store.server";
import type { ObjectStore } from "#app/modules/storage/objects";
import { logger } from "#app/utils/logger.server";
import { createBackupRunner, type BackupOutcome, type BackupSettings } from "./backups.server";

/**
 * The backup loop of the process that runs the job worker (docs/decisions/081-backups-you-can-restore.md): every
 * BACKUP_INCREMENTAL_MS a point when the database changed, a base every BACKUP_INTERVAL_MS. It is a timer of its own
 * rather than a queued job: the job lanes have no slot kept for it (the bulk lane's two may be held by link checks
 * for 15 minutes), a job's own bookkeeping would change the database every time it runs, and the minute tick cannot
 * run anything more often than once a minute. Whether anything changed is SQLite's `data_version` on a read-only
 * connection of its own, which moves whenever another connection commits and costs no page read.
 */

/**
 * The next point waits at least this many times as long as a delta takes: at most a tenth of the time. A base's
 * compression is not a delta's cost (an hourly 18 s at 570 MB would hold the next deltas off for 3 minutes), so
 * after a base the estimate is twice its copy, the copy and the hashing pass a delta makes.
 */
const DUTY = 10;
const FIRST_DELAY_MS = 5_000;

export function startBackups(
  settings: BackupSettings,
  store: ObjectStore,
  { firstDelayMs = FIRST_DELAY_MS, onOutcome }: { firstDelayMs?: number; onOutcome?: (outcome: BackupOutcome) => void } = {},
) {
  const runner = createBackupRunner(settings, store);
  const monitor = new SQLite(settings.databasePath, { readonly: true, fileMustExist: true });
  const version = () => monitor.pragma("data_version", { simple: true }) as number;
  const cadence = settings.incrementalMs > 0 ? settings.incrementalMs : settings.intervalMs;
  const stopping = new AbortController();
  let seen: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function tick() {
    const before = version();
    const started = performance.now();
    let cost = 0;
    if (before !== seen) {
      try {
        const outcome = await runner.run(stopping.signal);
        seen = before;
        cost = outcome.kind === "base" ? 2 * outcome.copyMs : performance.now() - started;
        if (outcome.kind !== "unchanged") {
          const { kind, chain, seq, pageCount, changedPages, bytes, ms } = outcome;
          logger.info({ kind, chain, seq, pageCount, changedPages, bytes, ms: Math.round(ms) }, "database backup");
        }
        onOutcome?.(outcome);
      } catch (error) {
        if (!stopping.signal.aborted) logger.error({ err: error, store: store.description }, "database backup failed");
      }
    }
    if (stopping.signal.aborted) return;
    // Counted from this point's start, so points keep their cadence however long each takes.
    timer = setTimeout(next, Math.max(0, started + Math.max(cadence, cost * DUTY) - performance.now()));
    timer.unref();
  }
  function next() {
    running = tick();
  }

  timer = setTimeout(next, Math.min(firstDelayMs, cadence));
  timer.unref();
  return async function stop() {
    stopping.abort();
    clearTimeout(timer);
    await running;
    monitor.close();
  };
}

/** The settings the environment gives, or null when backups are off. */
function settingsOf(env: Env): BackupSettings | null {
  if (!env.backups.enabled) return null;
  const { intervalMs, incrementalMs, retentionDays } = env.backups;
  return { databasePath: env.databasePath, workDir: path.join(env.dataDir, "backup-work"), intervalMs, incrementalMs, retentionDays };
}

/** Starts the loop when backups are on; the returned function stops it (a point under way is abandoned). */
export function startDatabaseBackups(env = getEnv()): () => Promise<void> {
  const settings = settingsOf(env);
  if (!settings) return async () => {};
  const store = objectStore();
  logger.info(
    { store: store.description, intervalMs: settings.intervalMs, incrementalMs: settings.incrementalMs },
    "database backups started",
  );
  return startBackups(settings, store);
}
