import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { DB } from "#app/db/client.server";
import type { ArticleStatus } from "#app/db/schema";
import { testDb } from "#tests/setup/db";
import { makeArticle, makeUser } from "#tests/setup/factories";
import { random } from "#app/utils/wording";

/**
 * The article counts the triggers of migrations/0032_article_counts.ts keep must always equal a count of the
 * articles themselves, whatever writes them: random inserts, status and date changes, moves and deletes.
 */

let db: DB;
beforeAll(async () => {
  db = await testDb();
});

const STATUSES: ArticleStatus[] = ["draft", "scheduled", "published", "failed"];

async function kept(siteIds: string[]) {
  const rows = await db.selectFrom("article_counts").select(["site_id", "status", "dated", "n"]).where("site_id", "in", siteIds).execute();
  return Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [`${r.site_id}/${r.status}/${r.dated}`, r.n]));
}

async function counted(siteIds: string[]) {
  const rows = await db
    .selectFrom("articles")
    .select((eb) => ["site_id", "status", sql<number>`published_at IS NOT NULL`.as("dated"), eb.fn.countAll<number>().as("n")])
    .where("site_id", "in", siteIds)
    .groupBy(["site_id", "status", "dated"])
    .execute();
  return Object.fromEntries(rows.map((r) => [`${r.site_id}/${r.status}/${r.dated}`, Number(r.n)]));
}

describe("article counts", () => {
  it("equal a count of the articles after 600 random writes", async () => {
    const sites = [(await makeUser(db)).siteId, (await makeUser(db)).siteId, (await makeUser(db)).siteId];
    const next = random(20261127);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const ids: string[] = [];
    for (let step = 0; step < 600; step++) {
      const roll = next();
      if (roll < 0.4 || ids.length === 0) {
        const status = pick(STATUSES);
        ids.push(await makeArticle(db, pick(sites), { status, published_at: next() < 0.5 ? new Date().toISOString() : null }));
      } else if (roll < 0.65) {
        await db
          .updateTable("articles")
          .set({ status: pick(STATUSES) })
          .where("id", "=", pick(ids))
          .execute();
      } else if (roll < 0.8) {
        await db
          .updateTable("articles")
          .set({ published_at: next() < 0.5 ? new Date().toISOString() : null, title: `changed ${step}` })
          .where("id", "=", pick(ids))
          .execute();
      } else if (roll < 0.85) {
        await db
          .updateTable("articles")
          .set({ site_id: pick(sites) })
          .where("id", "=", pick(ids))
          .execute();
      } else if (roll < 0.97) {
        const id = ids.splice(Math.floor(next() * ids.length), 1)[0]!;
        await db.deleteFrom("articles").where("id", "=", id).execute();
      } else {
        // A bulk change, as an import or a status sweep makes.
        await db
          .updateTable("articles")
          .set({ status: "draft" })
          .where("site_id", "=", pick(sites))
          .where("status", "=", "failed")
          .execute();
      }
    }
    expect(await kept(sites)).toEqual(await counted(sites));
  });

  it("go with their site", async () => {
    const { siteId } = await makeUser(db);
    await makeArticle(db, siteId, { status: "published", published_at: new Date().toISOString() });
    expect(await kept([siteId])).toEqual({ [`${siteId}/published/1`]: 1 });
    await db.deleteFrom("sites").where("id", "=", siteId).execute();
    expect(await kept([siteId])).toEqual({});
  });
});
