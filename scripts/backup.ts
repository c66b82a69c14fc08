// npm run db:backup -- FILE: an online backup of the configured database, safe while the server runs
// (SQLite's backup API copies a consistent snapshot page by page, WAL included).
import fs from "node:fs";
import path from "node:path";
import { closeDb, getSqlite } from "#app/db/client.server";
import { getEnv } from "#app/env.server";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run db:backup -- FILE");
  process.exit(1);
}
const file = path.resolve(target);

try {
  const env = getEnv();
  if (file === env.databasePath) throw new Error("The backup file must not be the database itself.");
  if (!fs.existsSync(env.databasePath)) throw new Error(`No database at ${env.databasePath}.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const { totalPages } = await getSqlite().backup(file);
  const bytes = fs.statSync(file).size;
  console.log(`Backed up ${env.databasePath} to ${file}: ${(bytes / 1024 / 1024).toFixed(2)} MB (${bytes} bytes, ${totalPages} pages)`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDb();
}
