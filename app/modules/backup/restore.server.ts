import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import type { ObjectStore } from "#app/modules/storage/objects";
import { logger } from "#app/utils/logger.server";
import { listChains, readManifest } from "./backups.server";
import { BackupFormatError, chainTime, choosePoint, DeltaReader, type Manifest, type RestorePoint } from "./format";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/**
 * Rebuilds the database from its backup points (docs/decisions/081-backups-you-can-restore.md): the base, then each
 * delta's pages in order, into a new file in the folder asked for. Each object's SHA-256 is checked as it arrives,
 * the rebuilt file's pages against the point's digest, and the database with SQLite's integrity check; only then
 * does it take the database's name, so a failed restore leaves nothing that looks like a database. It never writes
 * over a database file that is there unless told to (`force`).
 */

/** A restore that cannot be done, with a message for the operator. */
export class RestoreError extends Error {
  override name = "RestoreError";
}

type RestoreResult = {
  file: string;
  chain: string;
  point: RestorePoint;
  /** Deltas applied after the base. */
  deltas: number;
  /** Bytes downloaded (gzipped). */
  downloaded: number;
  /** The database's size. */
  size: number;
  ms: number;
};

/** Streams one object through its SHA-256 check and gunzip into `sink`. */
async function unpack(
  store: ObjectStore,
  point: RestorePoint,
  sink: NodeJS.WritableStream | ((source: AsyncIterable<Buffer>) => Promise<void>),
) {
  const object = await store.stream(point.key);
  if (!object) throw new RestoreError(`The backup object ${point.key} is missing from ${store.description}.`);
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(object.body as NodeReadableStream), tap, zlib.createGunzip(), sink);
  } catch (error) {
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`The backup object ${point.key} could not be read: ${(error as Error).message}`);
  }
  if (hash.digest("hex") !== point.sha256 || bytes !== point.bytes)
    throw new RestoreError(`The backup object ${point.key} is not the one its manifest describes (size or SHA-256 differ).`);
  return bytes;
}

/** Writes one delta's pages into the open file and cuts it to the point's size. */
async function applyDelta(store: ObjectStore, manifest: Manifest, point: RestorePoint, fd: number) {
  const reader = new DeltaReader(manifest.pageSize);
  const bytes = await unpack(store, point, async (source) => {
    for await (const chunk of source)
      for (const page of reader.push(chunk)) fs.writeSync(fd, page.data, 0, page.data.length, (page.pgno - 1) * manifest.pageSize);
  });
  const { pageCount } = reader.end();
  if (pageCount !== point.pageCount)
    throw new RestoreError(`The delta ${point.key} is for ${pageCount} pages, its manifest says ${point.pageCount}.`);
  fs.ftruncateSync(fd, pageCount * manifest.pageSize);
  return bytes;
}

/** SHA-256 of every page's SHA-256, as the backup computed it. */
async function pageDigest(file: string, pageSize: number) {
  const outer = crypto.createHash("sha256");
  let rest = Buffer.alloc(0);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) {
    let data = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    let offset = 0;
    for (; offset + pageSize <= data.length; offset += pageSize)
      outer.update(
        crypto
          .createHash("sha256")
          .update(data.subarray(offset, offset + pageSize))
          .digest(),
      );
    rest = Buffer.from(data.subarray(offset));
    data = Buffer.alloc(0);
  }
  if (rest.length) throw new RestoreError("The rebuilt database is not a whole number of pages.");
  return outer.digest("hex");
}

function integrityOf(file: string) {
  const check = new SQLite(file, { fileMustExist: true });
  try {
    const rows = check.pragma("integrity_check") as Array<{ integrity_check: string }>;
    return rows.map((row) => row.integrity_check);
  } finally {
    check.close();
  }
}

/**
 * The point a restore goes to: the newest at or before `at` (the newest of all without it), with its manifest. A
 * chain's name is its base's time, so only the manifest of the chain that holds it is read (the one before it when
 * that one is unreadable).
 */
export async function findPoint(store: ObjectStore, at?: Date) {
  const limit = at?.getTime() ?? Infinity;
  const chains = (await listChains(store)).filter((chain) => (chainTime(chain)?.getTime() ?? Infinity) <= limit).reverse();
  for (const chain of chains) {
    try {
      const manifest = await readManifest(store, chain);
      const chosen = manifest && choosePoint([manifest], at);
      if (chosen) return chosen;
    } catch (error) {
      if (!(error instanceof BackupFormatError)) throw error;
      logger.warn({ err: error, chain }, "a backup manifest could not be read; trying the chain before it");
    }
  }
  return null;
}

type RestoreOptions = {
  store: ObjectStore;
  /** The folder to write into (made if need be). */
  to: string;
  /** The newest point at or before this time; the newest of all without it. */
  at?: Date;
  /** Write over a database file of the same name in `to` (with its -wal and -shm). Stop the app first. */
  force?: boolean;
};

export async function restoreBackup({ store, to, at, force = false }: RestoreOptions): Promise<RestoreResult> {
  const started = performance.now();
  const chosen = await findPoint(store, at);
  if (!chosen)
    throw new RestoreError(
      at ? `No backup point at or before ${at.toISOString()} in ${store.description}.` : `No backup in ${store.description}.`,
    );
  const { manifest, point } = chosen;
  const target = path.resolve(to, manifest.database);
  if (!force && ["", "-wal", "-shm"].some((suffix) => fs.existsSync(target + suffix)))
    throw new RestoreError(`${target} is there already: restore into a new folder, or stop the app and add --force to replace it.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.restoring`;
  fs.rmSync(partial, { force: true });
  try {
    const [base, ...deltas] = manifest.points.slice(0, point.seq + 1);
    let downloaded = await unpack(store, base!, fs.createWriteStream(partial));
    const fd = fs.openSync(partial, "r+");
    try {
      for (const delta of deltas) downloaded += await applyDelta(store, manifest, delta, fd);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if ((await pageDigest(partial, manifest.pageSize)) !== point.digest)
      throw new RestoreError(`The rebuilt database differs from backup point ${point.seq} of chain ${manifest.chain}.`);
    const integrity = integrityOf(partial);
    if (integrity.join() !== "ok")
      throw new RestoreError(`The rebuilt database fails SQLite's integrity check: ${integrity.slice(0, 5).join("; ")}`);
    for (const suffix of ["-wal", "-shm"]) fs.rmSync(target + suffix, { force: true });
    fs.renameSync(partial, target);
    const size = fs.statSync(target).size;
    return { file: target, chain: manifest.chain, point, deltas: deltas.length, downloaded, size, ms: performance.now() - started };
  } catch (error) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(partial + suffix, { force: true });
    throw error;
  }
}
