// npm run db:restore -- [--at TIME] [--to FOLDER] [--force] [--list]: rebuilds the database from the backups in the
// configured object store (the bucket of BUCKET_NAME, else DATA_DIR's disk store) into a new folder, and says what it
// restored and what to do next (docs/decisions/081-backups-you-can-restore.md).
//   --at TIME     the newest point at or before TIME (ISO 8601, e.g. 2026-11-29T14:30:00Z); default the newest
//   --to FOLDER   where the database file goes; default $DATA_DIR/restored-<point's time>; must not hold one already
//   --force       write over a database file in FOLDER (stop the app first)
//   --list        print the restore points and restore nothing
import path from "node:path";
import { parseArgs } from "node:util";
import { getEnv } from "#app/env.server";
import { readManifests } from "#app/modules/backup/backups.server";
import { chainIdOf } from "#app/modules/backup/format";
import { findPoint, restoreBackup, RestoreError } from "#app/modules/backup/restore.server";
import { objectStore } from "#app/modules/storage/object-store.server";

const mb = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

async function list() {
  const store = objectStore();
  const manifests = await readManifests(store);
  if (!manifests.length) return console.log(`No backups in ${store.description}.`);
  console.log(`Restore points in ${store.description} (chain: base, then deltas):`);
  for (const manifest of manifests) {
    const [base, ...deltas] = manifest.points;
    const bytes = manifest.points.reduce((sum, point) => sum + point.bytes, 0);
    const last = deltas.length ? `, ${deltas.length} deltas to ${deltas[deltas.length - 1]!.at}` : "";
    console.log(`  ${manifest.chain}: base ${base!.at}${last}; ${mb(bytes)} stored`);
  }
}

async function restore(values: { at?: string; to?: string; force?: boolean }) {
  const env = getEnv();
  const store = objectStore();
  const at = values.at ? new Date(values.at) : undefined;
  if (at && Number.isNaN(at.getTime())) throw new RestoreError(`--at ${values.at} is not a time (ISO 8601, e.g. 2026-11-29T14:30:00Z).`);
  // The default folder is named after the point, so it must be known first (restoreBackup chooses it the same way).
  const chosen = await findPoint(store, at);
  if (!chosen) throw new RestoreError(`No backup point${at ? ` at or before ${at.toISOString()}` : ""} in ${store.description}.`);
  const to = path.resolve(values.to ?? path.join(env.dataDir, `restored-${chainIdOf(new Date(chosen.point.at))}`));
  console.log(`Restoring from ${store.description} into ${to} …`);
  const result = await restoreBackup({ store, to, at, force: values.force });
  const { point } = result;
  console.log(`Restored ${result.file}`);
  console.log(`  backup point: ${point.at} (chain ${result.chain}, base and ${result.deltas} deltas)`);
  console.log(`  database: ${mb(result.size)} (${point.pageCount} pages), integrity check ok, pages as backed up`);
  console.log(`  downloaded: ${mb(result.downloaded)} in ${(result.ms / 1000).toFixed(1)} s`);
  console.log("Next: the restored database needs this installation's ENCRYPTION_KEY and SESSION_SECRET (README, Backups and restore).");
  if (!env.SESSION_SECRET || !env.ENCRYPTION_KEY)
    console.log(`  Here they come from ${path.join(env.dataDir, "dev-secrets.json")}: copy it beside the database if DATA_DIR moves.`);
  if (env.LITEFS_DIR)
    console.log(
      `  With LiteFS, on the primary: litefs import -name ${path.basename(env.databasePath)} ${result.file}, then fly apps restart.`,
    );
  else console.log(`  Stop the app and start it with DATABASE_PATH=${result.file}, or move the file to ${env.databasePath}.`);
}

const { values } = parseArgs({
  options: { at: { type: "string" }, to: { type: "string" }, force: { type: "boolean" }, list: { type: "boolean" } },
});

try {
  if (values.list) await list();
  else await restore(values);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
