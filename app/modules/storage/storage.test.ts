import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, test } from "vitest";
import { resolveEnv } from "#app/env.server";
import { copyObjects, sameObject } from "./copy.server";
import { createDiskStore } from "./disk-store.server";
import { isObjectKey, isObjectPrefix } from "./objects";

/**
 * The object store's rules that hold whatever keeps the bytes (docs/decisions/079): which keys exist, how the
 * environment chooses the store, when a copy counts as the same object, and the disk store itself. The bucket is
 * tested through the real SDK against the fake S3 in tests/integration/object-storage.test.ts.
 */

const md5 = (bytes: Uint8Array) => crypto.createHash("md5").update(bytes).digest("hex");
const text = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString("utf8") : null);

describe("keys", () => {
  test("are /-separated safe segments that never start with a dot", () => {
    for (const key of ["uploads/logos/site-abc_12.png", "backups/2026-11-29/inkpilot.sqlite", "a"]) expect(isObjectKey(key)).toBe(true);
    for (const key of ["", "/uploads/a.png", "uploads//a.png", "uploads/../inkpilot.sqlite", "uploads/.a.png.x1.tmp", "a b", "a\\b", "é"])
      expect(isObjectKey(key), key).toBe(false);
    expect(isObjectKey(`a/${"b".repeat(1100)}`)).toBe(false);
  });

  test("a prefix is empty or the beginning of a key", () => {
    expect(["", "uploads/", "uploads/logos/site-"].every(isObjectPrefix)).toBe(true);
    expect(["/", "../", "uploads//"].some(isObjectPrefix)).toBe(false);
  });
});

describe("the environment chooses the store", () => {
  const base = { NODE_ENV: "test", DATA_DIR: process.env.DATA_DIR };

  test("the disk without a bucket; a bucket with Fly's names (Tigris: an endpoint and region auto)", () => {
    expect(resolveEnv(base).objectStorage).toEqual({ kind: "disk" });
    const fly = {
      BUCKET_NAME: "inkpilot-pictures",
      AWS_ENDPOINT_URL_S3: "https://fly.storage.tigris.dev",
      AWS_ACCESS_KEY_ID: "tid_x",
      AWS_SECRET_ACCESS_KEY: "tsec_y",
    };
    expect(resolveEnv({ ...base, ...fly }).objectStorage).toEqual({
      kind: "s3",
      bucket: "inkpilot-pictures",
      endpoint: "https://fly.storage.tigris.dev",
      region: "auto",
      accessKeyId: "tid_x",
      secretAccessKey: "tsec_y",
      forcePathStyle: false,
    });
    expect(resolveEnv({ ...base, ...fly, AWS_REGION: "eu-central-1", S3_FORCE_PATH_STYLE: "true" }).objectStorage).toMatchObject({
      region: "eu-central-1",
      forcePathStyle: true,
    });
    // Amazon S3 itself: no endpoint, the region's.
    const { AWS_ENDPOINT_URL_S3: _, ...amazon } = fly;
    expect(resolveEnv({ ...base, ...amazon }).objectStorage).toMatchObject({ endpoint: undefined, region: "us-east-1" });
  });

  test("a bucket without its keys stops the start, in every mode, naming the variables", () => {
    expect(() => resolveEnv({ ...base, BUCKET_NAME: "b", AWS_ACCESS_KEY_ID: "id" })).toThrow(
      /AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: required when BUCKET_NAME is set/,
    );
    expect(() =>
      resolveEnv({ ...base, BUCKET_NAME: "b", AWS_ENDPOINT_URL_S3: "not a url", AWS_ACCESS_KEY_ID: "i", AWS_SECRET_ACCESS_KEY: "s" }),
    ).toThrow(/AWS_ENDPOINT_URL_S3/);
  });
});

describe("the same object", () => {
  const bytes = new TextEncoder().encode("a picture");

  test("is the same size and, when the ETag is an MD5, the same MD5", () => {
    expect(sameObject(null, bytes)).toBe(false);
    expect(sameObject({ size: bytes.length, etag: md5(bytes) }, bytes)).toBe(true);
    expect(sameObject({ size: bytes.length, etag: md5(bytes).toUpperCase() }, bytes)).toBe(true);
    expect(sameObject({ size: bytes.length, etag: md5(new TextEncoder().encode("a pictur!")) }, bytes)).toBe(false);
    expect(sameObject({ size: bytes.length + 1, etag: null }, bytes)).toBe(false);
  });

  test("with an ETag that is no MD5 (multipart, another service's), the size has to do", () => {
    expect(sameObject({ size: bytes.length, etag: `${md5(bytes)}-2` }, bytes)).toBe(true);
    expect(sameObject({ size: bytes.length, etag: null }, bytes)).toBe(true);
  });
});

