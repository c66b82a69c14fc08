import { Migrator, sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type DB } from "#app/db/client.server";
import { migrateToLatest } from "#app/db/migrate.server";
import { CMS_PLATFORMS } from "#app/db/schema";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import { makeArticle, makePublication, makeUser } from "#tests/setup/factories";
import { migrations } from "../../migrations/index";

/**
 * Migration 0049 rebuilds cms_connections with its platform as a reference to cms_platforms instead of a CHECK
 * (docs/decisions/072): on a database that holds connections and publications, every row survives, the
 * indexes and the cascade to publications still hold, and a platform outside the lookup is refused.
 */

let db: DB;
let before: { siteId: string; connectionId: string; publicationId: string };

beforeAll(async () => {
  db = getDb();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo("0048_blog_slug_redirects");
  if (error) throw error;
  const user = await makeUser(db);
  const articleId = await makeArticle(db, user.siteId, { title: "Before the rebuild" });
  const publicationId = await makePublication(db, user.siteId, articleId);
  const row = await db.selectFrom("publications").select("connection_id").where("id", "=", publicationId).executeTakeFirstOrThrow();
  before = { siteId: user.siteId, connectionId: row.connection_id, publicationId };
  // 0049 runs first; the migrations after it change nothing this test reads.
  expect((await migrateToLatest(db))[0]).toBe("0049_cms_platforms");
});

const connectionRow = (platform: string) => ({
  id: newId(),
  site_id: before.siteId,
  platform,
  name: "Elsewhere",
  site_url: `https://${newId()}.example`,
  created_at: isoNow(),
  updated_at: isoNow(),
});

describe("migration 0049: platforms as a lookup", () => {
  it("keeps every connection and publication, and the lookup holds the one platform list", async () => {
    const platforms = await db.selectFrom("cms_platforms").select("name").orderBy("name").execute();
    expect(platforms.map((p) => p.name)).toEqual([...CMS_PLATFORMS].sort());
    expect(await db.selectFrom("cms_connections").select("id").where("id", "=", before.connectionId).executeTakeFirst()).toBeTruthy();
    expect(await db.selectFrom("publications").select("id").where("id", "=", before.publicationId).executeTakeFirst()).toBeTruthy();
    const schema = await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE tbl_name = 'cms_connections'`.execute(db);
    expect(schema.rows.map((r) => r.sql).join("\n")).not.toMatch(/CHECK\s*\(\s*platform/i);
    expect(schema.rows.some((r) => r.sql?.includes("cms_connections_one_default"))).toBe(true);
  });

  it("refuses a platform outside the lookup, and takes one once a migration adds it", async () => {
    await expect(
      sql`INSERT INTO cms_connections (id, site_id, platform, name, site_url, created_at, updated_at)
      VALUES (${newId()}, ${before.siteId}, 'myspace', 'x', 'https://x.example', ${isoNow()}, ${isoNow()})`.execute(db),
    ).rejects.toThrow(/FOREIGN KEY/);
    await sql`INSERT INTO cms_platforms (name) VALUES ('myspace')`.execute(db);
    const row = connectionRow("myspace");
    await sql`INSERT INTO cms_connections (id, site_id, platform, name, site_url, created_at, updated_at)
      VALUES (${row.id}, ${row.site_id}, ${row.platform}, ${row.name}, ${row.site_url}, ${row.created_at}, ${row.updated_at})`.execute(db);
    await sql`DELETE FROM cms_connections WHERE id = ${row.id}`.execute(db);
    await sql`DELETE FROM cms_platforms WHERE name = 'myspace'`.execute(db);
  });

  it("still deletes a connection's publications with it", async () => {
    await db.deleteFrom("cms_connections").where("id", "=", before.connectionId).execute();
    expect(await db.selectFrom("publications").select("id").where("id", "=", before.publicationId).executeTakeFirst()).toBeUndefined();
  });
});
