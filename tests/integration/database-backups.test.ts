import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import { getEnv, resetEnvForTests } from "#app/env.server";
import { startBackups } from "#app/modules/backup/backup-loop.server";
import { createBackupRunner, readManifests, type BackupOutcome, type BackupSettings } from "#app/modules/backup/backups.server";
import { deltaKey, manifestKey } from "#app/modules/backup/format";
import { restoreBackup, RestoreError } from "#app/modules/backup/restore.server";
import { createDiskStore } from "#app/modules/storage/disk-store.server";
import { objectStore } from "#app/modules/storage/object-store.server";
import type { ObjectStore } from "#app/modules/storage/objects";
import { requireAuth, requireOperator } from "#app/modules/auth/guards.server";
import { loader as jobsLoader } from "#app/routes/admin/jobs";
import { startFakeS3 } from "#tests/fakes/s3";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { callRoute, get } from "#tests/setup/route-harness";

/**
 * Database backups you can restore (docs/decisions/081-backups-you-can-restore.md), on this test file's own migrated
 * database with the app's rows: a base, then deltas of the changed pages, into the fake S3 through the real SDK (which
 * checks every signature) and into the disk store; a restore into a fresh folder holds exactly the articles of the
 * point it went to, checked page by page and by SQLite; a chain goes on after a restart only from where the store
 * says it ended; a damaged object fails the restore and leaves no database behind; old chains are pruned; and the
 * loop the worker runs takes a point only when the database changed.
 */

let db: DB;
let fake: Awaited<ReturnType<typeof startFakeS3>>;
let siteId: string;
let work = 0;

beforeAll(async () => {
  db = await testDb();
  fake = await startFakeS3({ listPageSize: 3 });
  Object.assign(process.env, fake.env);
  resetEnvForTests();
  ({ siteId } = await makeUser(db));
});

afterAll(async () => {
  for (const name of Object.keys(fake.env)) delete process.env[name];
  resetEnvForTests();
  await fake.close();
});

function settings(overrides: Partial<BackupSettings> = {}): BackupSettings {
  return {
    databasePath: getEnv().databasePath,
    workDir: path.join(getEnv().dataDir, `backup-work-${++work}`),
    intervalMs: 3_600_000,
    incrementalMs: 60_000,
    retentionDays: 30,
    ...overrides,
  };
}

const freshFolder = () => path.join(getEnv().dataDir, `restored-${++work}`);
const articleIds = async () => (await db.selectFrom("articles").select("id").orderBy("id").execute()).map((row) => row.id);

function restoredIds(file: string) {
  const restored = new SQLite(file, { readonly: true });
  try {
    return (restored.prepare("select id from articles order by id").all() as Array<{ id: string }>).map((row) => row.id);
  } finally {
    restored.close();
  }
}

async function addArticles(n: number) {
  for (let i = 0; i < n; i++) await makeArticle(db, siteId, { content_html: `<p>${"A sentence about coffee. ".repeat(200)}</p>` });
}

/** Base, delta, nothing changed, delta; then a restore of the newest point and one of the first delta, each exact. */
async function backupAndRestore(store: ObjectStore) {
  const runner = createBackupRunner(settings(), store);
  await addArticles(3);
  const base = await runner.run();
  expect(base).toMatchObject({ kind: "base", seq: 0 });

  await addArticles(2);
  await db.updateTable("articles").set({ title: "Changed" }).where("site_id", "=", siteId).execute();
  const first = await runner.run();
  const atFirst = await articleIds();
  expect(first).toMatchObject({ kind: "delta", seq: 1 });
  if (first.kind !== "delta" || base.kind !== "base") throw new Error("unreachable");
  expect(first.changedPages).toBeGreaterThan(0);
  expect(first.changedPages).toBeLessThan(first.pageCount / 2);
  expect(first.bytes).toBeLessThan(base.bytes);

  expect(await runner.run()).toEqual({ kind: "unchanged" });
  await addArticles(1);
  expect(await runner.run()).toMatchObject({ kind: "delta", seq: 2, chain: base.chain });

  const newest = await restoreBackup({ store, to: freshFolder() });
  expect(newest).toMatchObject({ chain: base.chain, deltas: 2, point: { seq: 2 } });
  expect(restoredIds(newest.file)).toEqual(await articleIds());
  const earlier = await restoreBackup({ store, to: freshFolder(), at: new Date(first.at) });
  expect(earlier.point.seq).toBe(1);
  expect(restoredIds(earlier.file)).toEqual(atFirst);
  expect(restoredIds(earlier.file)).toHaveLength((await articleIds()).length - 1);
  return { runner, base, newest };
}