describe("the disk store", () => {
  const root = path.join(process.env.DATA_DIR!, "disk-store");
  const store = createDiskStore(root);

  test("keeps an object at its key's path, replaces it whole, reads ranges and deletes it", async () => {
    await store.put("uploads/logos/a.png", new TextEncoder().encode("first"));
    expect(fs.readFileSync(path.join(root, "uploads/logos/a.png"), "utf8")).toBe("first");
    await store.put("uploads/logos/a.png", new TextEncoder().encode("second version"));
    expect(text(await store.get("uploads/logos/a.png"))).toBe("second version");
    expect(text(await store.get("uploads/logos/a.png", { range: { start: 0, end: 5 } }))).toBe("second");
    expect(text(await store.get("uploads/logos/a.png", { range: { start: 7, end: 999 } }))).toBe("version");
    expect(await store.get("uploads/logos/a.png", { range: { start: 99, end: 120 } })).toEqual(new Uint8Array(0));
    expect(await store.head("uploads/logos/a.png")).toMatchObject({ key: "uploads/logos/a.png", size: 14, etag: null });
    const streamed = await store.stream("uploads/logos/a.png");
    expect(streamed?.size).toBe(14);
    expect(await new Response(streamed!.body).text()).toBe("second version");
    // No temporary file is left beside it.
    expect(fs.readdirSync(path.join(root, "uploads/logos"))).toEqual(["a.png"]);
    await store.delete("uploads/logos/a.png");
    await store.delete("uploads/logos/a.png");
    expect(await store.get("uploads/logos/a.png")).toBeNull();
    expect(await store.stream("uploads/logos/a.png")).toBeNull();
    expect(await store.head("uploads/logos")).toBeNull();
  });

  test("writes a stream of a known length, for files too large to hold", async () => {
    await store.put("backups/db.sqlite", { stream: Readable.from([Buffer.from("page one, "), Buffer.from("page two")]), size: 18 });
    expect(text(await store.get("backups/db.sqlite"))).toBe("page one, page two");
  });

  test("lists by prefix in S3's key order, without hidden or foreign files", async () => {
    for (const key of ["list/a-b", "list/a/b", "list/a/c", "list/b", "other/x"]) await store.put(key, new Uint8Array([1]));
    fs.writeFileSync(path.join(root, "list/.half-written.tmp"), "x");
    fs.writeFileSync(path.join(root, "list/name with spaces"), "x");
    const keys = async (prefix: string) => {
      const found: string[] = [];
      for await (const object of store.list(prefix)) found.push(object.key);
      return found;
    };
    expect(await keys("list/")).toEqual(["list/a-b", "list/a/b", "list/a/c", "list/b"]);
    expect(await keys("list/a")).toEqual(["list/a-b", "list/a/b", "list/a/c"]);
    expect(await keys("nothing/")).toEqual([]);
    await expect(keys("../")).rejects.toThrow(/Not a prefix/);
  });

  test("refuses a key outside its pattern before touching the disk", async () => {
    await expect(store.put("../escape.txt", new Uint8Array([1]))).rejects.toThrow(/Not a key of the object store/);
    await expect(store.get("uploads/../../etc/passwd")).rejects.toThrow(/Not a key/);
    expect(fs.existsSync(path.join(root, "..", "escape.txt"))).toBe(false);
  });

  test("copies between stores idempotently, deleting the source only when asked", async () => {
    const from = createDiskStore(path.join(root, "from"));
    const to = createDiskStore(path.join(root, "to"));
    await from.put("uploads/articles/a.png", new TextEncoder().encode("a"));
    await from.put("uploads/articles/b.png", new TextEncoder().encode("bb"));
    await from.put("elsewhere/c.png", new TextEncoder().encode("c"));
    expect(await copyObjects(from, to, "uploads/")).toEqual({ found: 2, copied: 2, skipped: 0, failed: 0, deleted: 0, failures: [] });
    expect(await copyObjects(from, to, "uploads/")).toMatchObject({ copied: 0, skipped: 2 });
    expect(await copyObjects(from, to, "uploads/", { deleteSource: true })).toMatchObject({ skipped: 2, deleted: 2 });
    expect(await from.get("uploads/articles/a.png")).toBeNull();
    expect(text(await to.get("uploads/articles/b.png"))).toBe("bb");
    expect(await to.head("elsewhere/c.png")).toBeNull();
  });
});
