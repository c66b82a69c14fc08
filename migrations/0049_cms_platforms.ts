import { type Kysely, sql } from "kysely";

// The publishing destinations become rows of a lookup table (docs/decisions/072): cms_connections.platform
// references cms_platforms(name) instead of a CHECK listing every platform, so a new platform is one INSERT in a
// migration, never another table rebuild. This rebuild is the last: SQLite cannot drop a CHECK in place, so the
// table is made anew from its own current definition (the CHECK swapped for the reference), its rows copied, its
// indexes and triggers made again, following https://www.sqlite.org/lang_altertable.html#otheralter with foreign
// keys off, so dropping the old table does not cascade to publications.
const PLATFORMS = ["hosted", "wordpress", "wordpress_com", "shopify", "wix", "ghost", "webflow", "notion", "webhook"];

type SchemaRow = { type: string; name: string; sql: string | null };

export async function up(db: Kysely<unknown>) {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql`CREATE TABLE cms_platforms (name TEXT PRIMARY KEY) WITHOUT ROWID`.execute(trx);
      for (const name of PLATFORMS) await sql`INSERT INTO cms_platforms (name) VALUES (${name})`.execute(trx);
      const { rows } = await sql<SchemaRow>`SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'cms_connections'`.execute(trx);
      const table = rows.find((r) => r.type === "table")?.sql ?? "";
      const rebuilt = table
        .replace(/CHECK\s*\(\s*platform\s+IN\s*\([^)]*\)\s*\)/i, "REFERENCES cms_platforms(name)")
        .replace(/^CREATE TABLE\s+"?cms_connections"?/i, "CREATE TABLE cms_connections_rebuilt");
      if (rebuilt === table || !rebuilt.includes("REFERENCES cms_platforms(name)"))
        throw new Error("cms_connections: the platform CHECK was not found");
      await sql.raw(rebuilt).execute(trx);
      await sql`INSERT INTO cms_connections_rebuilt SELECT * FROM cms_connections`.execute(trx);
      await sql`DROP TABLE cms_connections`.execute(trx);
      await sql`ALTER TABLE cms_connections_rebuilt RENAME TO cms_connections`.execute(trx);
      for (const other of rows.filter((r) => r.type !== "table" && r.sql)) await sql.raw(other.sql!).execute(trx);
      const broken = await sql`PRAGMA foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`cms_connections rebuild left ${broken.rows.length} broken references`);
    });
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