describe("into a bucket through the SDK", () => {
  it("restores exactly the rows of the point asked for, and never writes over a database", async () => {
    const store = objectStore();
    expect(store.description).toBe(`s3 ${fake.bucket}`);
    const { base, newest } = await backupAndRestore(store);
    expect(fake.object(manifestKey(base.chain))).toBeDefined();
    expect(fake.object(deltaKey(base.chain, 2))).toBeDefined();
    // The fake refuses any request whose signature is wrong: every backup request passed.
    const requests = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as Array<{ status: number }>;
    expect(requests.filter((r) => r.status >= 400 && r.status !== 404)).toEqual([]);

    await expect(restoreBackup({ store, to: path.dirname(newest.file) })).rejects.toThrow(/is there already.*--force/);
    expect((await restoreBackup({ store, to: path.dirname(newest.file), force: true })).point.seq).toBe(2);
  });

  it("goes on with a chain after a restart only when the store still ends where the local state does", async () => {
    const store = objectStore();
    const shared = settings();
    const base = await createBackupRunner(shared, store).run();
    await addArticles(1);
    // A new runner on the same folder, as after a restart: a delta of the same chain.
    expect(await createBackupRunner(shared, store).run()).toMatchObject({
      kind: "delta",
      seq: 1,
      chain: (base as { chain: string }).chain,
    });
    // The store lost the chain (or another store is configured): the next point is a new base.
    await store.delete(manifestKey((base as { chain: string }).chain));
    await addArticles(1);
    expect(await createBackupRunner(shared, store).run()).toMatchObject({ kind: "base", seq: 0 });
    expect(await createBackupRunner(shared, createDiskStore(freshFolder())).run()).toMatchObject({ kind: "base" });
  });

  it("fails a restore from a damaged object, with its key named, and leaves no database", async () => {
    const store = objectStore();
    const runner = createBackupRunner(settings(), store);
    await runner.run();
    await addArticles(1);
    const delta = await runner.run();
    if (delta.kind !== "delta") throw new Error("expected a delta");
    const key = deltaKey(delta.chain, 1);
    await store.put(key, new Uint8Array(Buffer.from(fake.object(key)!).map((byte, i) => (i === 40 ? byte ^ 1 : byte))));
    const to = freshFolder();
    await expect(restoreBackup({ store, to })).rejects.toThrow(RestoreError);
    await expect(restoreBackup({ store, to })).rejects.toThrow(new RegExp(key));
    expect(fs.readdirSync(to)).toEqual([]);
  });
});

describe("the operators' Jobs page", () => {
  it("shows the newest restore point the bucket holds, and says when backups are off", async () => {
    const operator = await makeUser(db, { isOperator: true });
    const runner = createBackupRunner(settings(), objectStore());
    await runner.run();
    await addArticles(1);
    const delta = await runner.run();
    const page = () =>
      callRoute<{ backups: Record<string, unknown> }>({
        middleware: [requireAuth, requireOperator],
        handler: jobsLoader,
        request: get("/dashboard/admin/jobs", operator.cookie),
      });
    const { backups } = (await page()).data;
    expect(backups).toMatchObject({ state: "ok", store: `s3 ${fake.bucket}`, newestAt: (delta as { at: string }).at, deltas: 1 });
    process.env.BACKUP_ENABLED = "false";
    resetEnvForTests();
    try {
      expect((await page()).data.backups).toEqual({ state: "off" });
    } finally {
      delete process.env.BACKUP_ENABLED;
      resetEnvForTests();
    }
  });
});

describe("on the disk", () => {
  it("restores the same way from the disk store", async () => {
    const store = createDiskStore(path.join(getEnv().dataDir, "disk-store"));
    const { base } = await backupAndRestore(store);
    expect(fs.existsSync(path.join(getEnv().dataDir, "disk-store", manifestKey(base.chain)))).toBe(true);
  });

  it("prunes: a chain older than a day keeps its base alone, and a new base starts when the last is too old", async () => {
    const store = createDiskStore(path.join(getEnv().dataDir, `disk-store-${++work}`));
    const runner = createBackupRunner(settings({ intervalMs: 1_000 }), store);
    const old = await runner.run();
    await addArticles(1);
    expect(await runner.run()).toMatchObject({ kind: "delta", seq: 1 });
    // Three days later the base is past its interval: a new chain, and the old one is trimmed to its base.
    const later = new Date(Date.now() + 3 * 86_400_000);
    await addArticles(1);
    expect(await runner.run(undefined, later)).toMatchObject({ kind: "base" });
    const manifests = await readManifests(store);
    expect(manifests.map((m) => [m.chain, m.points.length])).toEqual([
      [(old as { chain: string }).chain, 1],
      [expect.any(String), 1],
    ]);
    const left: string[] = [];
    for await (const object of store.list("backups/data/")) left.push(object.key);
    expect(left.filter((key) => key.includes("delta"))).toEqual([]);
  });
});

describe("the loop the worker runs", () => {
  it("takes a point when the database changed and none while it did not, then stops", async () => {
    const outcomes: BackupOutcome[] = [];
    const store = createDiskStore(path.join(getEnv().dataDir, `disk-store-${++work}`));
    const stop = startBackups(settings({ incrementalMs: 150 }), store, { firstDelayMs: 0, onOutcome: (o) => outcomes.push(o) });
    try {
      await expect.poll(() => outcomes.length, { timeout: 10_000 }).toBe(1);
      expect(outcomes[0]).toMatchObject({ kind: "base" });
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(outcomes).toHaveLength(1);
      await addArticles(1);
      await expect.poll(() => outcomes.length, { timeout: 10_000 }).toBe(2);
      expect(outcomes[1]).toMatchObject({ kind: "delta", seq: 1 });
    } finally {
      await stop();
    }
    const restored = await restoreBackup({ store, to: freshFolder() });
    expect(restoredIds(restored.file)).toEqual(await articleIds());
  });
});
