import fs from "node:fs";
import path from "node:path";
import type { ObjectStore } from "#app/modules/storage/objects";
import { logger } from "#app/utils/logger.server";
import { DAY } from "#app/utils/time";
import {
  baseKey,
  chainDataPrefix,
  chainIdOf,
  chainOfManifestKey,
  DATA_PREFIX,
  deltaKey,
  MANIFEST_PREFIX,
  manifestBytes,
  manifestKey,
  parseManifest,
  planRetention,
  BackupFormatError,
  type Manifest,
  type RestorePoint,
} from "./format";
import { takeSnapshot, type SnapshotResult } from "./snapshot-thread.server";

/**
 * Writes backup points into the object store (docs/decisions/081-backups-you-can-restore.md): a base when none is
 * going or the chain's base is older than the interval, else a delta of the pages changed since the last point.
 * The page hashes of the last point stay on the local disk (`workDir`, beside the database's volume, not in it),
 * with which chain and point they belong to; after a restart they are used again only when the chain's manifest in
 * the store still ends at that point, so a chain never goes on from a state the store does not have.
 */

export type BackupSettings = {
  databasePath: string;
  /** Local folder for the page hashes and the scratch copy: room for one more copy of the database. */
  workDir: string;
  /** Age of a chain's base after which the next point is a new base. */
  intervalMs: number;
  /** 0: every point is a base (no deltas). */
  incrementalMs: number;
  /** The first base of each day is kept this many days. */
  retentionDays: number;
};

export type BackupOutcome =
  { kind: "unchanged" } | ({ kind: "base" | "delta"; chain: string; ms: number; copyMs: number } & Omit<RestorePoint, "key">);

/** Every point of the last day stays restorable (format.ts planRetention). */
const EVERY_POINT_MS = DAY;
const GZIP_LEVEL = 6;

type LocalState = { store: string; chain: string; seq: number; digest: string; pageSize: number; baseAt: string };

/** The manifest with the new point added: a new chain for a base, else the resumed chain one point longer. */
function nextManifest(snap: SnapshotResult, resumed: { state: LocalState; manifest: Manifest } | null, database: string): Manifest {
  const { at, pageCount, changedPages, bytes, sha256, digest } = snap;
  const point = { at, pageCount, changedPages, bytes, sha256, digest };
  if (!resumed) {
    const chain = chainIdOf(new Date(at));
    return { format: 1, chain, database, pageSize: snap.pageSize, points: [{ seq: 0, key: baseKey(chain), ...point }] };
  }
  const seq = resumed.state.seq + 1;
  return { ...resumed.manifest, points: [...resumed.manifest.points, { seq, key: deltaKey(resumed.state.chain, seq), ...point }] };
}

