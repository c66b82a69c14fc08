import { describe, expect, it } from "vitest";
import { testDb } from "#tests/setup/db";
import { inTransaction, type DB } from "./client.server";

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
