import { z } from "zod";

/**
 * What a database backup is in the object store (docs/decisions/081-backups-you-can-restore.md): chains of
 * restore points. A chain starts with a base, the whole database gzipped (`gunzip` alone restores it), and goes
 * on with deltas, each holding only the pages that changed since the point before it. Its manifest lists the
 * points in order and is written after each point's object, so it names only complete objects: restoring to a
 * point is the base, then every delta up to it, in order. Keys:
 *
 *   backups/manifests/<chain>.json
 *   backups/data/<chain>/base.sqlite.gz
 *   backups/data/<chain>/delta-000001.pages.gz, delta-000002.pages.gz, …
 *
 * A chain's name is its base's UTC time (20261129T150000123Z), so chains sort by age.
 */

const MANIFESTS = "backups/manifests/";
const DATA = "backups/data/";

/** "20261129T150000123Z": sortable, and a valid key segment (no colons). */
export function chainIdOf(at: Date) {
  return at.toISOString().replace(/[-:.]/g, "");
}

/** The time a chain's name says, its base's. */
export function chainTime(chain: string) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(chain);
  return m ? new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z`) : null;
}

export const MANIFEST_PREFIX = MANIFESTS;
export const DATA_PREFIX = DATA;
export const manifestKey = (chain: string) => `${MANIFESTS}${chain}.json`;
export const chainDataPrefix = (chain: string) => `${DATA}${chain}/`;
export const baseKey = (chain: string) => `${DATA}${chain}/base.sqlite.gz`;
export const deltaKey = (chain: string, seq: number) => `${DATA}${chain}/delta-${String(seq).padStart(6, "0")}.pages.gz`;
/** The chain a manifest key names, or null for any other key. */
export const chainOfManifestKey = (key: string) => /^backups\/manifests\/(\d{8}T\d{9}Z)\.json$/.exec(key)?.[1] ?? null;

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const PointSchema = z.object({
  /** 0 for the base, then 1, 2, … for the deltas. */
  seq: z.number().int().min(0),
  key: z.string(),
  /** When the snapshot's read began: every commit before it is in the point. */
  at: z.iso.datetime(),
  /** The database's size in pages at this point. */
  pageCount: z.number().int().min(1),
  /** Pages the object holds: all of them for the base. */
  changedPages: z.number().int().min(0),
  /** The object's size in the store, gzipped. */
  bytes: z.number().int().min(0),
  /** SHA-256 of the object as stored. */
  sha256: Sha256,
  /** SHA-256 of the SHA-256 of every page in order: the restored file is this point exactly when they agree. */
  digest: Sha256,
});

const ManifestSchema = z.object({
  format: z.literal(1),
  chain: z.string().regex(/^\d{8}T\d{9}Z$/),
  /** The database file's name (DATABASE_PATH's), which a restore gives the file it writes. */
  database: z.string().min(1),
  pageSize: z.number().int().min(512).max(65536),
  points: z.array(PointSchema).min(1),
});

export type Manifest = z.infer<typeof ManifestSchema>;
export type RestorePoint = Manifest["points"][number];

/** A backup object or manifest that is not what this code wrote. */
export class BackupFormatError extends Error {
  override name = "BackupFormatError";
}

export function parseManifest(bytes: Uint8Array, key: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(bytes).toString("utf8"));
  } catch {
    throw new BackupFormatError(`The backup manifest ${key} is not JSON.`);
  }
  const parsed = ManifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupFormatError(`The backup manifest ${key} is not a manifest: ${parsed.error.issues[0]?.message}`);
  const { points } = parsed.data;
  if (points.some((point, i) => point.seq !== i)) throw new BackupFormatError(`The backup manifest ${key} has a gap in its points.`);
  return parsed.data;
}

export const manifestBytes = (manifest: Manifest) => new TextEncoder().encode(JSON.stringify(manifest, null, 1));

// ---- Deltas ----------------------------------------------------------------------------------------------------
// A delta, before gzip: a 24-byte header ("INKPAGES", version 1, page size, page count after it, 0), then for each
// changed page its number (u32, from 1) and its bytes, then a trailer: 0 and the number of pages (u32 each). All
// integers big-endian. The snapshot thread (snapshot-thread.server.ts) writes it; DeltaReader reads it.

export const DELTA_MAGIC = "INKPAGES";
export const DELTA_HEADER_BYTES = 24;

export type DeltaPage = { pgno: number; data: Buffer };

/**
 * Reads a delta as its bytes arrive (gunzipped), so a large one never has to be held whole: push() each chunk and
 * take the complete pages it returns; end() checks the trailer. Anything else than a whole, well-formed delta of
 * the expected page size throws BackupFormatError.
 */
export class DeltaReader {
  private pending: Buffer = Buffer.alloc(0);
  private header: { pageSize: number; pageCount: number } | null = null;
  private pages = 0;
  private done = false;

  constructor(private readonly expectedPageSize: number) {}

  get pageCount() {
    if (!this.header) throw new BackupFormatError("The delta has no header.");
    return this.header.pageCount;
  }

  push(chunk: Buffer): DeltaPage[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: DeltaPage[] = [];
    for (;;) {
      if (!this.header) {
        if (this.pending.length < DELTA_HEADER_BYTES) return out;
        this.readHeader();
        continue;
      }
      if (this.done) {
        if (this.pending.length) throw new BackupFormatError("The delta goes on after its trailer.");
        return out;
      }
      if (this.pending.length < 4) return out;
      const pgno = this.pending.readUInt32BE(0);
      if (pgno === 0) {
        if (this.pending.length < 8) return out;
        const count = this.pending.readUInt32BE(4);
        if (count !== this.pages) throw new BackupFormatError(`The delta says ${count} pages but holds ${this.pages}.`);
        this.done = true;
        this.pending = this.pending.subarray(8);
        continue;
      }
      const { pageSize, pageCount } = this.header;
      if (pgno > pageCount) throw new BackupFormatError(`The delta holds page ${pgno} of a database of ${pageCount} pages.`);
      if (this.pending.length < 4 + pageSize) return out;
      out.push({ pgno, data: Buffer.from(this.pending.subarray(4, 4 + pageSize)) });
      this.pages++;
      this.pending = this.pending.subarray(4 + pageSize);
    }
  }

  end() {
    if (!this.done) throw new BackupFormatError("The delta ends before its trailer: it is cut short.");
    return { pages: this.pages, pageCount: this.pageCount };
  }

  private readHeader() {
    const head = this.pending.subarray(0, DELTA_HEADER_BYTES);
    if (head.toString("latin1", 0, 8) !== DELTA_MAGIC || head.readUInt32BE(8) !== 1)
      throw new BackupFormatError("This is not a delta of database pages.");
    const pageSize = head.readUInt32BE(12);
    if (pageSize !== this.expectedPageSize)
      throw new BackupFormatError(`The delta's pages are ${pageSize} bytes, its chain's ${this.expectedPageSize}.`);
    this.header = { pageSize, pageCount: head.readUInt32BE(16) };
    this.pending = this.pending.subarray(DELTA_HEADER_BYTES);
  }
}

// ---- Choosing and keeping points --------------------------------------------------------------------------------

/**
 * The point a restore goes to: the newest at or before `at` (the newest of all without it), with its chain.
 * Manifests in any order; null when none is old enough.
 */
export function choosePoint(manifests: Manifest[], at?: Date) {
  const limit = at?.getTime() ?? Infinity;
  const chains = [...manifests].sort((a, b) => (a.chain < b.chain ? 1 : -1));
  for (const manifest of chains) {
    const points = manifest.points.filter((point) => Date.parse(point.at) <= limit);
    if (points.length) return { manifest, point: points[points.length - 1]! };
  }
  return null;
}

export type RetentionPolicy = {
  /** Every point of the chains that cover this recent stretch stays (24 hours). */
  everyPointMs: number;
  /** Before it, the first base of each UTC day stays, without its deltas, for this many days. */
  dailyDays: number;
};

/**
 * What to prune: chains to delete whole, and chains to trim to their base. A chain covers the time from its base
 * to the next chain's base; the chains that cover any of the last `everyPointMs` keep every point, the newest
 * always. Older ones keep their base when it is the first of its UTC day within `dailyDays`, and go otherwise.
 */
export function planRetention(manifests: Manifest[], now: Date, policy: RetentionPolicy) {
  const chains = [...manifests].sort((a, b) => (a.chain < b.chain ? -1 : 1));
  const recentFrom = now.getTime() - policy.everyPointMs;
  const dailyFrom = now.getTime() - policy.dailyDays * 86_400_000;
  const remove: string[] = [];
  const trim: string[] = [];
  const daysKept = new Set<string>();
  chains.forEach((manifest, i) => {
    const next = chains[i + 1];
    if (!next || Date.parse(next.points[0]!.at) > recentFrom) return;
    const baseAt = manifest.points[0]!.at;
    const day = baseAt.slice(0, 10);
    if (Date.parse(baseAt) >= dailyFrom && !daysKept.has(day)) {
      daysKept.add(day);
      if (manifest.points.length > 1) trim.push(manifest.chain);
    } else remove.push(manifest.chain);
  });
  return { remove, trim };
}
