import { Worker } from "node:worker_threads";
import { DELTA_HEADER_BYTES, DELTA_MAGIC } from "./format";

/**
 * One backup point's work, on a thread of its own (docs/decisions/081-backups-you-can-restore.md): nothing here may
 * hold the main thread, which serves every page (decisions 053, 054). The thread opens its own read-only connection
 * and copies the database with SQLite's backup API in one step, a single read transaction (WAL: writers go on, and
 * no writer's commit can make it start over, as a copy in many small steps can); then it reads the copy once,
 * hashing each page, and gzips either all of it (a base) or only the pages whose hash differs from the previous
 * point's (a delta). It runs at a lower CPU priority (nice 10 on Linux, where a thread has its own), so a busy main
 * thread comes first. Plain CommonJS evaluated in the thread, as the checkpoint thread's (app/db/checkpoints.server.ts):
 * it needs only Node and better-sqlite3, not the app's build.
 */

const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const fs = require("node:fs");
const os = require("node:os");
const zlib = require("node:zlib");
const { finished } = require("node:stream/promises");
const Database = require("better-sqlite3");

const MAGIC = ${JSON.stringify(DELTA_MAGIC)};
const HEADER_BYTES = ${DELTA_HEADER_BYTES};
const HASH = 32;

async function copy(database, file) {
  // A journal left by a copy that was killed would be played back into the new one.
  for (const suffix of ["", "-journal", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const source = new Database(database, { readonly: true, fileMustExist: true });
  let at = null;
  try {
    // The first step only opens the backup; the next copies every page at once, in one read transaction.
    await source.backup(file, { progress: () => { at = at || new Date().toISOString(); return 0x7fffffff; } });
  } finally {
    source.close();
  }
  return at || new Date().toISOString();
}

function u32s(...values) {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buffer.writeUInt32BE(value, i * 4));
  return buffer;
}

async function pack({ snapshot, object, previous, level }) {
  const fd = fs.openSync(snapshot, "r");
  const head = Buffer.alloc(100);
  fs.readSync(fd, head, 0, 100, 0);
  const pageSize = head.readUInt16BE(16) === 1 ? 65536 : head.readUInt16BE(16);
  const size = fs.fstatSync(fd).size;
  if (size % pageSize !== 0) throw new Error("The snapshot is not a whole number of pages.");
  const pageCount = size / pageSize;
  const prior = previous && previous.pageSize === pageSize ? fs.readFileSync(previous.hashes) : null;
  const hashes = Buffer.alloc(pageCount * HASH);
  const gzip = zlib.createGzip({ level });
  const objectHash = crypto.createHash("sha256");
  let bytes = 0;
  gzip.on("data", (chunk) => { objectHash.update(chunk); bytes += chunk.length; });
  const sink = fs.createWriteStream(object);
  gzip.pipe(sink);
  const write = (buffer) => (gzip.write(buffer) ? null : new Promise((resolve) => gzip.once("drain", resolve)));
  if (prior) {
    const header = Buffer.alloc(HEADER_BYTES);
    header.write(MAGIC, 0, "latin1");
    u32s(1, pageSize, pageCount, 0).copy(header, 8);
    await write(header);
  }
  const chunk = Buffer.alloc(pageSize * Math.max(1, Math.floor((1 << 20) / pageSize)));
  let changed = 0;
  for (let position = 0; position < size; ) {
    const read = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (read <= 0) throw new Error("The snapshot ended early.");
    for (let offset = 0; offset < read; offset += pageSize) {
      const index = (position + offset) / pageSize;
      const page = chunk.subarray(offset, offset + pageSize);
      const digest = crypto.createHash("sha256").update(page).digest();
      digest.copy(hashes, index * HASH);
      const same = prior && (index + 1) * HASH <= prior.length && digest.equals(prior.subarray(index * HASH, (index + 1) * HASH));
      if (prior && !same) {
        changed++;
        await write(u32s(index + 1));
        await write(Buffer.from(page));
      }
    }
    // The chunk's buffer is read into again: gzip gets a copy.
    if (!prior) await write(Buffer.from(chunk.subarray(0, read)));
    position += read;
  }
  if (prior) await write(u32s(0, changed));
  gzip.end();
  await finished(sink);
  fs.closeSync(fd);
  return {
    kind: prior ? "delta" : "base",
    pageSize,
    pageCount,
    changedPages: prior ? changed : pageCount,
    bytes,
    sha256: objectHash.digest("hex"),
    digest: crypto.createHash("sha256").update(hashes).digest("hex"),
    hashes,
  };
}

(async () => {
  try {
    os.setPriority(workerData.nice);
  } catch {
    // Not permitted or not supported: the thread runs at the process's priority.
  }
  const started = performance.now();
  const at = await copy(workerData.database, workerData.snapshot);
  const copyMs = performance.now() - started;
  const packed = await pack(workerData);
  fs.writeFileSync(workerData.hashesOut, packed.hashes);
  fs.rmSync(workerData.snapshot, { force: true });
  const { hashes, ...result } = packed;
  parentPort.postMessage({ ...result, at, copyMs, ms: performance.now() - started });
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

export type SnapshotRequest = {
  /** The live database file. */
  database: string;
  /** Where the copy goes while the thread reads it (removed when done). */
  snapshot: string;
  /** Where the gzipped base or delta goes. */
  object: string;
  /** Where the new page hashes go. */
  hashesOut: string;
  /** The previous point's page hashes and page size: a delta against them. Without, a base. */
  previous: { hashes: string; pageSize: number } | null;
  /** gzip level. */
  level: number;
};

export type SnapshotResult = {
  /** A delta was asked for but the page size changed: then it is a base. */
  kind: "base" | "delta";
  at: string;
  pageSize: number;
  pageCount: number;
  changedPages: number;
  bytes: number;
  sha256: string;
  digest: string;
  copyMs: number;
  ms: number;
};

/** Below the main thread: it waits on a busy CPU rather than the pages waiting on it. */
const NICE = 10;

/** Runs one snapshot on a new thread; `signal` ends the thread (the files it leaves are overwritten next time). */
export function takeSnapshot(request: SnapshotRequest, signal?: AbortSignal): Promise<SnapshotResult> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { ...request, nice: NICE },
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => {
      settle(() => reject(signal?.reason instanceof Error ? signal.reason : new Error("The backup was stopped.")));
      void thread.terminate();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener("abort", onAbort, { once: true });
    thread.once("message", (message: SnapshotResult | { error: string }) =>
      settle(() => ("error" in message ? reject(new Error(`The backup snapshot failed: ${message.error}`)) : resolve(message))),
    );
    thread.once("error", (error) => settle(() => reject(error)));
    thread.once("exit", (code) => settle(() => reject(new Error(`The backup thread stopped (exit code ${code}).`))));
  });
}
