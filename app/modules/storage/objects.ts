import type { Readable } from "node:stream";

/**
 * What an object store is (docs/decisions/079): arbitrary keys mapped to bytes, with the rule for keys that
 * both implementations (disk-store.server.ts, s3-store.server.ts) enforce. The configured store is
 * object-store.server.ts's objectStore().
 */

export type ObjectInfo = {
  key: string;
  size: number;
  /** S3's ETag without its quotes (the MD5 of a single-part upload); null on disk, where it is not kept. */
  etag: string | null;
  lastModified: Date | null;
};

type ObjectStream = ObjectInfo & { contentType: string | null; body: ReadableStream<Uint8Array> };

/** Bytes in memory, or a Node stream of a known length (a file on disk), for objects too large to hold. */
type ObjectBody = Uint8Array | { stream: Readable; size: number };

/** Bytes from `start` to `end`, both included (HTTP's Range); `end` past the object stops at its last byte. */
export type ByteRange = { start: number; end: number };

export interface ObjectStore {
  /** "disk" or "s3 <bucket>", for logs and the migration command; never a secret. */
  readonly description: string;
  /** Writes the object, replacing one of the same key; throws ObjectStoreError when it cannot. */
  put(key: string, body: ObjectBody, options?: { contentType?: string }): Promise<void>;
  /** The object's bytes (or a range of them), or null when there is no such object. */
  get(key: string, options?: { range?: ByteRange }): Promise<Uint8Array | null>;
  /** The object as a stream with its size and type, or null when there is none. */
  stream(key: string): Promise<ObjectStream | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
}

/** A store that failed for another reason than a missing object: its message names the operation, key and cause. */
export class ObjectStoreError extends Error {
  override name = "ObjectStoreError";
  constructor(
    message: string,
    /** The service's error code ("SignatureDoesNotMatch", "ENOSPC"…) when there is one. */
    readonly code: string | null = null,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

// Segments of letters, digits, "_", "-" and ".", never starting with a dot: no "..", no hidden or temporary files.
const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** True for a key this store accepts: "/"-separated safe segments, at most 1,024 characters. */
export function isObjectKey(key: string) {
  return key.length > 0 && key.length <= 1024 && key.split("/").every((segment) => KEY_SEGMENT.test(segment));
}

export function assertObjectKey(key: string) {
  if (!isObjectKey(key)) throw new ObjectStoreError(`Not a key of the object store: ${JSON.stringify(key.slice(0, 200))}`);
}

/** True for a list prefix: empty, or a key's beginning ("uploads/", "uploads/logos/site-"). */
export function isObjectPrefix(prefix: string) {
  return prefix === "" || isObjectKey(prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}
