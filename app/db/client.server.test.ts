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
