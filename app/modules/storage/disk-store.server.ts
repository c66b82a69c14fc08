import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomToken } from "#app/utils/crypto.server";
import {
  assertObjectKey,
  isObjectKey,
  isObjectPrefix,
  ObjectStoreError,
  type ByteRange,
  type ObjectInfo,
  type ObjectStore,
} from "./objects";

/**
 * The object store on the local disk: key "uploads/logos/a.png" is the file <root>/uploads/logos/a.png, so the
 * image store keeps today's layout under DATA_DIR. A put writes a hidden temporary file beside the target and
 * renames it into place, so a reader never sees half an object and a crash leaves no object at all (keys never
 * start with a dot, so the temporary files are never listed or served).
 */

const missing = (error: unknown) => ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

function failure(operation: string, key: string, error: unknown) {
  const code = (error as NodeJS.ErrnoException).code ?? null;
  return new ObjectStoreError(`The disk store could not ${operation} ${key}: ${(error as Error).message}`, code);
}

async function readRange(file: string, range: ByteRange) {
  const handle = await fsp.open(file, "r");
  try {
    const { size } = await handle.stat();
    const end = Math.min(range.end, size - 1);
    if (range.start > end) return new Uint8Array(0);
    const buffer = Buffer.alloc(end - range.start + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, range.start);
    return new Uint8Array(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

async function* walk(dir: string, root: string): AsyncGenerator<string> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (missing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, root);
    else if (entry.isFile()) {
      const key = path.relative(root, full).split(path.sep).join("/");
      if (isObjectKey(key)) yield key;
    }
  }
}

export function createDiskStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    assertObjectKey(key);
    return path.join(root, ...key.split("/"));
  };

  async function info(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fsp.stat(fileOf(key));
      return stat.isFile() ? { key, size: stat.size, etag: null, lastModified: stat.mtime } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw failure("read", key, error);
    }
  }

  return {
    description: "disk",

    async put(key, body) {
      const file = fileOf(key);
      const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomToken(6)}.tmp`);
      try {
        await fsp.mkdir(path.dirname(file), { recursive: true });
        if (body instanceof Uint8Array) await fsp.writeFile(temporary, body);
        else await pipeline(body.stream, fs.createWriteStream(temporary));
        await fsp.rename(temporary, file);
      } catch (error) {
        await fsp.rm(temporary, { force: true });
        throw failure("write", key, error);
      }
    },

    async get(key, options) {
      const file = fileOf(key);
      try {
        return options?.range ? await readRange(file, options.range) : new Uint8Array(await fsp.readFile(file));
      } catch (error) {
        if (missing(error)) return null;
        throw failure("read", key, error);
      }
    },

    async stream(key) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(fileOf(key), "r");
      } catch (error) {
        if (missing(error)) return null;
        throw failure("read", key, error);
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { key, size: stat.size, etag: null, lastModified: stat.mtime, contentType: null, body };
    },

    head: info,

    async delete(key) {
      try {
        await fsp.rm(fileOf(key), { force: true });
      } catch (error) {
        throw failure("delete", key, error);
      }
    },

    async *list(prefix) {
      if (!isObjectPrefix(prefix)) throw new ObjectStoreError(`Not a prefix of the object store: ${JSON.stringify(prefix)}`);
      // Only the folder the prefix names can hold its keys; its files are then filtered by the whole prefix.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      const keys: string[] = [];
      for await (const key of walk(path.join(root, ...folder.split("/").filter(Boolean)), root)) if (key.startsWith(prefix)) keys.push(key);
      // S3's order (by code unit: "a-b" before "a/b"), which a walk folder by folder does not give.
      for (const key of keys.sort()) {
        const found = await info(key);
        if (found) yield found;
      }
    },
  };
}
