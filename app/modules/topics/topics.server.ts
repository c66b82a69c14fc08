import { sql } from "kysely";
import type { DB } from "#app/db/client.server";
import { newId } from "#app/utils/crypto.server";
import { isoNow } from "#app/utils/time";
import type { TopicInput } from "./schema";

/** A site's content topics (docs/product.md "Topics"). Every call is scoped by site. */

export type Topic = {
  id: string;
  name: string;
  description: string;
  keywords: string[];
  category: string;
  color: string;
  createdAt: string;
  articleCount: number;
};

function parseKeywords(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** The site's topics, newest first, each with its related article count, in one query. */
export async function listTopics(db: DB, siteId: string): Promise<Topic[]> {
  const rows = await db
    .selectFrom("topics as t")
    .leftJoin("articles as a", (join) => join.onRef("a.topic_id", "=", "t.id").onRef("a.site_id", "=", "t.site_id"))
    .where("t.site_id", "=", siteId)
    .select(["t.id", "t.name", "t.description", "t.keywords", "t.category", "t.color", "t.created_at"])
    .select((eb) => eb.fn.count<number>("a.id").as("article_count"))
    .groupBy("t.id")
    .orderBy("t.created_at", "desc")
    .orderBy(sql`t.rowid`, "desc")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    keywords: parseKeywords(r.keywords),
    category: r.category,
    color: r.color,
    createdAt: r.created_at,
    articleCount: Number(r.article_count),
  }));
}

/** One topic of the site, or undefined (also for another site's id). */
export async function getTopic(db: DB, siteId: string, id: string) {
  const row = await db.selectFrom("topics").selectAll().where("site_id", "=", siteId).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    keywords: parseKeywords(row.keywords),
    category: row.category,
    color: row.color,
  };
}

function columns(input: TopicInput) {
  return {
    name: input.name,
    description: input.description,
    keywords: JSON.stringify(input.keywords),
    category: input.category,
    color: input.color,
  };
}

export async function createTopic(db: DB, siteId: string, input: TopicInput) {
  const id = newId();
  const now = isoNow();
  await db
    .insertInto("topics")
    .values({ id, site_id: siteId, ...columns(input), created_at: now, updated_at: now })
    .execute();
  return id;
}

/** False when the site has no such topic (nothing changed). */
export async function updateTopic(db: DB, siteId: string, id: string, input: TopicInput) {
  const result = await db
    .updateTable("topics")
    .set({ ...columns(input), updated_at: isoNow() })
    .where("site_id", "=", siteId)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** False when the site has no such topic. Its articles stay; their topic_id is cleared by the foreign key. */
export async function deleteTopic(db: DB, siteId: string, id: string) {
  const result = await db.deleteFrom("topics").where("site_id", "=", siteId).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
