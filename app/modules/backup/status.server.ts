import { getEnv } from "#app/env.server";
import { objectStore } from "#app/modules/storage/object-store.server";
import type { ObjectStore } from "#app/modules/storage/objects";
import { listChains, readManifest } from "./backups.server";
import { DATA_PREFIX } from "./format";

/**
 * What the operators' Jobs page says about the database's backups (docs/decisions/081-backups-you-can-restore.md),
 * read from the store itself, so it shows what a restore would find whichever process serves the page: the newest
 * restore point, its chain and what all chains take (a list of the manifests, one manifest, a list of the objects).
 */

export type BackupStatus =
  | { state: "off" }
  | { state: "none"; store: string }
  | { state: "unreadable"; store: string; message: string }
  | {
      state: "ok";
      store: string;
      /** The newest restore point's time, and its age when read. */
      newestAt: string;
      ageMs: number;
      /** Its chain's base time and its number of deltas. */
      baseAt: string;
      deltas: number;
      /** The database's size at the newest point. */
      databaseBytes: number;
      chains: number;
      /** What every kept point takes in the store, gzipped. */
      storedBytes: number;
    };

export async function backupStatus(store: ObjectStore = objectStore(), now = new Date()): Promise<BackupStatus> {
  if (!getEnv().backups.enabled) return { state: "off" };
  try {
    const chains = await listChains(store);
    const newest = chains.length ? await readManifest(store, chains[chains.length - 1]!) : null;
    if (!newest) return { state: "none", store: store.description };
    const last = newest.points[newest.points.length - 1]!;
    let storedBytes = 0;
    for await (const object of store.list(DATA_PREFIX)) storedBytes += object.size;
    return {
      state: "ok",
      store: store.description,
      newestAt: last.at,
      ageMs: now.getTime() - Date.parse(last.at),
      baseAt: newest.points[0]!.at,
      deltas: newest.points.length - 1,
      databaseBytes: last.pageCount * newest.pageSize,
      chains: chains.length,
      storedBytes,
    };
  } catch (error) {
    return { state: "unreadable", store: store.description, message: (error as Error).message };
  }
}
