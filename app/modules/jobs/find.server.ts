import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import type { JobName, JobPayloads } from "./queue.server";

/**
 * How an area asks about its own queued work (a link check of a site, a live check of a publication) without
 * knowing how the queue stores payloads: by job name and payload values, typed by JobPayloads.
 */

type PayloadMatch<N extends JobName> = Partial<Record<keyof JobPayloads[N] & string, string>>;

function jobsWith<N extends JobName>(db: DB, name: N, match: PayloadMatch<N>) {
  let query = db.selectFrom("jobs").where("name", "=", name);
  for (const [field, value] of Object.entries(match) as [string, string][])
    query = query.where(sql<string>`json_extract(payload, ${sql.lit(`$.${field}`)})`, "=", value);
  return query;
}

/** Whether such a job is waiting or under way. */
export async function hasActiveJob<N extends JobName>(db: DB, name: N, match: PayloadMatch<N>) {
  const row = await jobsWith(db, name, match).select("id").where("status", "in", ["queued", "running"]).executeTakeFirst();
  return Boolean(row);
}

/** When the newest such job was enqueued after `since` (ISO), if one was, whatever its state now. */
export async function lastJobEnqueuedSince<N extends JobName>(db: DB, name: N, match: PayloadMatch<N>, since: string) {
  const row = await jobsWith(db, name, match)
    .select("created_at")
    .where("created_at", ">", since)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.created_at;
}

/** Of these values of one payload field, the ones a job of this name is waiting for or working on. */
export async function valuesWithActiveJob<N extends JobName>(
  db: DB,
  name: N,
  field: keyof JobPayloads[N] & string,
  values: readonly string[],
) {
  if (!values.length) return new Set<string>();
  const value = sql<string>`json_extract(payload, ${sql.lit(`$.${field}`)})`;
  const rows = await db
    .selectFrom("jobs")
    .select(value.as("value"))
    .where("name", "=", name)
    .where("status", "in", ["queued", "running"])
    .where(value, "in", values)
    .execute();
  return new Set(rows.map((row) => row.value));
}
