import crypto from "node:crypto";
import type { ObjectInfo, ObjectStore } from "./objects";

/**
 * Copies every object under a prefix from one store to another (docs/decisions/079): `npm run images:migrate`
 * moves DATA_DIR/uploads into the bucket with it. Idempotent and so resumable: before each put it asks the
 * destination for the key, and an object already there with the same size and MD5 (S3's ETag of a single-part
 * upload) is skipped; after a put the destination is asked again, and only an object seen there intact counts as
 * copied. The source is touched only with `deleteSource`, and only for objects verified at the destination.
 * Objects are read whole, which suits pictures (at most a few MB); a database file would want a streamed copy.
 */

type CopyFailure = { key: string; error: string };
export type CopyReport = { found: number; copied: number; skipped: number; failed: number; deleted: number; failures: CopyFailure[] };

const CONCURRENCY = 4;

/** True when what the destination holds is these bytes: same size, and the same MD5 when its ETag is one. */
export function sameObject(held: Pick<ObjectInfo, "size" | "etag"> | null, bytes: Uint8Array) {
  if (!held || held.size !== bytes.byteLength) return false;
  // A multipart upload's ETag ("…-3") or another service's opaque one is no MD5: the size has to do.
  if (!held.etag || !/^[0-9a-f]{32}$/i.test(held.etag)) return true;
  return held.etag.toLowerCase() === crypto.createHash("md5").update(bytes).digest("hex");
}

type Progress = (event: { key: string; outcome: "copied" | "skipped" | "failed" | "deleted"; error?: string }) => void;

async function copyOne(from: ObjectStore, to: ObjectStore, key: string, report: CopyReport, options: CopyOptions) {
  const bytes = await from.get(key);
  if (!bytes) throw new Error("it disappeared from the source while copying");
  if (sameObject(await to.head(key), bytes)) {
    report.skipped++;
    options.onProgress?.({ key, outcome: "skipped" });
  } else {
    await to.put(key, bytes, { contentType: options.contentTypeOf?.(key) });
    if (!sameObject(await to.head(key), bytes)) throw new Error("the destination does not hold the same bytes after the copy");
    report.copied++;
    options.onProgress?.({ key, outcome: "copied" });
  }
  if (options.deleteSource) {
    try {
      await from.delete(key);
    } catch (error) {
      throw new Error(`copied, but not deleted from the source: ${(error as Error).message}`);
    }
    report.deleted++;
    options.onProgress?.({ key, outcome: "deleted" });
  }
}

type CopyOptions = { deleteSource?: boolean; contentTypeOf?: (key: string) => string | undefined; onProgress?: Progress };

export async function copyObjects(from: ObjectStore, to: ObjectStore, prefix: string, options: CopyOptions = {}): Promise<CopyReport> {
  const keys: string[] = [];
  for await (const object of from.list(prefix)) keys.push(object.key);
  const report: CopyReport = { found: keys.length, copied: 0, skipped: 0, failed: 0, deleted: 0, failures: [] };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      try {
        await copyOne(from, to, key, report, options);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        report.failed++;
        report.failures.push({ key, error: message });
        options.onProgress?.({ key, outcome: "failed", error: message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, keys.length) }, worker));
  return report;
}
