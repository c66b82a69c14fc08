import { describe, expect, test } from "vitest";
import { resolveEnv } from "#app/env.server";
import { isObjectKey } from "#app/modules/storage/objects";
import {
  BackupFormatError,
  baseKey,
  chainIdOf,
  chainOfManifestKey,
  choosePoint,
  DELTA_HEADER_BYTES,
  DELTA_MAGIC,
  DeltaReader,
  deltaKey,
  manifestBytes,
  manifestKey,
  parseManifest,
  planRetention,
  type Manifest,
} from "./format";

/**
 * The backup's own format (docs/decisions/081-backups-you-can-restore.md): keys, manifests, the delta of changed pages
 * read as it arrives, the point a restore goes to and what the retention policy keeps. The snapshot thread, the
 * object store and a restore are tested together in tests/integration/database-backups.test.ts.
 */

const u32s = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buffer.writeUInt32BE(value, i * 4));
  return buffer;
};

/** A delta as the snapshot thread writes it (before gzip). */
function delta(pageSize: number, pageCount: number, pages: Array<[number, number]>, trailerCount = pages.length) {
  const header = Buffer.alloc(DELTA_HEADER_BYTES);
  header.write(DELTA_MAGIC, 0, "latin1");
  u32s(1, pageSize, pageCount, 0).copy(header, 8);
  const body = pages.flatMap(([pgno, fill]) => [u32s(pgno), Buffer.alloc(pageSize, fill)]);
  return Buffer.concat([header, ...body, u32s(0, trailerCount)]);
}

const sha = (n: number) => n.toString(16).padStart(64, "0");
const point = (seq: number, at: string, chain = "c") => ({
  seq,
  key: seq === 0 ? baseKey(chain) : deltaKey(chain, seq),
  at,
  pageCount: 10,
  changedPages: seq === 0 ? 10 : 2,
  bytes: 100,
  sha256: sha(seq + 1),
  digest: sha(seq + 100),
});
function manifest(baseAt: string, deltaTimes: string[] = []): Manifest {
  const chain = chainIdOf(new Date(baseAt));
  return {
    format: 1,
    chain,
    database: "inkpilot.sqlite",
    pageSize: 4096,
    points: [point(0, baseAt, chain), ...deltaTimes.map((at, i) => point(i + 1, at, chain))],
  };
}

describe("keys", () => {
  test("chains are named by their base's UTC time, sort by age and make valid keys", () => {
    const chain = chainIdOf(new Date("2026-11-29T15:00:00.123Z"));
    expect(chain).toBe("20261129T150000123Z");
    expect(chainIdOf(new Date("2026-11-29T09:59:59.999Z")) < chain).toBe(true);
    for (const key of [manifestKey(chain), baseKey(chain), deltaKey(chain, 12)]) expect(isObjectKey(key), key).toBe(true);
    expect(deltaKey(chain, 12)).toBe("backups/data/20261129T150000123Z/delta-000012.pages.gz");
    expect(chainOfManifestKey(manifestKey(chain))).toBe(chain);
    expect(chainOfManifestKey("backups/manifests/notes.json")).toBeNull();
  });
});

describe("manifests", () => {
  test("round-trip, and anything else is refused with the key named", () => {
    const written = manifest("2026-11-29T15:00:00.000Z", ["2026-11-29T15:01:00.000Z"]);
    expect(parseManifest(manifestBytes(written), "k")).toEqual(written);
    expect(() => parseManifest(new TextEncoder().encode("{"), "backups/manifests/x.json")).toThrow(/x\.json is not JSON/);
    expect(() => parseManifest(manifestBytes({ ...written, format: 2 } as unknown as Manifest), "k")).toThrow(BackupFormatError);
    const gap = { ...written, points: [written.points[0]!, { ...written.points[1]!, seq: 2 }] };
    expect(() => parseManifest(manifestBytes(gap), "k")).toThrow(/gap/);
  });
});

