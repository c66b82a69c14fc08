import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { inTransaction, openDatabase, type DB } from "./client.server";

const KEY = "test.in-transaction";
const write = (db: DB, value: string) =>
  db
    .insertInto("app_config")
    .values({ key: `${KEY}.${value}`, value, updated_at: new Date().toISOString() })
    .execute();
const written = async (db: DB) =>
  (await db.selectFrom("app_config").select("value").where("key", "like", `${KEY}.%`).orderBy("value").execute()).map((r) => r.value);

describe("inTransaction", () => {
  it("joins the caller's transaction: a nested call commits with the outer one", async () => {
    const db = await testDb();
    await db.deleteFrom("app_config").where("key", "like", `${KEY}.%`).execute();
    await inTransaction(db, async (outer) => {
      await write(outer, "a");
      await inTransaction(outer, async (inner) => {
        expect(inner).toBe(outer);
        await write(inner, "b");
      });
    });
    expect(await written(db)).toEqual(["a", "b"]);
  });

  it("rolls a nested call's writes back with the outer transaction", async () => {
    const db = await testDb();
    await db.deleteFrom("app_config").where("key", "like", `${KEY}.%`).execute();
    await expect(
      inTransaction(db, async (outer) => {
        await inTransaction(outer, (inner) => write(inner, "c"));
        throw new Error("the outer step fails");
      }),
    ).rejects.toThrow("the outer step fails");
    await expect(
      inTransaction(db, async (outer) => {
        await write(outer, "d");
        await inTransaction(outer, () => Promise.reject(new Error("the inner step fails")));
      }),
    ).rejects.toThrow("the inner step fails");
    expect(await written(db)).toEqual([]);
  });
});

describe("the statement cache", () => {
  it("runs a cached statement again after it failed, after a schema change, and while another is streamed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-statements-"));
    const { db } = openDatabase(path.join(dir, "cache.sqlite"));
    try {
      await sql`CREATE TABLE notes (id TEXT PRIMARY KEY)`.execute(db);
      const insert = (id: string) => sql`INSERT INTO notes (id) VALUES (${id})`.execute(db);
      const all = async () => (await sql<Record<string, unknown>>`SELECT * FROM notes ORDER BY id`.execute(db)).rows;
      await insert("a");
      await expect(insert("a")).rejects.toThrow(/UNIQUE/);
      await insert("b");
      expect(await all()).toEqual([{ id: "a" }, { id: "b" }]);
      // The same SELECT * sees a column added after it was first prepared.
      await sql`ALTER TABLE notes ADD COLUMN body TEXT`.execute(db);
      expect(await all()).toEqual([
        { id: "a", body: null },
        { id: "b", body: null },
      ]);
      // A stream holds the connection until its rows are read: the same query after it gets every row.
      const streamed: unknown[] = [];
      for await (const row of db
        .selectFrom("notes" as never)
        .select("id" as never)
        .stream())
        streamed.push(row);
      expect(streamed).toHaveLength(2);
      expect(
        await db
          .selectFrom("notes" as never)
          .select("id" as never)
          .execute(),
      ).toHaveLength(2);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Runs one statement in a separate Node process, resolving when it has committed. */
function writeFromAnotherProcess(file: string, statement: string) {
  const script = `const S = require("better-sqlite3"); const d = new S(process.argv[1]); d.pragma("busy_timeout = 5000"); d.prepare(process.argv[2]).run();`;
  return new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ["-e", script, file, statement], (error) => (error ? reject(error) : resolve()));
  });
}

describe("two connections to one file (docs/decisions/080-replicas-and-processes.md)", () => {
  const scratch = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inkpilot-connections-"));
    return { file: path.join(dir, "shared.sqlite"), dir };
  };

  it("lets a read-then-write transaction commit after another connection committed meanwhile", async () => {
    const { file, dir } = scratch();
    const first = openDatabase(file);
    try {
      await sql`CREATE TABLE counters (id TEXT PRIMARY KEY, n INTEGER NOT NULL)`.execute(first.db);
      await sql`INSERT INTO counters VALUES ('a', 0)`.execute(first.db);
      // A transaction that reads, waits, then writes: the deferred kind read a snapshot before the other
      // connection's commit and then failed with SQLITE_BUSY_SNAPSHOT; the immediate kind holds the lock throughout.
      const readThenWrite = inTransaction(first.db, async (trx) => {
        const { rows } = await sql<{ n: number }>`SELECT n FROM counters WHERE id = 'a'`.execute(trx);
        await new Promise((resolve) => setTimeout(resolve, 400));
        await sql`UPDATE counters SET n = ${rows[0]!.n + 1} WHERE id = 'a'`.execute(trx);
      });
      // The other writer, another process as on a primary with several, waits for the lock (busy_timeout)
      // instead of slipping in between the read and the write.
      const other = writeFromAnotherProcess(file, "UPDATE counters SET n = n + 10 WHERE id = 'a'");
      await readThenWrite;
      await other;
      expect(first.sqlite.prepare("SELECT n FROM counters").get()).toEqual({ n: 11 });
    } finally {
      await first.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("opens a replica's connection read-only: reads work, a write fails loudly", async () => {
    const { file, dir } = scratch();
    const primary = openDatabase(file);
    try {
      await sql`CREATE TABLE notes (id TEXT PRIMARY KEY)`.execute(primary.db);
      await sql`INSERT INTO notes VALUES ('a')`.execute(primary.db);
      const replica = openDatabase(file, { readonly: true });
      try {
        expect((await sql`SELECT id FROM notes`.execute(replica.db)).rows).toEqual([{ id: "a" }]);
        await expect(sql`INSERT INTO notes VALUES ('b')`.execute(replica.db)).rejects.toThrow(/readonly/i);
        // A transaction on the replica begins deferred (an immediate one would need the write lock).
        await expect(inTransaction(replica.db, async (trx) => (await sql`SELECT id FROM notes`.execute(trx)).rows)).resolves.toHaveLength(
          1,
        );
        // It sees the primary's later commits.
        await sql`INSERT INTO notes VALUES ('c')`.execute(primary.db);
        expect((await sql`SELECT id FROM notes ORDER BY id`.execute(replica.db)).rows).toHaveLength(2);
      } finally {
        await replica.db.destroy();
      }
    } finally {
      await primary.db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
