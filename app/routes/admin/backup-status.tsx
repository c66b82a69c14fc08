import type { BackupStatus } from "#app/modules/backup/status.server";
import { formatUtc } from "./mail-status";

/** The database's backups as the store holds them (docs/decisions/081-backups-you-can-restore.md), on the Jobs page. */

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function age(ms: number) {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return minutes < 120 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

function describe(status: BackupStatus) {
  switch (status.state) {
    case "off":
      return "Off: no bucket is configured and BACKUP_ENABLED is not set (npm run db:backup makes a copy by hand).";
    case "none":
      return `On, into ${status.store}; no backup point yet (the first is taken a few seconds after the worker starts).`;
    case "unreadable":
      return `On, but ${status.store} could not be read: ${status.message}`;
    case "ok":
      return (
        `Newest restore point ${formatUtc(status.newestAt)} (${age(status.ageMs)}; points are taken only when the database ` +
        `changed), from the base of ${formatUtc(status.baseAt)} and ${status.deltas} deltas; database ${mb(status.databaseBytes)}. ` +
        `${status.chains} chains kept, ${mb(status.storedBytes)} in ${status.store}. npm run db:restore restores one.`
      );
  }
}

export function BackupStatusLine({ status }: { status: BackupStatus }) {
  return (
    <p className="mb-4 max-w-3xl rounded-md border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700" data-testid="backup-status">
      <strong>Database backups:</strong> {describe(status)}
    </p>
  );
}