describe("a delta, read as it arrives", () => {
  test("gives each page once it is whole, whatever the chunks, and checks the trailer", () => {
    const bytes = delta(512, 9, [
      [2, 0xaa],
      [9, 0xbb],
    ]);
    for (const size of [1, 7, 100, 517, bytes.length]) {
      const reader = new DeltaReader(512);
      const pages = [];
      for (let i = 0; i < bytes.length; i += size) pages.push(...reader.push(bytes.subarray(i, i + size)));
      expect(pages.map((p) => [p.pgno, p.data.length, p.data[0]])).toEqual([
        [2, 512, 0xaa],
        [9, 512, 0xbb],
      ]);
      expect(reader.end()).toEqual({ pages: 2, pageCount: 9 });
    }
  });

  test("an empty delta (the database only shrank) is read too", () => {
    const reader = new DeltaReader(512);
    expect(reader.push(delta(512, 3, []))).toEqual([]);
    expect(reader.end()).toEqual({ pages: 0, pageCount: 3 });
  });

  test("refuses a cut-short, miscounted, foreign or mismatched delta", () => {
    const whole = delta(512, 9, [[2, 1]]);
    const cut = new DeltaReader(512);
    cut.push(whole.subarray(0, whole.length - 8));
    expect(() => cut.end()).toThrow(/cut short/);
    expect(() => new DeltaReader(512).push(delta(512, 9, [[2, 1]], 5))).toThrow(/says 5 pages but holds 1/);
    expect(() => new DeltaReader(512).push(Buffer.concat([whole, Buffer.from([1])]))).toThrow(/after its trailer/);
    expect(() => new DeltaReader(4096).push(whole)).toThrow(/512 bytes, its chain's 4096/);
    expect(() => new DeltaReader(512).push(delta(512, 9, [[10, 1]]))).toThrow(/page 10 of a database of 9/);
    expect(() => new DeltaReader(512).push(Buffer.alloc(64))).toThrow(/not a delta/);
  });
});

describe("the point a restore goes to", () => {
  const older = manifest("2026-11-29T14:00:00.000Z", ["2026-11-29T14:01:00.000Z", "2026-11-29T14:59:00.000Z"]);
  const newer = manifest("2026-11-29T15:00:00.000Z", ["2026-11-29T15:01:00.000Z"]);

  test("is the newest of all, or the newest at or before the time asked", () => {
    expect(choosePoint([older, newer])?.point.at).toBe("2026-11-29T15:01:00.000Z");
    const at = (iso: string) => choosePoint([newer, older], new Date(iso));
    expect(at("2026-11-29T15:00:30.000Z")).toMatchObject({ manifest: { chain: newer.chain }, point: { seq: 0 } });
    expect(at("2026-11-29T14:30:00.000Z")).toMatchObject({ manifest: { chain: older.chain }, point: { seq: 1 } });
    expect(at("2026-11-29T14:00:00.000Z")?.point.seq).toBe(0);
    expect(at("2026-11-29T13:59:59.999Z")).toBeNull();
    expect(choosePoint([])).toBeNull();
  });
});

describe("retention", () => {
  const now = new Date("2026-11-29T10:30:00.000Z");
  const policy = { everyPointMs: 24 * 3_600_000, dailyDays: 3 };
  const hourly = (from: string, hours: number) =>
    Array.from({ length: hours }, (_, h) => {
      const at = new Date(Date.parse(from) + h * 3_600_000);
      return manifest(at.toISOString(), [new Date(at.getTime() + 60_000).toISOString()]);
    });

  test("keeps every point of the chains covering the last day, then the day's first base for the days kept", () => {
    // Hourly chains from 26 November 00:00 to 29 November 10:00.
    const chains = hourly("2026-11-26T00:00:00.000Z", 24 * 3 + 11);
    const { remove, trim } = planRetention(chains, now, policy);
    const name = (iso: string) => chainIdOf(new Date(iso));
    // Three days back is 26 November 10:30: that day keeps its first base after it, 27 and 28 their first, trimmed.
    expect(trim).toEqual([name("2026-11-26T11:00:00.000Z"), name("2026-11-27T00:00:00.000Z"), name("2026-11-28T00:00:00.000Z")]);
    expect(remove).toContain(name("2026-11-26T10:00:00.000Z"));
    expect(remove).toContain(name("2026-11-28T09:00:00.000Z"));
    // The chain from 10:00 on 28 November covers 10:30, a day before now: it and every later one stay whole.
    expect(remove).not.toContain(name("2026-11-28T10:00:00.000Z"));
    expect(remove.length + trim.length).toBe(chains.length - 25);
  });

  test("never touches the newest chain, however old", () => {
    const old = manifest("2026-10-01T00:00:00.000Z", ["2026-10-01T00:01:00.000Z"]);
    expect(planRetention([old], now, policy)).toEqual({ remove: [], trim: [] });
    expect(planRetention([old, manifest("2026-10-02T00:00:00.000Z")], now, policy)).toEqual({ remove: [old.chain], trim: [] });
  });
});

describe("the environment", () => {
  const base = { NODE_ENV: "test", DATA_DIR: process.env.DATA_DIR };
  const bucket = { BUCKET_NAME: "b", AWS_ACCESS_KEY_ID: "id", AWS_SECRET_ACCESS_KEY: "secret" };

  test("backs up by default exactly when a bucket is configured, hourly bases and a delta a minute", () => {
    expect(resolveEnv(base).backups).toEqual({ enabled: false, intervalMs: 3_600_000, incrementalMs: 60_000, retentionDays: 30 });
    expect(resolveEnv({ ...base, ...bucket }).backups.enabled).toBe(true);
    expect(resolveEnv({ ...base, ...bucket, BACKUP_ENABLED: "false" }).backups.enabled).toBe(false);
    expect(resolveEnv({ ...base, BACKUP_ENABLED: "true", BACKUP_INCREMENTAL_MS: "0" }).backups).toMatchObject({
      enabled: true,
      incrementalMs: 0,
    });
    expect(() => resolveEnv({ ...base, BACKUP_INTERVAL_MS: "10" })).toThrow(/BACKUP_INTERVAL_MS/);
  });
});
