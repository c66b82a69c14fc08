import { createRequire } from "node:module";
import { sql } from "kysely";
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from "rate-limiter-flexible";
import { getDb, type DB } from "#app/db/client.server";
import { replayOnPrimary } from "#app/db/replica.server";

/**
 * Limits counted in the database, so every process and machine shares one count: N web processes never give a
 * client N times its limit (docs/decisions/080-replicas-and-processes.md). The counting is rate-limiter-flexible's
 * (consume, reward, block, its SQL stores' one-statement upsert); only where the counters live is ours. Each call
 * is one statement on the process's connection, through Kysely's queue, so it never lands inside another
 * request's open transaction. A caller inside its own transaction passes it (`{ db: trx }` in the options of
 * consume): the connection's queue waits for that transaction, so a count outside it would wait forever.
 */

// The library's base class of its database stores (RateLimiterSQLite and the others extend it); its index does
// not export it, its types do.
const require = createRequire(import.meta.url);
const RateLimiterStoreAbstract = require("rate-limiter-flexible/lib/RateLimiterStoreAbstract") as typeof StoreAbstract;

type Counter = { points: number; expire: number | null };
/** What rate-limiter-flexible passes through from consume/get/delete's options. */
export type LimitOptions = { db?: DB };
const dbOf = (options: LimitOptions | undefined) => options?.db ?? getDb();
type Rule = { points: number; duration: number };

export class RateLimiterDatabase extends RateLimiterStoreAbstract {
  constructor(options: Rule & { keyPrefix: string }) {
    super({ ...options, storeClient: "database" });
  }

  _getRateLimiterRes(_key: string, changedPoints: number, counter: Counter) {
    const first = changedPoints === counter.points;
    const consumed = first ? changedPoints : counter.points;
    const remaining = Math.max((this as unknown as Rule).points - consumed, 0);
    return new RateLimiterRes(remaining, counter.expire ? Math.max(counter.expire - Date.now(), 0) : -1, consumed, first);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false, options?: LimitOptions): Promise<Counter> {
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    // A count on a read replica (a limited GET) is made on the primary, where the whole request runs again.
    if (replayOnPrimary("counting a limit")) return { points, expire };
    const { rows } = forceExpire
      ? await sql<Counter>`INSERT OR REPLACE INTO rate_limits (key, points, expire) VALUES (${key}, ${points}, ${expire})
          RETURNING points, expire`.execute(dbOf(options))
      : await sql<Counter>`INSERT INTO rate_limits (key, points, expire) VALUES (${key}, ${points}, ${expire})
          ON CONFLICT (key) DO UPDATE SET
            points = CASE WHEN expire IS NULL OR expire > ${now} THEN points + excluded.points ELSE excluded.points END,
            expire = CASE WHEN expire IS NULL OR expire > ${now} THEN expire ELSE excluded.expire END
          RETURNING points, expire`.execute(dbOf(options));
    return rows[0]!;
  }

  async _get(key: string, options?: LimitOptions): Promise<Counter | null> {
    const { rows } = await sql<Counter>`SELECT points, expire FROM rate_limits
      WHERE key = ${key} AND (expire IS NULL OR expire > ${Date.now()})`.execute(dbOf(options));
    return rows[0] ?? null;
  }

  async _delete(key: string, options?: LimitOptions): Promise<boolean> {
    if (replayOnPrimary("clearing a limit")) return false;
    const result = await dbOf(options).deleteFrom("rate_limits").where("key", "=", key).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}

/** Housekeeping: counters whose window has ended count nothing any more. */
export async function purgeExpiredLimits(db: DB, now = new Date()) {
  await db.deleteFrom("rate_limits").where("expire", "<", now.getTime()).execute();
  await db
    .deleteFrom("requests_in_flight")
    .where("started_at", "<", now.getTime() - STALE_REQUEST_MS)
    .execute();
}

/**
 * A form post under way longer than this is not counted: its process stopped without taking its row back (a
 * crash). No post runs this long: every route's body and work are bounded far below it.
 */
const STALE_REQUEST_MS = 5 * 60_000;

/**
 * Counts one more post under way for a client when it has fewer than `max` (across every process): the row's id
 * to give back when it ends, or null when the client is at its limit. One statement, so two processes cannot
 * both take the last place.
 */
export async function admitRequest(db: DB, client: string, max: number, now = Date.now()): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`INSERT INTO requests_in_flight (client, started_at)
    SELECT ${client}, ${now}
    WHERE (SELECT count(*) FROM requests_in_flight WHERE client = ${client} AND started_at > ${now - STALE_REQUEST_MS}) < ${max}
    RETURNING id`.execute(db);
  return rows[0]?.id ?? null;
}

export async function finishRequest(db: DB, id: number) {
  await db.deleteFrom("requests_in_flight").where("id", "=", id).execute();
}