export function createBackupRunner(settings: BackupSettings, store: ObjectStore) {
  const files = {
    state: path.join(settings.workDir, "state.json"),
    hashes: path.join(settings.workDir, "hashes.bin"),
    hashesNext: path.join(settings.workDir, "hashes.next"),
    snapshot: path.join(settings.workDir, "snapshot.sqlite"),
    object: path.join(settings.workDir, "object.gz"),
  };
  let current: { state: LocalState; manifest: Manifest } | null | undefined;

  /** The local state when the store's chain still ends where it does; null means the next point is a base. */
  async function resume(): Promise<{ state: LocalState; manifest: Manifest } | null> {
    // Read once per runner; a store that cannot be read now is asked again next time, not taken for an empty one.
    if (current === undefined) current = await resumable();
    return current;
  }
  async function resumable() {
    let state: LocalState;
    try {
      state = JSON.parse(fs.readFileSync(files.state, "utf8")) as LocalState;
      if (!fs.existsSync(files.hashes) || state.store !== store.description) return null;
    } catch {
      return null;
    }
    const manifest = await readManifest(store, state.chain).catch((error: unknown) => {
      if (error instanceof BackupFormatError) return null;
      throw error;
    });
    const last = manifest?.points[manifest.points.length - 1];
    return manifest && last?.seq === state.seq && last.digest === state.digest ? { state, manifest } : null;
  }

  function baseDue(resumed: { state: LocalState } | null, now: Date) {
    if (!resumed || settings.incrementalMs === 0) return true;
    return now.getTime() - Date.parse(resumed.state.baseAt) >= settings.intervalMs;
  }

  async function upload(key: string, bytes: number) {
    await store.put(key, { stream: fs.createReadStream(files.object), size: bytes }, { contentType: "application/gzip" });
  }

  function commitLocal(state: LocalState, manifest: Manifest) {
    fs.renameSync(files.hashesNext, files.hashes);
    const temporary = `${files.state}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state));
    fs.renameSync(temporary, files.state);
    current = { state, manifest };
  }

  /** Takes one point; "unchanged" when not one page changed since the last (nothing is written then). */
  async function run(signal?: AbortSignal, now = new Date()): Promise<BackupOutcome> {
    fs.mkdirSync(settings.workDir, { recursive: true });
    const resumed = await resume();
    const asBase = baseDue(resumed, now);
    const previous = asBase || !resumed ? null : { hashes: files.hashes, pageSize: resumed.state.pageSize };
    const snap = await takeSnapshot(
      {
        database: settings.databasePath,
        snapshot: files.snapshot,
        object: files.object,
        hashesOut: files.hashesNext,
        previous,
        level: GZIP_LEVEL,
      },
      signal,
    );
    try {
      if (snap.kind === "delta" && snap.changedPages === 0) return { kind: "unchanged" };
      const manifest = nextManifest(snap, snap.kind === "base" ? null : resumed, path.basename(settings.databasePath));
      const added = manifest.points[manifest.points.length - 1]!;
      await upload(added.key, snap.bytes);
      // The manifest last: it names the point only once its object is complete in the store.
      await store.put(manifestKey(manifest.chain), manifestBytes(manifest), { contentType: "application/json" });
      const baseAt = manifest.points[0]!.at;
      commitLocal(
        { store: store.description, chain: manifest.chain, seq: added.seq, digest: snap.digest, pageSize: snap.pageSize, baseAt },
        manifest,
      );
      if (added.seq === 0) await pruneBackups(store, now, settings.retentionDays);
      const { key: _key, ...described } = added;
      return { kind: added.seq === 0 ? "base" : "delta", chain: manifest.chain, ms: snap.ms, copyMs: snap.copyMs, ...described };
    } finally {
      fs.rmSync(files.object, { force: true });
      fs.rmSync(files.hashesNext, { force: true });
    }
  }

  return { run };
}

/** The chains the store has a manifest of, oldest first (one list request per 1,000). */
export async function listChains(store: ObjectStore): Promise<string[]> {
  const chains: string[] = [];
  for await (const object of store.list(MANIFEST_PREFIX)) {
    const chain = chainOfManifestKey(object.key);
    if (chain) chains.push(chain);
  }
  return chains.sort();
}

/** A chain's manifest, or null when it is not there; BackupFormatError when it is not a manifest. */
export async function readManifest(store: ObjectStore, chain: string): Promise<Manifest | null> {
  const bytes = await store.get(manifestKey(chain));
  return bytes ? parseManifest(bytes, manifestKey(chain)) : null;
}

/** Every chain's manifest, oldest first; one that is not a manifest is logged and left out. */
export async function readManifests(store: ObjectStore): Promise<Manifest[]> {
  const manifests: Manifest[] = [];
  for (const chain of await listChains(store)) {
    try {
      const manifest = await readManifest(store, chain);
      if (manifest) manifests.push(manifest);
    } catch (error) {
      if (!(error instanceof BackupFormatError)) throw error;
      logger.warn({ err: error, chain }, "a backup manifest could not be read");
    }
  }
  return manifests;
}

async function deleteChainData(store: ObjectStore, chain: string, keep: Set<string>) {
  for await (const object of store.list(chainDataPrefix(chain))) if (!keep.has(object.key)) await store.delete(object.key);
}

/** Objects of chains older than the newest manifest that no manifest names: a base whose manifest was never written. */
async function orphanChains(store: ObjectStore, manifests: Manifest[]) {
  const named = new Set(manifests.map((m) => m.chain));
  const newest = manifests[manifests.length - 1]?.chain ?? "";
  const orphans = new Set<string>();
  for await (const object of store.list(DATA_PREFIX)) {
    const chain = object.key.slice(DATA_PREFIX.length).split("/")[0]!;
    if (!named.has(chain) && chain < newest) orphans.add(chain);
  }
  return [...orphans];
}

/**
 * Applies the retention policy (format.ts planRetention): a chain's manifest goes (or shrinks to its base) before
 * its objects, so a restore never follows a manifest to an object that is gone.
 */
async function pruneBackups(store: ObjectStore, now: Date, retentionDays: number) {
  const manifests = await readManifests(store);
  const { remove, trim } = planRetention(manifests, now, { everyPointMs: EVERY_POINT_MS, dailyDays: retentionDays });
  for (const chain of remove) {
    await store.delete(manifestKey(chain));
    await deleteChainData(store, chain, new Set());
  }
  for (const chain of await orphanChains(store, manifests)) await deleteChainData(store, chain, new Set());
  for (const chain of trim) {
    const manifest = manifests.find((m) => m.chain === chain)!;
    const base = manifest.points[0]!;
    await store.put(manifestKey(chain), manifestBytes({ ...manifest, points: [base] }), { contentType: "application/json" });
    await deleteChainData(store, chain, new Set([base.key]));
  }
  return { removed: remove.length, trimmed: trim.length };
}
